import type { PostStatus } from "#common/enums.ts";
import { AppError } from "#server/lib/app-error.ts";

/**
 * The pure rules of a post's or a page's status. Stored statuses are draft,
 * published and scheduled; what a reader sees is decided at read time from the
 * publish date (the same rule as a query: `isLive` in posts/visibility.ts,
 * `isLivePage` in pages/pages.repository.ts).
 */

export type StoredStatus = "draft" | "published" | "scheduled";

/** The status a reader sees: a live item whose time has not come is scheduled. */
export function effectiveStatus(
  status: string,
  publishedAt: string | null,
  now: string,
): PostStatus {
  if (status === "draft") return "draft";
  if (!publishedAt || publishedAt > now) return "scheduled";
  return "published";
}

/**
 * What is stored for the form's status and date: no status means published
 * when a date is given, else draft; published or scheduled with a date still
 * to come is stored as scheduled, with one already past as published; a
 * scheduled item needs a date; published without a date goes live now.
 */
export function resolveStatus(
  status: StoredStatus | undefined,
  publishedAt: string | null,
  now: string,
  noun: "post" | "page" = "post",
): { status: StoredStatus; published_at: string | null } {
  const chosen = status ?? (publishedAt ? "published" : "draft");
  if (chosen === "draft") return { status: "draft", published_at: publishedAt };
  if (chosen === "scheduled" && !publishedAt) {
    throw AppError.validation({ published_at: `A scheduled ${noun} needs a publish date` });
  }
  const date = publishedAt ?? now;
  return { status: date > now ? "scheduled" : "published", published_at: date };
}

/** A publish date as given by a client, as a UTC ISO string; "" and null clear it. */
export function toIsoDate(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw AppError.validation({ published_at: "Publish date must be a date and time" });
  }
  return date.toISOString();
}
