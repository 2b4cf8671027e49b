import { ImportFileError } from "#server/modules/content-import/import-errors.ts";
import { renderLexical, renderMobiledoc } from "./ghost-render.ts";

/**
 * A Ghost export (Settings → Advanced → Export, Ghost 5 and 6; the JSON of
 * older 4.x sites reads the same) as the importer needs it: posts and pages
 * with their HTML (Ghost's own, or rendered from Lexical or mobiledoc when the
 * export has none), tags in order with the primary first, and authors.
 */
export type GhostPost = {
  id: string;
  type: "post" | "page";
  title: string;
  slug: string;
  status: string;
  visibility: string;
  html: string;
  excerpt: string;
  featureImage: string;
  featureImageAlt: string;
  featured: boolean;
  publishedAt: string | null;
  createdAt: string | null;
  metaTitle: string;
  metaDescription: string;
  authorIds: string[];
  tagIds: string[];
  /** Cards the renderer had no counterpart for. */
  skippedCards: string[];
};

export type GhostTag = {
  id: string;
  name: string;
  slug: string;
  description: string;
  /** `#internal` tags (visibility internal): organisation only, never shown. */
  internal: boolean;
};

export type GhostUser = { id: string; name: string; slug: string; email: string; bio: string };

export type GhostExport = {
  version: string;
  posts: GhostPost[];
  tags: GhostTag[];
  users: GhostUser[];
};

type Row = Record<string, unknown>;

const NOT_GHOST =
  "This file is not a Ghost export: choose the .json file from Ghost's Settings → Advanced → Export content.";

export function readGhostExport(text: string): GhostExport {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    if (
      /end of (JSON )?input|Unterminated|Expected/i.test((error as Error).message) &&
      text.trimStart().startsWith("{")
    ) {
      throw new ImportFileError(
        "The file ends too soon or is damaged: it was cut off while downloading or uploading. Export it again.",
      );
    }
    throw new ImportFileError(NOT_GHOST);
  }
  const root = json as { db?: { meta?: Row; data?: Row }[]; meta?: Row; data?: Row };
  const entry = Array.isArray(root?.db) ? root.db[0] : root;
  const data = entry?.data as Record<string, Row[] | undefined> | undefined;
  if (!data || typeof data !== "object" || !Array.isArray(data.posts)) {
    throw new ImportFileError(NOT_GHOST);
  }
  const meta = (entry?.meta ?? {}) as Row;

  const postTags = grouped(data.posts_tags, "post_id", "tag_id");
  const postAuthors = grouped(data.posts_authors, "post_id", "author_id");
  const postMeta = new Map((data.posts_meta ?? []).map((row) => [String(row.post_id), row]));

  const posts = data.posts.map((row): GhostPost => {
    const id = String(row.id);
    const extra = postMeta.get(id) ?? {};
    const rendered = htmlOf(row);
    const authors = postAuthors.get(id) ?? (row.author_id ? [String(row.author_id)] : []);
    return {
      id,
      type: row.type === "page" || row.page === true || row.page === 1 ? "page" : "post",
      title: str(row.title),
      slug: str(row.slug),
      status: str(row.status) || "draft",
      visibility: str(row.visibility) || "public",
      html: rendered.html,
      excerpt: str(row.custom_excerpt),
      featureImage: str(row.feature_image),
      featureImageAlt: str(extra.feature_image_alt ?? row.feature_image_alt),
      featured: row.featured === true || row.featured === 1,
      publishedAt: date(row.published_at),
      createdAt: date(row.created_at),
      metaTitle: str(extra.meta_title ?? row.meta_title),
      metaDescription: str(extra.meta_description ?? row.meta_description),
      authorIds: authors,
      tagIds: postTags.get(id) ?? [],
      skippedCards: rendered.skipped,
    };
  });

  // Tags and users are both named by a name and a slug.
  const named = (row: Row) => ({ id: String(row.id), name: str(row.name), slug: str(row.slug) });
  const tags = (data.tags ?? []).map(
    (row): GhostTag => ({
      ...named(row),
      description: str(row.description),
      internal: row.visibility === "internal" || str(row.name).startsWith("#"),
    }),
  );
  const users = (data.users ?? []).map(
    (row): GhostUser => ({ ...named(row), email: str(row.email), bio: str(row.bio) }),
  );
  return { version: str(meta.version), posts, tags, users };
}

/** Ghost's html when present; otherwise the Lexical or mobiledoc document rendered. */
function htmlOf(row: Row): { html: string; skipped: string[] } {
  if (typeof row.html === "string" && row.html.trim()) return { html: row.html, skipped: [] };
  if (typeof row.lexical === "string" && row.lexical) return renderLexical(row.lexical);
  if (typeof row.mobiledoc === "string" && row.mobiledoc) return renderMobiledoc(row.mobiledoc);
  return { html: "", skipped: [] };
}

/** Join rows (post → tags or authors) in their sort order: the first tag is the primary one. */
function grouped(rows: Row[] | undefined, from: string, to: string): Map<string, string[]> {
  const sorted = [...(rows ?? [])].sort(
    (a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0),
  );
  const map = new Map<string, string[]>();
  for (const row of sorted) {
    const key = String(row[from]);
    const list = map.get(key) ?? [];
    list.push(String(row[to]));
    map.set(key, list);
  }
  return map;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Ghost writes dates as ISO strings ("2024-03-05T09:30:00.000Z"); older exports as epoch milliseconds. */
function date(value: unknown): string | null {
  if (typeof value === "number") return new Date(value).toISOString();
  if (typeof value !== "string" || !value) return null;
  const parsed = new Date(
    value.includes("T") || value.endsWith("Z") ? value : `${value.replace(" ", "T")}Z`,
  );
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
}
