import { marked } from "marked";
import { escapeAttribute, escapeText } from "#server/modules/content-import/html-text.ts";

/**
 * Ghost's editor documents rendered to HTML, for posts whose export carries
 * no `html` (Ghost keeps the document as Lexical since 5.x, as mobiledoc
 * before). Cards without a counterpart in Beranda's content (signup forms,
 * products, paywalls) are left out and named in `skipped`.
 */
export type RenderResult = { html: string; skipped: string[] };

type LexicalNode = {
  type?: string;
  children?: LexicalNode[];
  text?: string;
  format?: number | string;
  tag?: string;
  listType?: string;
  url?: string;
  [key: string]: unknown;
};

const FORMAT_TAGS: [number, string][] = [
  [1, "strong"],
  [2, "em"],
  [4, "s"],
  [8, "u"],
  [16, "code"],
  [32, "sub"],
  [64, "sup"],
];

export function renderLexical(source: string): RenderResult {
  const skipped: string[] = [];
  let document: { root?: LexicalNode };
  try {
    document = JSON.parse(source);
  } catch {
    return { html: "", skipped: ["lexical (not valid JSON)"] };
  }
  const html = (document.root?.children ?? [])
    .map((node) => lexicalBlock(node, skipped))
    .filter(Boolean)
    .join("\n");
  return { html, skipped };
}

function lexicalInline(nodes: LexicalNode[] | undefined, skipped: string[]): string {
  return (nodes ?? [])
    .map((node) => {
      switch (node.type) {
        case "text":
        case "extended-text": {
          let out = escapeText(node.text ?? "");
          const format = typeof node.format === "number" ? node.format : 0;
          for (const [bit, tag] of FORMAT_TAGS) if (format & bit) out = `<${tag}>${out}</${tag}>`;
          return out;
        }
        case "linebreak":
          return "<br>";
        case "link":
        case "autolink":
          return `<a href="${escapeAttribute(String(node.url ?? ""))}">${lexicalInline(node.children, skipped)}</a>`;
        default:
          return lexicalInline(node.children, skipped);
      }
    })
    .join("");
}

function lexicalBlock(node: LexicalNode, skipped: string[]): string {
  const inline = () => lexicalInline(node.children, skipped);
  switch (node.type) {
    case "paragraph":
    case "extended-paragraph": {
      const content = inline();
      return content ? `<p>${content}</p>` : "";
    }
    case "heading":
    case "extended-heading": {
      const tag = /^h[1-6]$/.test(String(node.tag)) ? node.tag : "h2";
      return `<${tag}>${inline()}</${tag}>`;
    }
    case "quote":
    case "aside":
      return `<blockquote><p>${inline()}</p></blockquote>`;
    case "list": {
      const tag = node.listType === "number" ? "ol" : "ul";
      const items = (node.children ?? [])
        .map((item) => {
          const nested = (item.children ?? []).filter((child) => child.type === "list");
          const text = lexicalInline(
            (item.children ?? []).filter((child) => child.type !== "list"),
            skipped,
          );
          return `<li>${text}${nested.map((list) => lexicalBlock(list, skipped)).join("")}</li>`;
        })
        .join("");
      return `<${tag}>${items}</${tag}>`;
    }
    case "horizontalrule":
      return "<hr>";
    case "codeblock": {
      const language = String(node.language ?? "").replace(/[^a-z0-9-]/gi, "");
      return `<pre><code${language ? ` class="language-${language}"` : ""}>${escapeText(String(node.code ?? ""))}</code></pre>`;
    }
    case "image":
      return figure(String(node.src ?? ""), String(node.alt ?? ""), String(node.caption ?? ""));
    case "gallery":
      return ((node.images as { src?: string; alt?: string; caption?: string }[] | undefined) ?? [])
        .map((image) => figure(image.src ?? "", image.alt ?? "", image.caption ?? ""))
        .join("\n");
    case "html":
      return String(node.html ?? "");
    case "markdown":
      return marked.parse(String(node.markdown ?? ""), { async: false }).trim();
    case "embed":
    case "bookmark": {
      const url = String(node.url ?? "");
      const title = String((node.metadata as { title?: string } | undefined)?.title ?? url);
      return url ? `<p><a href="${escapeAttribute(url)}">${escapeText(title)}</a></p>` : "";
    }
    case "callout":
      return `<blockquote><p>${escapeText(stripTags(String(node.calloutText ?? "")))}</p></blockquote>`;
    case "button": {
      const url = String(node.buttonUrl ?? "");
      return url
        ? `<p><a href="${escapeAttribute(url)}">${escapeText(String(node.buttonText ?? url))}</a></p>`
        : "";
    }
    case "toggle":
      return `<h3>${escapeText(stripTags(String(node.heading ?? "")))}</h3>\n<p>${escapeText(stripTags(String(node.content ?? "")))}</p>`;
    default:
      if (node.children) return `<p>${inline()}</p>`;
      if (!skipped.includes(String(node.type))) skipped.push(String(node.type));
      return "";
  }
}

