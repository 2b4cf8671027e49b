import {
  fillSeoTemplate,
  fitText,
  isoDate,
  LIMITS,
  plainText,
  UNREADABLE_DATE,
} from "#server/modules/content-import/import-fields.ts";
import type { Report } from "#server/modules/content-import/import-report.ts";
import type { WxrItem } from "./wxr-fields.ts";

/**
 * One WordPress post or page's status, date, excerpt and search fields as
 * Beranda stores them. Private and password-protected items never become
 * public: they come in as drafts and the report says so.
 */

export type ItemState = { status: "draft" | "published" | "scheduled"; publishedAt: string | null };

/** What happens to items of each WordPress status that is not imported at all. */
export const SKIPPED_STATUSES: Record<string, string> = {
  trash: "was in WordPress's trash",
  "auto-draft": "was an empty automatic draft",
  inherit: "was a revision",
};

/**
 * The publish date in UTC: `wp:post_date_gmt`, else the RSS `pubDate` (which
 * carries its zone; WordPress writes 1970 there when it had no GMT date), else
 * `wp:post_date`, the site's local time, read as UTC: its zone is not in the
 * export, so it may be hours off, never days.
 */
export function wordpressDate(item: WxrItem): string | null {
  if (item.dateGmt) return asUtc(item.dateGmt);
  const fromRss = isoDate(item.pubDate);
  if (fromRss && Date.parse(fromRss) > 0) return fromRss;
  return item.date ? asUtc(item.date) : null;
}

/** A WordPress "2024-03-05 09:30:00" read as UTC. */
function asUtc(mysqlTime: string): string | null {
  return isoDate(`${mysqlTime.replace(" ", "T")}Z`);
}

export function wordpressState(item: WxrItem, label: string, report: Report): ItemState {
  const date = wordpressDate(item);
  if (item.status === "private") {
    report.warn(label, "was private on WordPress: it came in as a draft, not public");
    return { status: "draft", publishedAt: date };
  }
  if (item.password) {
    report.warn(label, "was password-protected on WordPress: it came in as a draft, not public");
    return { status: "draft", publishedAt: date };
  }
  if (item.status === "publish") {
    if (!date) report.warn(label, UNREADABLE_DATE.published);
    return { status: "published", publishedAt: date };
  }
  if (item.status === "future" && date) return { status: "scheduled", publishedAt: date };
  if (item.status !== "draft" && item.status !== "pending") {
    report.warn(label, `had the status “${item.status}”: it came in as a draft`);
  }
  return { status: "draft", publishedAt: date };
}

/** The excerpt as plain text, within the excerpt's limit. */
export function wordpressExcerpt(item: WxrItem, label: string, report: Report): string {
  return fitText(plainText(item.excerpt), LIMITS.excerpt, "excerpt", label, report);
}

const SEO_TITLE_KEYS = ["_yoast_wpseo_title", "rank_math_title", "_aioseo_title"];
const SEO_DESCRIPTION_KEYS = [
  "_yoast_wpseo_metadesc",
  "rank_math_description",
  "_aioseo_description",
];

/** Yoast's or Rank Math's title and description, their variables filled. */
export function wordpressSeo(
  item: WxrItem,
  values: { title: string; siteName: string; excerpt: string },
  label: string,
  report: Report,
): { meta_title: string; meta_description: string } {
  const pick = (keys: string[]) => keys.map((key) => item.meta[key]?.trim()).find(Boolean) ?? "";
  const title = fillSeoTemplate(pick(SEO_TITLE_KEYS), values);
  const description = fillSeoTemplate(pick(SEO_DESCRIPTION_KEYS), values);
  return {
    meta_title: fitText(title, LIMITS.metaTitle, "SEO title", label, report),
    meta_description: fitText(
      description,
      LIMITS.metaDescription,
      "SEO description",
      label,
      report,
    ),
  };
}

/** The featured image's attachment id (`_thumbnail_id`), 0 when none. */
export function thumbnailId(item: WxrItem): number {
  return Number.parseInt(item.meta._thumbnail_id ?? "", 10) || 0;
}

/** An origin for the import's records: the old site's address without its scheme. */
export function wordpressOrigin(siteUrl: string): string {
  const address = siteUrl
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/+$/, "");
  return `wordpress:${address || "unknown"}`.slice(0, 300);
}
