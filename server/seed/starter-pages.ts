import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { sanitizeRichText } from "#server/modules/content/sanitize.ts";
import { STARTER_PAGES } from "./starter-content.ts";

/**
 * The starter pages (Terms, Privacy), published, for a new site and for a
 * site made before pages existed. Runs once per site (the seed remembers it):
 * a page the owner deletes later stays deleted. A slug already in use is left
 * as it is, so nothing the owner wrote is ever overwritten.
 */
export async function seedStarterPages(db: Db): Promise<void> {
  const now = nowIso();
  for (const page of STARTER_PAGES) {
    await insertPublishedPage(db, { ...page, content: sanitizeRichText(page.content) }, now, null);
  }
}

/** A published page, unless a page already has its slug (then nothing changes). */
export async function insertPublishedPage(
  db: Db,
  page: { title: string; slug: string; content: string; meta_description: string },
  at: string,
  authorId: number | null,
): Promise<void> {
  await db
    .insertInto("pages")
    .values({
      title: page.title,
      slug: page.slug,
      content: page.content,
      meta_title: "",
      meta_description: page.meta_description,
      featured_image: "",
      featured_image_alt: "",
      status: "published",
      published_at: at,
      noindex: false,
      author_id: authorId,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}