type MobiledocMarker = [number, number[], number, string | number];
type Mobiledoc = {
  atoms?: [string, string, unknown][];
  cards?: [string, Record<string, unknown>][];
  markups?: [string, string[]?][];
  sections?: unknown[][];
};

export function renderMobiledoc(source: string): RenderResult {
  const skipped: string[] = [];
  let doc: Mobiledoc;
  try {
    doc = JSON.parse(source);
  } catch {
    return { html: "", skipped: ["mobiledoc (not valid JSON)"] };
  }
  const markups = doc.markups ?? [];
  const markers = (list: MobiledocMarker[]) => {
    let out = "";
    const open: string[] = [];
    for (const [kind, opened, closed, value] of list) {
      for (const index of opened) {
        const [tag, attributes = []] = markups[index] ?? ["span"];
        const safeTag = /^[a-z][a-z0-9]*$/i.test(tag) ? tag.toLowerCase() : "span";
        let attrs = "";
        for (let i = 0; i + 1 < attributes.length; i += 2) {
          attrs += ` ${attributes[i]}="${escapeAttribute(String(attributes[i + 1]))}"`;
        }
        out += `<${safeTag}${attrs}>`;
        open.push(safeTag);
      }
      if (kind === 0) out += escapeText(String(value));
      else {
        const atom = doc.atoms?.[Number(value)];
        if (atom?.[0] === "soft-return") out += "<br>";
        else if (atom) out += escapeText(String(atom[1] ?? ""));
      }
      for (let i = 0; i < closed; i++) out += `</${open.pop()}>`;
    }
    return out;
  };
  const parts: string[] = [];
  for (const section of doc.sections ?? []) {
    const type = section[0];
    if (type === 1) {
      const tag = String(section[1]).toLowerCase();
      const safe = /^(p|h[1-6]|blockquote|aside|pull-quote)$/.test(tag) ? tag : "p";
      const element = safe === "aside" || safe === "pull-quote" ? "blockquote" : safe;
      parts.push(`<${element}>${markers(section[2] as MobiledocMarker[])}</${element}>`);
    } else if (type === 3) {
      const tag = section[1] === "ol" ? "ol" : "ul";
      const items = (section[2] as MobiledocMarker[][]).map((item) => `<li>${markers(item)}</li>`);
      parts.push(`<${tag}>${items.join("")}</${tag}>`);
    } else if (type === 10) {
      const card = doc.cards?.[Number(section[1])];
      if (!card) continue;
      const [name, payload] = card;
      const html = mobiledocCard(name, payload);
      if (html === null) {
        if (!skipped.includes(name)) skipped.push(name);
      } else parts.push(html);
    }
  }
  return { html: parts.join("\n"), skipped };
}

function mobiledocCard(name: string, payload: Record<string, unknown>): string | null {
  switch (name) {
    case "image":
      return figure(
        String(payload.src ?? ""),
        String(payload.alt ?? ""),
        String(payload.caption ?? ""),
      );
    case "gallery":
      return (
        (payload.images as { src?: string; alt?: string; caption?: string }[] | undefined) ?? []
      )
        .map((image) => figure(image.src ?? "", image.alt ?? "", image.caption ?? ""))
        .join("\n");
    case "html":
      return String(payload.html ?? "");
    case "markdown":
    case "card-markdown":
      return marked.parse(String(payload.markdown ?? ""), { async: false }).trim();
    case "code": {
      const language = String(payload.language ?? "").replace(/[^a-z0-9-]/gi, "");
      return `<pre><code${language ? ` class="language-${language}"` : ""}>${escapeText(String(payload.code ?? ""))}</code></pre>`;
    }
    case "hr":
      return "<hr>";
    case "embed":
    case "bookmark": {
      const url = String(payload.url ?? "");
      const title = String((payload.metadata as { title?: string } | undefined)?.title ?? url);
      return url ? `<p><a href="${escapeAttribute(url)}">${escapeText(title)}</a></p>` : "";
    }
    default:
      return null;
  }
}

function figure(src: string, alt: string, caption: string): string {
  if (!src) return "";
  return `<figure><img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}">${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, "");
}
