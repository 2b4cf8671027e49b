import { decodeHTML } from "entities";
import { EXCERPT_MAX } from "#common/limits.ts";
import { isReservedSlug } from "#common/reserved-slugs.ts";
import { slugify } from "#common/text.ts";
import type { Report } from "./import-report.ts";

/** The fields both importers fit into Beranda's rules, with a warning whenever they change one. */

export const LIMITS = {
  title: 200,
  slug: 200,
  excerpt: EXCERPT_MAX,
  metaTitle: 200,
  metaDescription: 500,
  alt: 300,
  termName: 100,
} as const;

/** Text of an HTML fragment: tags out, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  const text = html
    .replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/blockquote)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "");
  return decodeHTML(text).replace(/\s+/g, " ").trim();
}

/**
 * A title as WordPress shows it: markup out (`Hello <em>World</em>` is
 * "Hello World"; `I <3 tea` keeps its `<3`), entities decoded.
 */
export function titleText(html: string): string {
  return decodeHTML(html.replace(/<\/?[a-z][^>]*>/gi, ""));
}

/** `value` cut to `max` characters (at a word when it can), with a warning naming the field. */
export function fitText(
  value: string,
  max: number,
  field: string,
  item: string,
  report: Report,
): string {
  const text = value.trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, "");
  report.warn(item, `the ${field} was longer than ${max} characters and was shortened`);
  return `${(atWord.length > max / 2 ? atWord : cut).trimEnd()}…`;
}

/**
 * A Yoast or Rank Math title or description template with its variables
 * filled (`%%title%% %%sep%% %%sitename%%`, `%title% %sep% %sitename%`);
 * variables we cannot know (a custom field, the page number) are left out.
 */
export function fillSeoTemplate(
  template: string,
  values: { title: string; siteName: string; excerpt: string },
): string {
  const known: Record<string, string> = {
    title: values.title,
    sitename: values.siteName,
    sitetitle: values.siteName,
    sep: "–",
    excerpt: values.excerpt,
    excerpt_only: values.excerpt,
    sitedesc: "",
    page: "",
  };
  return template
    .replace(/%%([a-z_]+)%%|%([a-z_]+)%/gi, (_, a: string | undefined, b: string | undefined) => {
      return known[(a ?? b ?? "").toLowerCase()] ?? "";
    })
    .replace(/\s+/g, " ")
    .replace(/^[\s–|-]+|[\s–|-]+$/g, "")
    .trim();
}

/** A slug in Beranda's form (a-z, 0-9, hyphens), or `fallback` when nothing is left. */
export function toSlug(value: string, fallback: string): string {
  return (slugify(value) || slugify(fallback) || fallback).slice(0, LIMITS.slug).replace(/-+$/, "");
}

/** A page's slug that none of the site's own addresses hold (`about` → `about-page`). */
export function pageSlug(slug: string, item: string, report: Report): string {
  if (!isReservedSlug(slug)) return slug;
  const moved = `${slug}-page`;
  report.warn(
    item,
    `/${slug} is one of this site's own addresses; the page is at /${moved} and the old address shows this site's own ${slug} page`,
  );
  return moved;
}

/** An ISO date in UTC, or null. */
export function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The report's warning for a published or scheduled item whose publish date cannot be read. */
export const UNREADABLE_DATE = {
  published: "its publish date could not be read: it is dated the time of the import",
  scheduled: "its publish date could not be read: it came in as a draft, not scheduled",
} as const;

/** An imported document's title: its own (`Untitled post 12` when empty), fit to our length with a warning. */
export function importTitle(
  title: string,
  item: { kind: string; id: string | number; label: string },
  report: Report,
): string {
  const given = titleOr(title, `Untitled ${item.kind} ${item.id}`);
  return fitText(given, LIMITS.title, "title", item.label, report);
}

/** Ids of the export that may be shown in a report: as given, or the title when there is none. */
export function titleOr(title: string, fallback: string): string {
  return title.trim() || fallback;
}
