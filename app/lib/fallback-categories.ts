import type { Category } from "#common/types.ts";

/**
 * The categories shown when the real ones cannot be loaded: the blog's filter
 * bar never disappears, and the post editor can still file a post.
 */
export const FALLBACK_CATEGORIES: Category[] = [
  "Technology",
  "Business",
  "Marketing",
  "Design",
  "Development",
].map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase() }));
