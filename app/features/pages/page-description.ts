import { stripHtml, truncate } from "#common/text.ts";

/** A company page's description: its meta description, else the start of its text. */
export function pageDescription(page: { meta_description: string; content: string }): string {
  return page.meta_description || truncate(stripHtml(page.content), 160);
}
