import type { Readable } from "node:stream";
import { decodeHTML } from "entities";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { decodeText } from "#server/modules/content-import/decode-stream.ts";
import { ImportFileError } from "#server/modules/content-import/import-errors.ts";

/** An author as `wp:author` lists it. */
export type WxrAuthor = {
  id: number | null;
  login: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
};

/** A category or tag from the channel's term lists. */
export type WxrTerm = {
  kind: "category" | "tag";
  slug: string;
  name: string;
  parentSlug: string;
  description: string;
};

/** A term an item is filed under (`<category domain="post_tag" nicename="x">X</category>`). */
export type WxrItemTerm = { domain: string; slug: string; name: string };

/** One `<item>`: a post, page, attachment or anything else WordPress exported. */
export type WxrItem = {
  id: number;
  type: string;
  status: string;
  title: string;
  link: string;
  guid: string;
  slug: string;
  parentId: number;
  menuOrder: number;
  creator: string;
  /** `wp:post_date_gmt` ("0000-00-00 00:00:00" for drafts never published: null). */
  dateGmt: string | null;
  /** `wp:post_date`, the site's local time. */
  date: string | null;
  pubDate: string | null;
  content: string;
  excerpt: string;
  password: string;
  sticky: boolean;
  terms: WxrItemTerm[];
  meta: Record<string, string>;
  attachmentUrl: string;
};

export type WxrSite = {
  title: string;
  link: string;
  baseSiteUrl: string;
  baseBlogUrl: string;
  wxrVersion: string;
};

export type WxrEvent =
  | { type: "site"; site: WxrSite }
  | { type: "author"; author: WxrAuthor }
  | { type: "term"; term: WxrTerm }
  | { type: "item"; item: WxrItem }
  | { type: "warning"; message: string };

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
        slug: String(tag.attributes.nicename ?? ""),
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

  try {
    for await (const chunk of decodeText(input)) {
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

function notWxr() {
  return new ImportFileError(
    "This file is not a WordPress export: choose the .xml file from WordPress's Tools → Export.",
  );
}

function emptyItem(): WxrItem {
  return {
    id: 0,
    type: "post",
    status: "draft",
    title: "",
    link: "",
    guid: "",
    slug: "",
    parentId: 0,
    menuOrder: 0,
    creator: "",
    dateGmt: null,
    date: null,
    pubDate: null,
    content: "",
    excerpt: "",
    password: "",
    sticky: false,
    terms: [],
    meta: {},
    attachmentUrl: "",
  };
}

const EMPTY_DATE = /^0000-00-00/;

function readItemField(item: WxrItem, name: string, value: string) {
  const v = value.trim();
  switch (name) {
    case "title":
      item.title = decodeHTML(v);
      break;
    case "link":
      item.link = v;
      break;
    case "guid":
      item.guid = v;
      break;
    case "pubDate":
      item.pubDate = v || null;
      break;
    case "dc:creator":
      item.creator = v;
      break;
    case "content:encoded":
      item.content = value;
      break;
    case "excerpt:encoded":
      item.excerpt = value;
      break;
    case "wp:post_id":
      item.id = Number.parseInt(v, 10) || 0;
      break;
    case "wp:post_date":
      item.date = v && !EMPTY_DATE.test(v) ? v : null;
      break;
    case "wp:post_date_gmt":
      item.dateGmt = v && !EMPTY_DATE.test(v) ? v : null;
      break;
    case "wp:post_name":
      item.slug = decodeURIComponentSafe(v);
      break;
    case "wp:status":
      item.status = v;
      break;
    case "wp:post_parent":
      item.parentId = Number.parseInt(v, 10) || 0;
      break;
    case "wp:menu_order":
      item.menuOrder = Number.parseInt(v, 10) || 0;
      break;
    case "wp:post_type":
      item.type = v;
      break;
    case "wp:post_password":
      item.password = v;
      break;
    case "wp:is_sticky":
      item.sticky = v === "1";
      break;
    case "wp:attachment_url":
      item.attachmentUrl = v;
      break;
  }
}

function readAuthorField(author: WxrAuthor, name: string, value: string) {
  const v = value.trim();
  if (name === "wp:author_id") author.id = Number.parseInt(v, 10) || null;
  else if (name === "wp:author_login") author.login = v;
  else if (name === "wp:author_email") author.email = v;
  else if (name === "wp:author_display_name") author.displayName = decodeHTML(v);
  else if (name === "wp:author_first_name") author.firstName = decodeHTML(v);
  else if (name === "wp:author_last_name") author.lastName = decodeHTML(v);
}

function readTermField(term: WxrTerm & { taxonomy?: string }, name: string, value: string) {
  const v = value.trim();
  if (name === "wp:category_nicename" || name === "wp:tag_slug" || name === "wp:term_slug")
    term.slug = decodeURIComponentSafe(v);
  else if (name === "wp:cat_name" || name === "wp:tag_name" || name === "wp:term_name")
    term.name = decodeHTML(v);
  else if (name === "wp:category_parent" || name === "wp:term_parent")
    term.parentSlug = decodeURIComponentSafe(v);
  else if (
    name === "wp:category_description" ||
    name === "wp:tag_description" ||
    name === "wp:term_description"
  )
    term.description = decodeHTML(v);
  else if (name === "wp:term_taxonomy") term.taxonomy = v;
}

/** Slugs with non-ASCII letters are percent-encoded in WXR (`caf%c3%a9`). */
function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
