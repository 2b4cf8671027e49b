import type { MissingImageChoice } from "#common/schemas/imports.ts";
import { escapeAttribute } from "./html-text.ts";
import {
  absoluteUrl,
  attribute,
  decodeEntities,
  originalImageUrl,
  srcsetUrls,
} from "./media-urls.ts";

/**
 * An imported body with its images on our site: each `<img>`, `<source>` and
 * link to an image whose original was downloaded points at our upload (its
 * old `srcset`/`sizes` go: our pages make their own sizes). An image that
 * could not be fetched stays as it was (`keep`) or is taken out with its
 * link (`remove`). `found(original)`: our address, null when it failed,
 * undefined when the importer never looked at it (left alone).
 */
export function rewriteImages(
  html: string,
  base: string,
  found: (original: string) => string | null | undefined,
  missing: MissingImageChoice,
): string {
  const lookUp = (value: string | undefined) => {
    if (!value) return undefined;
    const absolute = absoluteUrl(decodeEntities(value.trim()), base);
    return absolute ? found(originalImageUrl(absolute)) : undefined;
  };
  let out = html.replace(/<(img|source)\b[^>]*>/gi, (tag, name: string) => {
    const isImg = name.toLowerCase() === "img";
    const first = isImg
      ? attribute(tag, "src")
      : srcsetUrls(decodeEntities(attribute(tag, "srcset") ?? ""))[0];
    const ours = lookUp(first);
    if (ours === undefined) return tag;
    if (ours === null) return missing === "remove" ? REMOVED : tag;
    let next = removeAttribute(removeAttribute(tag, "sizes"), "srcset");
    next = isImg ? setAttribute(next, "src", ours) : setAttribute(next, "srcset", ours);
    return next;
  });
  out = out.replace(/<a\b[^>]*>([\s\S]*?)<\/a>/gi, (whole, inner: string) => {
    const open = /^<a\b[^>]*>/i.exec(whole)![0];
    const href = attribute(open, "href");
    if (!href || !/\.(?:jpe?g|png|gif|webp|avif)(?:\?[^"']*)?$/i.test(href)) return whole;
    const ours = lookUp(href);
    if (ours === undefined) return whole;
    if (ours === null) return missing === "remove" ? inner : whole;
    return `${setAttribute(open, "href", ours)}${inner}</a>`;
  });
  if (missing === "remove") {
    // What held only the images taken out goes with them: a figure (its caption
    // too, which would describe nothing) and a paragraph.
    out = out
      .replace(
        /<figure\b[^>]*>\s*(?:<!--removed-image-->\s*)+(?:<figcaption\b[^>]*>[\s\S]*?<\/figcaption>\s*)?<\/figure>/gi,
        "",
      )
      .replace(/<p\b[^>]*>\s*(?:<!--removed-image-->\s*)+<\/p>/gi, "")
      .replaceAll(REMOVED, "")
      .replace(/<figure\b[^>]*>\s*(?:<figcaption\b[^>]*>\s*<\/figcaption>\s*)?<\/figure>/gi, "");
  }
  return out;
}

/** Where an image that could not be fetched stood, until what held only it is gone too. */
const REMOVED = "<!--removed-image-->";

function setAttribute(tag: string, name: string, value: string): string {
  const pattern = new RegExp(`(\\s${name}\\s*=\\s*)(?:"[^"]*"|'[^']*'|[^\\s>]+)`, "i");
  const text = `"${escapeAttribute(value)}"`;
  if (pattern.test(tag)) return tag.replace(pattern, (_, before: string) => `${before}${text}`);
  return tag.replace(/\s*\/?>$/, (end) => ` ${name}=${text}${end}`);
}

function removeAttribute(tag: string, name: string): string {
  return tag.replace(new RegExp(`\\s${name}\\s*=\\s*(?:"[^"]*"|'[^']*'|[^\\s>]+)`, "gi"), "");
}
