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

/**
 * A URL attribute as browsers read its scheme, and as the server's sanitiser
 * (sanitize-html, through launder's `naughtyHref`) reads it: control
 * characters and spaces removed wherever they are (browsers skip a leading
 * "\u0000" and tabs or newlines inside "java\tscript:"), and HTML comments
 * removed. Checking the raw text would let those through as "no scheme".
 */
export function cleanUrlForSchemeCheck(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those are what we remove
  let href = value.replace(/[\u0000-\u0020]+/g, "");
  for (;;) {
    const start = href.indexOf("<!--");
    if (start === -1) break;
    const end = href.indexOf("-->", start + 4);
    if (end === -1) break;
    href = href.slice(0, start) + href.slice(end + 3);
  }
  return href;
}

/**
 * Whether a link's href (`tag` "a") or an image's src (`tag` "img") may stay:
 * the same answer as the server's sanitiser. Relative URLs are fine;
 * protocol-relative ones ("//host", "/\host") are not.
 */
export function isAllowedUrl(value: string, tag: string): boolean {
  const href = cleanUrlForSchemeCheck(value);
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(href)?.[1]?.toLowerCase();
  if (!scheme) return !/^[/\\]{2}/.test(href);
  const allowed: readonly string[] = tag === "img" ? IMAGE_SCHEMES : LINK_SCHEMES;
  return allowed.includes(scheme);
}
