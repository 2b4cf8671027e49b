import type { PostInput } from "../../../common/schemas/posts.ts";
import type { Post, PostStatus } from "../../../common/types.ts";
import { AppError } from "../app-error.ts";

/**
 * The pure rules of a post's status. Stored statuses are draft, published and
 * scheduled; what a reader sees is decided at read time from the publish date
 * (the same rule as a query: `isLive` in visibility.ts).
 */

/** The status a reader sees: a live post whose time has not come is scheduled. */
export function effectiveStatus(
  status: string,
  publishedAt: string | null,
  now: string,
): PostStatus {
  if (status === "draft") return "draft";
  if (!publishedAt || publishedAt > now) return "scheduled";
  return "published";
}

/** A post (as read, with its effective status) that anyone may read. */
export function isPublicPost(post: Pick<Post, "status">): boolean {
  return post.status === "published";
}

/**
 * What is stored for the form's status and date: no status means published
 * when a date is given, else draft; published or scheduled with a date still
 * to come is stored as scheduled, with one already past as published; a
 * scheduled post needs a date; published without a date goes live now.
 */
export function resolveStatus(
  status: PostInput["status"],
  publishedAt: string | null,
  now: string,
): { status: "draft" | "published" | "scheduled"; published_at: string | null } {
  const chosen = status ?? (publishedAt ? "published" : "draft");
  if (chosen === "draft") return { status: "draft", published_at: publishedAt };
  if (chosen === "scheduled" && !publishedAt) {
    throw AppError.validation({ published_at: "A scheduled post needs a publish date" });
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
