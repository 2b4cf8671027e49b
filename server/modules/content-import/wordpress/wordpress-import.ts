import type { Readable } from "node:stream";
import type { MissingImageChoice } from "#common/schemas/imports.ts";
import { rewriteImages } from "#server/modules/content-import/image-rewrite.ts";
import {
  importTitle,
  LIMITS,
  pageSlug,
  toSlug,
} from "#server/modules/content-import/import-fields.ts";
import { itemLabel, type Report } from "#server/modules/content-import/import-report.ts";
import type { ImportWriter } from "#server/modules/content-import/import-writer.ts";
import type { MediaImporter } from "#server/modules/content-import/media-import.ts";
import {
  absoluteUrl,
  imageUrlsIn,
  originalImageUrl,
} from "#server/modules/content-import/media-urls.ts";
import {
  wordpressItemAddresses,
  wordpressTermAddress,
} from "#server/modules/content-import/old-addresses.ts";
import { convertWordPressContent } from "./wordpress-content.ts";
import {
  SKIPPED_STATUSES,
  thumbnailId,
  wordpressExcerpt,
  wordpressSeo,
  wordpressState,
} from "./wordpress-items.ts";
import type { WxrAuthor, WxrItem, WxrSite, WxrTerm } from "./wxr-fields.ts";
import { readWxr } from "./wxr-reader.ts";

/**
 * A WordPress export in two passes over the file, neither holding it in
 * memory. The first reads it whole before anything is written, so a file
 * that is not an export, is cut off or cannot be decoded changes nothing; it
 * keeps what items refer to across the file (attachments for galleries and
 * featured images, pages for their parents' slugs). The second imports the
 * posts and pages one by one.
 */

type Attachment = { url: string; alt: string; title: string };

export type WxrIndex = {
  site: WxrSite;
  authors: WxrAuthor[];
  terms: WxrTerm[];
  attachments: Map<number, Attachment>;
  /** An image's alt text by its original's address (for images the content shows). */
  altByUrl: Map<string, string>;
  pages: Map<number, { slug: string; parentId: number; title: string }>;
  /** Posts and pages: what the progress counts. */
  total: number;
  warnings: string[];
};

export async function indexWxr(open: () => Readable): Promise<WxrIndex> {
  const index: WxrIndex = {
    site: { title: "", link: "", baseSiteUrl: "", baseBlogUrl: "", wxrVersion: "" },
    authors: [],
    terms: [],
    attachments: new Map(),
    altByUrl: new Map(),
    pages: new Map(),
    total: 0,
    warnings: [],
  };
  await readWxr(open(), (event) => {
    if (event.type === "site") index.site = event.site;
    else if (event.type === "author") index.authors.push(event.author);
    else if (event.type === "term") index.terms.push(event.term);
    else if (event.type === "warning") index.warnings.push(event.message);
    else {
      const item = event.item;
      if (item.type === "attachment") {
        const url = item.attachmentUrl || item.guid;
        const alt = item.meta._wp_attachment_image_alt ?? "";
        index.attachments.set(item.id, { url, alt, title: item.title });
        if (alt) index.altByUrl.set(originalImageUrl(url), alt);
      } else if (item.type === "page") {
        index.pages.set(item.id, { slug: item.slug, parentId: item.parentId, title: item.title });
      }
      if (item.type === "post" || item.type === "page") index.total += 1;
    }
  });
  return index;
}

export type WordPressRun = {
  index: WxrIndex;
  open: () => Readable;
  writer: ImportWriter;
  media: MediaImporter;
  report: Report;
  missing: MissingImageChoice;
  /** Called after each post or page. */
  progress: (done: number) => void;
};

/** Labels of the item types that are not imported, listed once each in the report. */
const OTHER_TYPES: Record<string, string> = {
  nav_menu_item:
    "navigation menu items are not imported: rebuild the menus in Site Settings → Menus",
  revision: "revisions are not imported: each post comes in as it is now",
};

export async function importWxr(run: WordPressRun): Promise<void> {
  const { index, writer, report } = run;
  const base = index.site.baseBlogUrl || index.site.baseSiteUrl || index.site.link;
  for (const warning of index.warnings) report.warn("The file", warning);

  const authors = new Map<string, number | null>();
  for (const author of index.authors) {
    const label = itemLabel("Author", author.login, author.displayName);
    const id = await writer.author(
      {
        sourceId: String(author.id ?? author.login),
        login: author.login,
        email: author.email,
        firstName: author.firstName,
        lastName: author.lastName,
        displayName: author.displayName || author.login,
      },
      label,
    );
    authors.set(author.login, id);
  }
  const categories = new Map(
    index.terms.filter((term) => term.kind === "category").map((term) => [term.slug, term]),
  );
  for (const term of index.terms) {
    const addresses = [wordpressTermAddress(term.kind, term.slug)];
    // A child category's archive is at its parents' path: /category/news/local-news/.
    if (term.kind === "category" && term.parentSlug) {
      addresses.push(wordpressTermAddress("category", categoryPath(categories, term)));
    }
    await writer.term(term.kind, {
      slug: term.slug,
      name: term.name,
      description: term.description,
      addresses,
    });
  }

  let done = 0;
  await readWxr(run.open(), async (event) => {
    if (event.type !== "item") return;
    const item = event.item;
    if (item.type === "post" || item.type === "page") {
      await importItem(run, item, base, authors);
      run.progress(++done);
    } else if (item.type !== "attachment") {
      report.skipGroup(
        null,
        OTHER_TYPES[item.type] ?? `items of the type “${item.type}” are not imported`,
      );
    }
  });
}

