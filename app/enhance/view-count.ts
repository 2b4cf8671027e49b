import { viewsText } from "#common/text.ts";

/**
 * A post's view count (post-article.tsx): the page may come from the page
 * cache, whose copy shows the count when it was rendered, so the count of now
 * replaces it once the page has loaded.
 */
export function enhanceViewCount(element: HTMLElement) {
  const id = element.dataset.postId;
  if (!id) return;
  fetch(`/api/blog/posts/views/${encodeURIComponent(id)}`)
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { data?: { views?: unknown } } | null) => {
      const views = body?.data?.views;
      if (typeof views === "number") element.textContent = viewsText(views);
    })
    .catch(() => {});
}
