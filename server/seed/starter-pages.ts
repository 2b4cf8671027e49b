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
    await db
      .insertInto("pages")
      .values({
        title: page.title,
        slug: page.slug,
        content: sanitizeRichText(page.content),
        meta_title: "",
        meta_description: page.meta_description,
        featured_image: "",
        featured_image_alt: "",
        status: "published",
        published_at: now,
        noindex: false,
        author_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("slug").doNothing())
      .execute();
  }
}
