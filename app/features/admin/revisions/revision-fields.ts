import { COMPARE_LABELS, compareFields } from "#app/features/admin/compare/compare-fields.ts";
import type { DiffField } from "#app/features/admin/compare/text-diff.ts";
import type {
  Page,
  PageSnapshot,
  Post,
  PostSnapshot,
  RevisionReason,
  Service,
  ServiceSnapshot,
} from "#common/types.ts";

/** A document the revisions panel serves, by its type. */
export type RevisionDocument =
  | { type: "post"; document: Post }
  | { type: "page"; document: Page }
  | { type: "service"; document: Service };

export const REASON_LABELS: Record<RevisionReason, string> = {
  save: "Saved",
  publish: "Published",
  unpublish: "Moved to draft",
  restore: "Restored",
};

/**
 * What a restore leaves as it is (decision 017): the address, the publication
 * state and date, a post's featured flag. A revision's compare leaves them out,
 * so it shows what a restore brings back.
 */
export const KEPT_ON_RESTORE = ["slug", "status", "published_at", "isFeatured"] as const;

/**
 * The fields a compare shows: a revision's snapshot (before) against the
 * document as it is now (after), those a restore keeps left out.
 */
export function revisionCompareFields(
  current: RevisionDocument,
  snapshot: Partial<PostSnapshot & PageSnapshot & ServiceSnapshot>,
): DiffField[] {
  const now: Record<string, unknown> =
    current.type === "post"
      ? {
          ...current.document,
          categories: current.document.categories.map((c) => c.name),
          tags: current.document.tags.map((t) => t.name),
        }
      : current.document;
  const labels: Record<string, string> = { ...COMPARE_LABELS[current.type] };
  for (const field of KEPT_ON_RESTORE) delete labels[field];
  return compareFields(labels, snapshot, now);
}
