import type { Readable } from "node:stream";
import { decodeHTML } from "entities";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { decodeText } from "#server/modules/content-import/decode-stream.ts";
import { ImportFileError } from "#server/modules/content-import/import-errors.ts";
import {
  decodeURIComponentSafe,
  emptyItem,
  readAuthorField,
  readItemField,
  readTermField,
  type WxrAuthor,
  type WxrEvent,
  type WxrItem,
  type WxrSite,
  type WxrTerm,
} from "./wxr-fields.ts";

export type {
  WxrAuthor,
  WxrEvent,
  WxrItem,
  WxrItemTerm,
  WxrSite,
  WxrTerm,
} from "./wxr-fields.ts";

/** Recoverable faults real exports have: kept as a warning, the text read as written. */
const RECOVERABLE: [RegExp, string][] = [
  [
    /undefined entity/i,
    "The file uses HTML entities XML does not define (such as &nbsp;); they were read as written.",
  ],
  [
    /disallowed character/i,
    "The file holds control characters XML does not allow; they were kept as written.",
  ],
  [
    /unbound namespace prefix/i,
    "The file uses an undeclared namespace prefix; its elements were read by name.",
  ],
];

/**
 * Reads a WordPress export (WXR 1.0–1.2, plain or gzipped) as a stream of
 * events, element by element, so a 100 MB export never sits in memory: the
 * site, each author, each term, each item. `onEvent` may be async; the next
 * chunk is read only after the events of the last one were handled.
 * Throws ImportFileError for a file that is not WXR, or is cut off.
 */
export async function readWxr(
  input: Readable,
  onEvent: (event: WxrEvent) => void | Promise<void>,
): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const pending: WxrEvent[] = [];
  let fatal: Error | null = null;
  const warned = new Set<string>();

  const path: string[] = [];
  let text = "";
  let sawRoot = false;
  let sawVersion = false;
  let inChannel = false;
  const site: WxrSite = { title: "", link: "", baseSiteUrl: "", baseBlogUrl: "", wxrVersion: "" };
  let siteSent = false;
  let author: WxrAuthor | null = null;
  let term: (WxrTerm & { taxonomy?: string }) | null = null;
  let item: WxrItem | null = null;
  let itemTerm: { domain: string; slug: string } | null = null;
  let meta: { key: string; value: string } | null = null;

  parser.on("error", (error) => {
    const kind = error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "").replace(/\.$/, "");
    const known = RECOVERABLE.find(([pattern]) => pattern.test(kind));
    if (known) {
      if (!warned.has(known[1])) {
        warned.add(known[1]);
        pending.push({ type: "warning", message: known[1] });
      }
      return;
    }
    fatal ??= error;
  });
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const name = tag.name;
    path.push(name);
    text = "";
    if (path.length === 1) {
      if (name !== "rss") fatal ??= notWxr();
      sawRoot = true;
      return;
    }
    if (name === "channel" && path.length === 2) inChannel = true;
    if (!inChannel) return;
    if (name === "item" && path.length === 3) {
      sendSite();
      item = emptyItem();
    } else if (name === "wp:author" && path.length === 3) {
      author = { id: null, login: "", email: "", displayName: "", firstName: "", lastName: "" };
    } else if (
      (name === "wp:category" || name === "wp:tag" || name === "wp:term") &&
      path.length === 3
    ) {
      term = {
        kind: name === "wp:tag" ? "tag" : "category",
        slug: "",
        name: "",
        parentSlug: "",
        description: "",
      };
    } else if (item && name === "category" && path.length === 4) {
      itemTerm = {
        domain: String(tag.attributes.domain ?? "category"),
        slug: decodeURIComponentSafe(String(tag.attributes.nicename ?? "")),
      };
    } else if (item && name === "wp:postmeta") {
      meta = { key: "", value: "" };
    }
  });
  parser.on("text", (chunk) => {
    text += chunk;
  });
  parser.on("cdata", (chunk) => {
    text += chunk;
  });
  parser.on("closetag", (tag) => {
    const name = tag.name;
    const value = text;
    text = "";
    const depth = path.length;
    path.pop();
    if (!inChannel) return;
    if (name === "channel" && depth === 2) {
      inChannel = false;
      sendSite();
      return;
    }
    if (depth === 3 && !item && !author && !term) {
      readSiteField(name, value);
      return;
    }
    if (author) {
      if (name === "wp:author") {
        pending.push({ type: "author", author });
        author = null;
      } else readAuthorField(author, name, value);
      return;
    }
    if (term) {
      if (depth === 3) {
        if (term.taxonomy === "post_tag") term.kind = "tag";
        else if (term.taxonomy && term.taxonomy !== "category") {
          term = null;
          return;
        }
        if (term.slug) {
          const { taxonomy: _, ...plain } = term;
          pending.push({ type: "term", term: plain });
        }
        term = null;
      } else readTermField(term, name, value);
      return;
    }
    if (item) {
      if (depth === 3 && name === "item") {
        pending.push({ type: "item", item });
        item = null;
      } else if (itemTerm && name === "category") {
        item.terms.push({ ...itemTerm, name: decodeHTML(value.trim()) });
        itemTerm = null;
      } else if (meta) {
        if (name === "wp:meta_key") meta.key = value.trim();
        else if (name === "wp:meta_value") meta.value = value;
        else if (name === "wp:postmeta") {
          if (meta.key) item.meta[meta.key] = meta.value;
          meta = null;
        }
      } else if (depth === 4) readItemField(item, name, value);
    }
  });

  function sendSite() {
    if (siteSent) return;
    siteSent = true;
    if (!sawVersion) fatal ??= notWxr();
    pending.push({ type: "site", site });
  }

  function readSiteField(name: string, value: string) {
    const v = value.trim();
    if (name === "title") site.title = decodeHTML(v);
    else if (name === "link") site.link = v;
    else if (name === "wp:base_site_url") site.baseSiteUrl = v;
    else if (name === "wp:base_blog_url") site.baseBlogUrl = v;
    else if (name === "wp:wxr_version") {
      site.wxrVersion = v;
      sawVersion = true;
    }
  }

  // The file's first character: a Ghost export (JSON) sent as WordPress's is named as such.
  let opening = "";
  try {
    for await (const chunk of decodeText(input)) {
      opening ||= chunk.trimStart().slice(0, 1);
      parser.write(chunk);
      if (fatal) break;
      while (pending.length) await onEvent(pending.shift()!);
    }
    if (!fatal) parser.close();
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    fatal ??= error as Error;
  }
  if (fatal) {
    // JSON, whatever the XML parser made of it (its HTML reads as tags).
    if (opening === "{") throw new ImportFileError(LOOKS_LIKE_GHOST);
    if (fatal instanceof ImportFileError) throw fatal;
    if (!sawRoot) throw notWxr();
    throw new ImportFileError(
      /unclosed tag|unexpected end/i.test(fatal.message)
        ? "The file ends too soon: it was cut off while downloading or uploading. Export it again."
        : `The file is not well-formed XML (${fatal.message}).`,
    );
  }
  if (!sawVersion) throw notWxr();
  while (pending.length) await onEvent(pending.shift()!);
}

const LOOKS_LIKE_GHOST =
  "This file is not a WordPress export: it looks like a Ghost export (JSON). Choose Ghost as the source, or the .xml file from WordPress's Tools → Export.";

function notWxr() {
  return new ImportFileError(
    "This file is not a WordPress export: choose the .xml file from WordPress's Tools → Export.",
  );
}
