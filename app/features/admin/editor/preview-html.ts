/**
 * A browser-side allowlist for the editor preview, mirroring the server's
 * sanitiser (server/modules/posts/sanitize.ts): what the preview shows is
 * what the saved post can contain, and markup typed in the HTML editor
 * never runs.
 */
const ALLOWED_TAGS = new Set([
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "mark",
  "sub",
  "sup",
  "blockquote",
  "code",
  "pre",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

/** Elements dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "textarea",
  "select",
]);

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading"],
  ol: ["start"],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

function safeUrl(value: string, tag: string): boolean {
  const v = value.trim();
  if (v.startsWith("//")) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  if (!scheme) return true;
  return tag === "img"
    ? scheme === "http" || scheme === "https"
    : ["http", "https", "mailto"].includes(scheme);
}

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? "")];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = [...element.childNodes].flatMap((child) => clean(child, doc));
  if (DROP_WITH_CONTENT.has(tag)) return [];
  if (!ALLOWED_TAGS.has(tag)) return children;
  const out = doc.createElement(tag);
  for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if ((name === "href" || name === "src") && !safeUrl(value, tag)) continue;
    out.setAttribute(name, value);
  }
  if (tag === "a" && out.getAttribute("target")) out.setAttribute("rel", "noopener noreferrer");
  for (const child of children) out.appendChild(child);
  return [out];
}

export function previewHtml(html: string): string {
  if (typeof DOMParser === "undefined") return "";
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const doc = document.implementation.createHTMLDocument("");
  const root = doc.createElement("div");
  for (const node of [...parsed.body.childNodes].flatMap((child) => clean(child, doc))) {
    root.appendChild(node);
  }
  return root.innerHTML;
}
