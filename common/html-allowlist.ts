/**
 * What stored post HTML may contain: the server's sanitiser enforces it on
 * every write and the editor's preview applies it in the browser, so the two
 * never disagree.
 */
export const ALLOWED_TAGS = [
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
] as const;

export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading"],
  ol: ["start"],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

/** URL schemes for links; images only over http(s). Relative URLs are always fine. */
export const LINK_SCHEMES = ["http", "https", "mailto"] as const;
export const IMAGE_SCHEMES = ["http", "https"] as const;