async function importItem(
  run: WordPressRun,
  item: WxrItem,
  base: string,
  authors: Map<string, number | null>,
) {
  const { index, writer, media, report } = run;
  const kind = item.type === "page" ? "page" : "post";
  const counted = kind === "page" ? "pages" : "posts";
  const label = itemLabel(kind === "page" ? "Page" : "Post", item.id, item.title);
  const skipped = SKIPPED_STATUSES[item.status];
  if (skipped) return report.outcome(counted, "skipped", label, `not imported: it ${skipped}`);

  const state = wordpressState(item, label, report);
  const attachment = (id: number) => index.attachments.get(id);
  const converted = convertWordPressContent(item.content, {
    attachmentUrl: (id) => attachment(id)?.url,
    attachmentAlt: (id) => attachment(id)?.alt || attachment(id)?.title,
  });
  const names = converted.report.unknownShortcodes.map((name) => `[${name}]`);
  if (names.length) report.warn(label, `shortcodes kept as text: ${names.join(", ")}`);
  if (converted.report.missingGalleryIds.length) {
    report.warn(
      label,
      `gallery images not in the export: ${converted.report.missingGalleryIds.join(", ")}`,
    );
  }

  const itemBase = item.link || base;
  const thumbnail = attachment(thumbnailId(item));
  const thumbnailUrl = thumbnail ? absoluteUrl(thumbnail.url, itemBase) : null;
  const featured = thumbnailUrl ? originalImageUrl(thumbnailUrl) : "";
  const images = imageUrlsIn(converted.html, itemBase);
  if (featured && !images.includes(featured)) images.push(featured);
  await media.ensure(images, label, (original) => index.altByUrl.get(original) ?? "");
  const content = rewriteImages(converted.html, itemBase, media.lookup, run.missing);
  const ourFeatured = featured ? media.lookup(featured) : undefined;

  let author: number | null = authors.get(item.creator) ?? null;
  if (!authors.has(item.creator) && item.creator) {
    author = await writer.author(
      {
        sourceId: item.creator,
        login: item.creator,
        email: "",
        firstName: "",
        lastName: "",
        displayName: item.creator,
      },
      itemLabel("Author", item.creator, ""),
    );
    authors.set(item.creator, author);
  }

  const title = importTitle(item.title, { kind, id: item.id, label }, report);
  const excerpt = wordpressExcerpt(item, label, report);
  const seo = wordpressSeo(item, { title, siteName: index.site.title, excerpt }, label, report);
  let slug = toSlug(item.slug || item.title, `${kind}-${item.id}`);
  if (kind === "page") slug = pageSlug(hierarchicalSlug(index, item, slug), label, report);

  const common = {
    title,
    slug,
    content,
    status: state.status,
    published_at: state.publishedAt,
    featured_image: ourFeatured ?? "",
    featured_image_alt: ourFeatured ? (thumbnail?.alt ?? "").slice(0, LIMITS.alt) : "",
    ...seo,
  };
  const addresses = wordpressItemAddresses(item);
  if (kind === "page") {
    await writer.document("page", String(item.id), common, { authorId: author, addresses, label });
    return;
  }
  const categories: string[] = [];
  const tags: string[] = [];
  for (const term of item.terms) {
    const termKind =
      term.domain === "category" ? "category" : term.domain === "post_tag" ? "tag" : null;
    if (!termKind) continue;
    const name = await writer.term(termKind, { slug: term.slug, name: term.name });
    if (name) (termKind === "category" ? categories : tags).push(name);
  }
  await writer.document(
    "post",
    String(item.id),
    { ...common, excerpt, isFeatured: item.sticky, categories, tags },
    { authorId: author, addresses, label },
  );
}

/** A category's slug after its parents' (`news/local-news`), as WordPress links its archive. */
function categoryPath(categories: Map<string, WxrTerm>, term: WxrTerm): string {
  const parts = [term.slug];
  const seen = new Set(parts);
  let parent = categories.get(term.parentSlug);
  while (parent && !seen.has(parent.slug) && parts.length < 10) {
    seen.add(parent.slug);
    parts.unshift(parent.slug);
    parent = parent.parentSlug ? categories.get(parent.parentSlug) : undefined;
  }
  return parts.join("/");
}

/** A child page's slug with its parents' (`about` › `team` → `about-team`). */
function hierarchicalSlug(index: WxrIndex, item: WxrItem, slug: string): string {
  const parts = [slug];
  const seen = new Set([item.id]);
  let parent = index.pages.get(item.parentId);
  let parentId = item.parentId;
  while (parent && !seen.has(parentId) && parts.length < 5) {
    seen.add(parentId);
    parts.unshift(toSlug(parent.slug || parent.title, `page-${parentId}`));
    parentId = parent.parentId;
    parent = index.pages.get(parentId);
  }
  return parts.join("-").slice(0, LIMITS.slug).replace(/-+$/, "");
}
