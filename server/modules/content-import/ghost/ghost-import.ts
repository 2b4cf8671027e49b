import type { Readable } from "node:stream";
import type { MissingImageChoice } from "#common/schemas/imports.ts";
import { counted } from "#common/text.ts";
import { decodeText } from "#server/modules/content-import/decode-stream.ts";
import { rewriteImages } from "#server/modules/content-import/image-rewrite.ts";
import {
  fitText,
  importTitle,
  isoDate,
  LIMITS,
  pageSlug,
  plainText,
  toSlug,
  UNREADABLE_DATE,
} from "#server/modules/content-import/import-fields.ts";
import { itemLabel, type Report } from "#server/modules/content-import/import-report.ts";
import type { ImportWriter } from "#server/modules/content-import/import-writer.ts";
import type { MediaImporter } from "#server/modules/content-import/media-import.ts";
import {
  absoluteUrl,
  imageUrlsIn,
  originalImageUrl,
} from "#server/modules/content-import/media-urls.ts";
import { ghostAddress } from "#server/modules/content-import/old-addresses.ts";
import { type GhostExport, type GhostPost, readGhostExport } from "./ghost-reader.ts";

/**
 * A Ghost export: read as it streams in (the reader keeps only what the
 * import needs of each row), then authors, the tags posts use (the
 * primary tag as the post's category, the others as tags, `#internal` ones
 * dropped), posts and pages with their feature images.
 */

/** Where Ghost 4+ exports write the site's own address. */
const GHOST_URL = "__GHOST_URL__";

export function readGhostFile(open: () => Readable): Promise<GhostExport> {
  return readGhostExport(decodeText(open()));
}

export type GhostRun = {
  data: GhostExport;
  /** The old site's address, for `__GHOST_URL__` and relative images; "" when not given. */
  siteUrl: string;
  writer: ImportWriter;
  media: MediaImporter;
  report: Report;
  missing: MissingImageChoice;
  progress: (done: number) => void;
};

export async function importGhost(run: GhostRun): Promise<void> {
  const { data, writer, report } = run;
  const base = run.siteUrl.replace(/\/+$/, "") || "https://ghost-site.invalid";
  const usesPlaceholder = data.posts.some(
    (post) => post.html.includes(GHOST_URL) || post.featureImage.includes(GHOST_URL),
  );
  if (usesPlaceholder && !run.siteUrl) {
    report.warn(
      "The file",
      "the export writes the old site's address as __GHOST_URL__: give the old site's address to fetch its images",
    );
  }

  const authors = new Map<string, number | null>();
  for (const user of data.users) {
    const id = await writer.author(
      {
        sourceId: user.id,
        login: user.slug,
        email: user.email,
        firstName: "",
        lastName: "",
        displayName: user.name || user.slug,
      },
      itemLabel("Author", user.slug, user.name),
    );
    authors.set(user.id, id);
  }

  const tags = new Map(data.tags.map((tag) => [tag.id, tag]));
  const internal = new Set(data.tags.filter((tag) => tag.internal).map((tag) => tag.id));
  if (internal.size) {
    report.warn("Tags", `${counted(internal.size, "internal (#) tag")} left out`);
  }

  let done = 0;
  for (const post of data.posts) {
    await importPost(run, post, base, authors, tags);
    run.progress(++done);
  }
}

async function importPost(
  run: GhostRun,
  post: GhostPost,
  base: string,
  authors: Map<string, number | null>,
  tags: Map<string, GhostExport["tags"][number]>,
) {
  const { writer, media, report } = run;
  const kind = post.type;
  const label = itemLabel(kind === "page" ? "Page" : "Post", post.slug || post.id, post.title);
  const withBase = (value: string) => value.replaceAll(GHOST_URL, base);
  const html = withBase(post.html);
  if (post.skippedCards.length) {
    report.warn(label, `cards left out: ${[...new Set(post.skippedCards)].join(", ")}`);
  }

  let status: "draft" | "published" | "scheduled" =
    post.status === "published" ? "published" : post.status === "scheduled" ? "scheduled" : "draft";
  if (post.status === "sent") {
    report.warn(label, "was sent by e-mail only: it came in as a draft");
    status = "draft";
  } else if (post.visibility !== "public" && status !== "draft") {
    report.warn(
      label,
      `was for ${post.visibility} readers only: it came in as a draft, not public`,
    );
    status = "draft";
  }
  const publishedAt = isoDate(post.publishedAt);
  if (status !== "draft" && !publishedAt) {
    report.warn(label, UNREADABLE_DATE[status]);
    if (status === "scheduled") status = "draft";
  }

  const featureUrl = post.featureImage ? absoluteUrl(withBase(post.featureImage), base) : null;
  const featured = featureUrl ? originalImageUrl(featureUrl) : "";
  const images = imageUrlsIn(html, base);
  if (featured && !images.includes(featured)) images.push(featured);
  await media.ensure(images, label, (original) =>
    original === featured ? post.featureImageAlt : "",
  );
  const content = rewriteImages(html, base, media.lookup, run.missing);
  const ourFeatured = featured ? media.lookup(featured) : undefined;

  const authorId = authors.get(post.authorIds[0] ?? "") ?? null;
  const title = importTitle(post.title, { kind, id: post.id, label }, report);
  let slug = toSlug(post.slug || post.title, `${kind}-${post.id}`);
  if (kind === "page") slug = pageSlug(slug, label, report);
  const fields = {
    title,
    slug,
    content,
    status,
    published_at: publishedAt,
    featured_image: ourFeatured ?? "",
    featured_image_alt: ourFeatured ? post.featureImageAlt.slice(0, LIMITS.alt) : "",
    meta_title: fitText(post.metaTitle, LIMITS.metaTitle, "meta title", label, report),
    meta_description: fitText(
      post.metaDescription,
      LIMITS.metaDescription,
      "meta description",
      label,
      report,
    ),
  };
  const addresses = post.slug ? [ghostAddress("post", post.slug)] : [];
  if (kind === "page") {
    await writer.document("page", post.id, fields, { authorId, addresses, label });
    return;
  }
  const visible = post.tagIds.map((id) => tags.get(id)).filter((tag) => tag && !tag.internal);
  const categories: string[] = [];
  const tagNames: string[] = [];
  for (const [position, tag] of visible.entries()) {
    if (!tag) continue;
    const termKind = position === 0 ? "category" : "tag";
    const name = await writer.term(termKind, {
      slug: tag.slug,
      name: tag.name,
      description: tag.description,
      addresses: [ghostAddress("tag", tag.slug)],
    });
    if (name) (termKind === "category" ? categories : tagNames).push(name);
  }
  const excerpt = fitText(plainText(post.excerpt), LIMITS.excerpt, "excerpt", label, report);
  await writer.document(
    "post",
    post.id,
    { ...fields, excerpt, isFeatured: post.featured, categories, tags: tagNames },
    { authorId, addresses, label },
  );
}
