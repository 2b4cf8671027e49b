import { decodeHTML } from "entities";
import { titleText } from "#server/modules/content-import/import-fields.ts";

/**
 * What a WordPress export holds, as the reader hands it on, and how each
 * element's text is read into it (wxr-reader.ts walks the file).
 */

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

export function emptyItem(): WxrItem {
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

export function readItemField(item: WxrItem, name: string, value: string) {
  const v = value.trim();
  switch (name) {
    case "title":
      // Titles may hold markup (WordPress shows `<em>` in a title as emphasis): the text.
      item.title = titleText(v);
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

export function readAuthorField(author: WxrAuthor, name: string, value: string) {
  const v = value.trim();
  if (name === "wp:author_id") author.id = Number.parseInt(v, 10) || null;
  else if (name === "wp:author_login") author.login = v;
  else if (name === "wp:author_email") author.email = v;
  else if (name === "wp:author_display_name") author.displayName = decodeHTML(v);
  else if (name === "wp:author_first_name") author.firstName = decodeHTML(v);
  else if (name === "wp:author_last_name") author.lastName = decodeHTML(v);
}

export function readTermField(term: WxrTerm & { taxonomy?: string }, name: string, value: string) {
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
export function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
