/** Text helpers shared by pages, forms and services. */

export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, "")
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * The slug of a category's or tag's name; a name with nothing in a-z and 0-9
 * (日本語, Ελληνικά) gets `{kind}-` and a short code of the name, the same for
 * the same name, so such names work wherever a term is created.
 */
export function termSlug(name: string, kind: "category" | "tag"): string {
  const slug = slugify(name);
  if (slug) return slug;
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (const char of name.trim().toLowerCase()) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return `${kind}-${hash.toString(36)}`;
}

/** The text with its first letter upper-cased ("author" → "Author"). */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** Plain text of an HTML fragment, whitespace collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The first `length` characters of the text, with an ellipsis when cut. */
export function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}...`;
}

/** Card excerpt: the stored excerpt, else the first 120 characters of content. */
export function excerptOf(
  post: { excerpt?: string | null; content?: string | null },
  length = 120,
) {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  return truncate(stripHtml(post.content ?? ""), length);
}

// Formatters are costly to create; pages format many values.
const NUMBER_FORMAT = new Intl.NumberFormat("en-US");
const DATE_FORMAT = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

export function formatNumber(value: number | null | undefined): string {
  return NUMBER_FORMAT.format(value ?? 0);
}

/** A count with its noun: "1 message", "3 messages", "2 audit entries" (`many` when not `s`). */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A post's view count as its page says it: "1 view", "0 views", "3,912 views". */
export function viewsText(views: number | null | undefined): string {
  return `${formatNumber(views)} ${views === 1 ? "view" : "views"}`;
}

// Formatting a date is costly and a list shows the same days again and
// again: answers for UTC timestamps are kept by their day (a bounded map).
const DAY_OF_UTC = /^(\d{4}-\d{2}-\d{2})T[\d:.]+Z$/;
const formattedDays = new Map<string, string>();

/** "Nov 21, 2026": the short month format used in lists. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const day = DAY_OF_UTC.exec(iso)?.[1];
  const known = day === undefined ? undefined : formattedDays.get(day);
  if (known !== undefined) return known;
  const text = DATE_FORMAT.format(date);
  if (day !== undefined) {
    if (formattedDays.size >= 4096) formattedDays.clear();
    formattedDays.set(day, text);
  }
  return text;
}

/** "Nov 21, 2026, 3:04 PM": date and time, for admin lists; "" when it is not a date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
