import { createRequire } from "node:module";
import type sanitizeHtml from "sanitize-html";
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  IMAGE_SCHEMES,
  LINK_SCHEMES,
} from "#common/html-allowlist.ts";

/**
 * Stored rich text (a post's or a page's body) keeps only the shared
 * allowlist: structure, emphasis, links and images. Scripts, styles, event
 * handlers, iframes and javascript: URLs never survive. One sanitiser for
 * every body the site renders as HTML, on save, import and restore alike.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { ...ALLOWED_ATTRIBUTES, code: ["class"] },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external
          ? {
              ...attribs,
              rel: "noopener noreferrer",
              ...(attribs.target ? { target: "_blank" } : {}),
            }
          : attribs,
      };
    },
  },
};

// sanitize-html (with postcss) is a tenth of the server's start-up time, and
// only a save needs it: loaded on the first save.
let sanitizer: typeof sanitizeHtml | undefined;

export function sanitizeRichText(html: string): string {
  sanitizer ??= createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtml;
  return sanitizer(html, OPTIONS).trim();
}
