import { escapeAttribute, escapeText } from "#server/modules/content-import/html-text.ts";

/**
 * A WordPress post's body made into the HTML Beranda stores (before the
 * sanitiser, which every import passes through): block comments removed with
 * their HTML kept, classic content given its paragraphs, `[caption]` made a
 * figure, `[gallery]` the images it names, `[embed]` and bare video URLs a
 * link, and any other shortcode kept as visible text and reported.
 */

export type ContentReport = {
  /** Shortcode names left as text, e.g. "contact-form-7". */
  unknownShortcodes: string[];
  /** Gallery attachment ids not found in the export. */
  missingGalleryIds: number[];
};

export type ContentContext = {
  /** An attachment's URL by its WordPress post id (for `[gallery ids]`). */
  attachmentUrl: (id: number) => string | undefined;
  /** An attachment's caption or title, for a gallery image's alt text. */
  attachmentAlt?: (id: number) => string | undefined;
};

const BLOCK_COMMENT = /<!--\s*\/?wp:[a-z0-9/-]+(\s+\{[\s\S]*?\})?\s*\/?-->/gi;

export function isBlockContent(html: string): boolean {
  return /<!--\s*wp:/i.test(html);
}

export function convertWordPressContent(
  raw: string,
  context: ContentContext,
): { html: string; report: ContentReport } {
  const report: ContentReport = { unknownShortcodes: [], missingGalleryIds: [] };
  const blocks = isBlockContent(raw);
  let html = raw.replace(/\r\n?/g, "\n");
  if (blocks) html = html.replace(BLOCK_COMMENT, "");
  html = replaceShortcodes(html, context, report);
  html = blocks ? html.trim() : autoParagraphs(html);
  html = linkBareVideoUrls(html);
  return { html, report };
}

// --- shortcodes -------------------------------------------------------------

const SHORTCODE = /\[(\[?)([a-zA-Z][\w-]*)(\s[^\]]*?)?(\/)?\](?:([\s\S]*?)\[\/\2\])?(\]?)/g;

export function parseShortcodeAttributes(text: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (!text) return attributes;
  const pattern = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;
  for (const match of text.matchAll(pattern)) {
    attributes[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return attributes;
}

function replaceShortcodes(html: string, context: ContentContext, report: ContentReport): string {
  return html.replace(
    SHORTCODE,
    (
      whole,
      openEscape: string,
      name: string,
      attrs: string | undefined,
      _self,
      inner: string | undefined,
      closeEscape: string,
    ) => {
      // [[name]] is WordPress's escape for a literal shortcode.
      if (openEscape && closeEscape) return whole.slice(1, -1);
      const attributes = parseShortcodeAttributes(attrs);
      switch (name.toLowerCase()) {
        case "caption":
        case "wp_caption":
          return caption(inner ?? "", attributes);
        case "gallery":
          return gallery(attributes, context, report);
        case "embed":
          return videoOrLink((inner ?? attributes.src ?? "").trim());
        case "video":
        case "audio": {
          const src = attributes.src ?? attributes.mp4 ?? attributes.mp3 ?? "";
          return src ? `<p><a href="${escapeAttribute(src)}">${escapeText(src)}</a></p>` : "";
        }
        default:
          if (!report.unknownShortcodes.includes(name)) report.unknownShortcodes.push(name);
          return whole;
      }
    },
  );
}

function caption(inner: string, attributes: Record<string, string>): string {
  // The image (possibly inside a link) first, the rest is the caption text.
  const image = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  const media = image?.[1] ?? "";
  const text = (attributes.caption ?? image?.[2] ?? inner).trim();
  if (!media) return text ? `<p>${text}</p>` : "";
  return `<figure>${media}${text ? `<figcaption>${text}</figcaption>` : ""}</figure>`;
}

function gallery(
  attributes: Record<string, string>,
  context: ContentContext,
  report: ContentReport,
): string {
  const ids = (attributes.ids ?? attributes.include ?? "")
    .split(",")
    .map((id) => Number.parseInt(id.trim(), 10))
    .filter((id) => Number.isFinite(id) && id > 0);
  const figures: string[] = [];
  for (const id of ids) {
    const url = context.attachmentUrl(id);
    if (!url) {
      report.missingGalleryIds.push(id);
      continue;
    }
    const alt = context.attachmentAlt?.(id) ?? "";
    figures.push(
      `<figure><img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}"></figure>`,
    );
  }
  return figures.join("\n");
}

// --- embeds -------------------------------------------------------------------

const VIDEO_URL =
  /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|shorts\/|embed\/)[\w-]+[^\s<]*|youtu\.be\/[\w-]+[^\s<]*|vimeo\.com\/(?:video\/)?\d+[^\s<]*|player\.vimeo\.com\/video\/\d+[^\s<]*)$/i;

/**
 * A video address as a link with its own paragraph: the site's content policy
 * allows no frames in posts (decisions/016), so a reader follows the link.
 */
function videoOrLink(url: string): string {
  if (!/^https?:\/\//i.test(url)) return escapeText(url);
  const label = VIDEO_URL.test(url) ? `Watch the video: ${url}` : url;
  return `<p><a href="${escapeAttribute(url)}">${escapeText(label)}</a></p>`;
}

/** A YouTube or Vimeo address alone on its line (WordPress's auto-embed) becomes a link. */
function linkBareVideoUrls(html: string): string {
  return html.replace(
    /(^|<p>|\n)\s*(https?:\/\/[^\s<]+)\s*(?=<\/p>|\n|$)/g,
    (whole, before: string, url: string) => {
      if (!VIDEO_URL.test(url)) return whole;
      const link = videoOrLink(url);
      return before === "<p>" ? `<p>${link.slice(3, -4)}` : `${before}${link}`;
    },
  );
}

// --- paragraphs ---------------------------------------------------------------

const BLOCK_TAGS =
  "address|article|aside|blockquote|details|div|dl|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul";
const STARTS_BLOCK = new RegExp(`^\\s*<(?:${BLOCK_TAGS})\\b`, "i");
const ENDS_BLOCK = new RegExp(`</(?:${BLOCK_TAGS})>\\s*$`, "i");

/**
 * Classic editor content as WordPress shows it: text separated by a blank
 * line is a paragraph, a single line break inside one is `<br>`, and blocks
 * (lists, headings, tables, figures) stay as they are. `<pre>` keeps its
 * line breaks.
 */
export function autoParagraphs(text: string): string {
  const preserved: string[] = [];
  let html = text.replace(/<pre\b[\s\S]*?<\/pre>/gi, (pre) => {
    preserved.push(pre);
    return `\uE000${preserved.length - 1}\uE000`;
  });
  // Blocks start and end their own chunks.
  html = html
    .replace(new RegExp(`(<(?:${BLOCK_TAGS})\\b[^>]*>)`, "gi"), "\n\n$1")
    .replace(new RegExp(`(</(?:${BLOCK_TAGS})>)`, "gi"), "$1\n\n");
  const chunks = html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const chunk of chunks) {
    if (/^\uE000\d+\uE000$/.test(chunk) || STARTS_BLOCK.test(chunk) || ENDS_BLOCK.test(chunk)) {
      out.push(chunk);
    } else {
      out.push(`<p>${chunk.replace(/\s*\n\s*/g, "<br>\n")}</p>`);
    }
  }
  return out
    .join("\n")
    .replace(/\uE000(\d+)\uE000/g, (_, index: string) => preserved[Number(index)] ?? "");
}
