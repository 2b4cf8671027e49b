import { Readable } from "node:stream";
import chain from "stream-chain";
import { parser } from "stream-json";
import { pick } from "stream-json/filters/pick.js";
import { streamValues } from "stream-json/streamers/stream-values.js";
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
const LOOKS_LIKE_WORDPRESS =
  "This file is not a Ghost export: it looks like a WordPress export (XML). Choose WordPress as the source, or the .json file from Ghost's Settings → Advanced → Export content.";
const CUT_OFF =
  "The file ends too soon or is damaged: it was cut off while downloading or uploading. Export it again.";

/** A row of the export that is not an object: the file was changed by hand or broken. */
function damagedRow(table: Table): string {
  return `The file is damaged: a row of its ${table} is not an object as Ghost writes it. Export it again from Ghost.`;
}

/** The tables of `data` the import reads; the others (settings, members, …) pass by unread. */
const TABLES = ["posts", "tags", "users", "posts_tags", "posts_authors", "posts_meta"] as const;
type Table = (typeof TABLES)[number];

/**
 * Reads a Ghost export as it streams in, row by row (stream-json): a row is
 * kept only as the fields the import uses (a post's HTML, not its Lexical,
 * mobiledoc and plain text besides), so a large export never sits in memory
 * whole. Ghost writes `{db: [{meta, data}]}`; older tools `{meta, data}`.
 */
export async function readGhostExport(
  source: AsyncIterable<string> | Iterable<string> | string,
): Promise<GhostExport> {
  const rows = new GhostRows();
  // The table of each row the filter picks, in order: the rows come out in the same order.
  const picked: (Table | "meta")[] = [];
  // Whether the text begins as a JSON object: what then breaks off was an export cut short.
  let opening = "";
  async function* watched() {
    for await (const chunk of typeof source === "string" ? [source] : source) {
      if (!/\S/.test(opening)) opening += chunk.replace(/^\uFEFF/, "").slice(0, 64);
      yield chunk;
    }
  }
  const pipeline = chain([
    Readable.from(watched()),
    parser(),
    pick({
      filter: (stack, chunk) => {
        const at = placeOf(stack);
        // Posts that are not a list (text, an object) are not Ghost's: nothing to read.
        if (at === "posts table" && chunk?.name === "startArray") rows.sawPosts = true;
        if (at === null || at === "posts table") return false;
        picked.push(at);
        return true;
      },
    }),
    streamValues(),
  ]);
  try {
    for await (const { value } of pipeline as AsyncIterable<{ value: unknown }>) {
      const table = picked.shift()!;
      const isRow = value !== null && typeof value === "object" && !Array.isArray(value);
      if (isRow) rows.add(table, value as Row);
      else if (table !== "meta") throw new ImportFileError(damagedRow(table));
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    const start = opening.trimStart();
    if (start.startsWith("{")) throw new ImportFileError(CUT_OFF);
    throw new ImportFileError(start.startsWith("<") ? LOOKS_LIKE_WORDPRESS : NOT_GHOST);
  }
  if (!rows.sawPosts) throw new ImportFileError(NOT_GHOST);
  return rows.export();
}

/** Where a value stands in the export: a row of a table the import reads, the meta, or neither. */
function placeOf(stack: readonly unknown[]): Table | "meta" | "posts table" | null {
  let path = stack;
  if (stack[0] === "db") {
    if (stack[1] !== 0) return null;
    path = stack.slice(2);
  }
  if (path.length === 1 && path[0] === "meta") return "meta";
  if (path[0] !== "data" || !TABLES.includes(path[1] as Table)) return null;
  if (path.length === 2) return path[1] === "posts" ? "posts table" : null;
  return path.length === 3 && typeof path[2] === "number" ? (path[1] as Table) : null;
}

/** A post as read, before the join tables that follow it in the file. */
type PostRow = Omit<
  GhostPost,
  "authorIds" | "tagIds" | "featureImageAlt" | "metaTitle" | "metaDescription"
> & {
  authorId: string;
  /** The SEO fields on the post's own row (older exports); posts_meta's win. */
  seo: SeoFields;
};

type SeoFields = Partial<Pick<GhostPost, "featureImageAlt" | "metaTitle" | "metaDescription">>;

class GhostRows {
  sawPosts = false;
  private version = "";
  private readonly posts: PostRow[] = [];
  private readonly tags: GhostTag[] = [];
  private readonly users: GhostUser[] = [];
  private readonly joins = { posts_tags: [] as Row[], posts_authors: [] as Row[] };
  private readonly meta = new Map<string, SeoFields>();

  add(table: Table | "meta", row: Row) {
    switch (table) {
      case "meta":
        this.version = str(row.version);
        break;
      case "posts":
        this.posts.push(postOf(row));
        break;
      case "tags":
        this.tags.push({
          ...named(row),
          description: str(row.description),
          internal: row.visibility === "internal" || str(row.name).startsWith("#"),
        });
        break;
      case "users":
        this.users.push({ ...named(row), email: str(row.email), bio: str(row.bio) });
        break;
      case "posts_meta":
        this.meta.set(idOf(row.post_id), seoOf(row));
        break;
      default:
        this.joins[table].push({
          post_id: idOf(row.post_id),
          other_id: idOf(table === "posts_tags" ? row.tag_id : row.author_id),
          sort_order: Number(row.sort_order ?? 0),
        });
    }
  }

  export(): GhostExport {
    const postTags = grouped(this.joins.posts_tags, "post_id", "other_id");
    const postAuthors = grouped(this.joins.posts_authors, "post_id", "other_id");
    const posts = this.posts.map(({ authorId, seo, ...post }): GhostPost => {
      return {
        ...post,
        featureImageAlt: "",
        metaTitle: "",
        metaDescription: "",
        // posts_meta (Ghost 4+) wins over the post's own columns (older exports).
        ...seo,
        ...this.meta.get(post.id),
        authorIds: postAuthors.get(post.id) ?? (authorId ? [authorId] : []),
        tagIds: postTags.get(post.id) ?? [],
      };
    });
    return { version: this.version, posts, tags: this.tags, users: this.users };
  }
}

/** Tags and users are both named by a name and a slug. */
function named(row: Row) {
  return { id: idOf(row.id), name: str(row.name), slug: str(row.slug) };
}

function postOf(row: Row): PostRow {
  const rendered = htmlOf(row);
  return {
    id: idOf(row.id),
    type: row.type === "page" || row.page === true || row.page === 1 ? "page" : "post",
    title: str(row.title),
    slug: str(row.slug),
    status: str(row.status) || "draft",
    visibility: str(row.visibility) || "public",
    html: rendered.html,
    excerpt: str(row.custom_excerpt),
    featureImage: str(row.feature_image),
    featured: row.featured === true || row.featured === 1,
    publishedAt: date(row.published_at),
    createdAt: date(row.created_at),
    skippedCards: rendered.skipped,
    authorId: row.author_id ? idOf(row.author_id) : "",
    seo: seoOf(row),
  };
}

/** The SEO fields a row gives (a post's own, or its posts_meta row): those not null. */
function seoOf(row: Row): SeoFields {
  const seo: SeoFields = {};
  if (row.feature_image_alt != null) seo.featureImageAlt = str(row.feature_image_alt);
  if (row.meta_title != null) seo.metaTitle = str(row.meta_title);
  if (row.meta_description != null) seo.metaDescription = str(row.meta_description);
  return seo;
}

/** Ghost's html when present; otherwise the Lexical or mobiledoc document rendered. */
function htmlOf(row: Row): { html: string; skipped: string[] } {
  const rendered =
    typeof row.html === "string" && row.html.trim()
      ? { html: row.html, skipped: [] }
      : typeof row.lexical === "string" && row.lexical
        ? renderLexical(row.lexical)
        : typeof row.mobiledoc === "string" && row.mobiledoc
          ? renderMobiledoc(row.mobiledoc)
          : { html: "", skipped: [] };
  return { html: str(rendered.html), skipped: rendered.skipped.map(str) };
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

/**
 * A string the reader keeps, copied: the parser's strings are often slices of
 * the text chunk they were read from (V8's sliced strings), and one kept slice
 * keeps its whole 64 KB chunk, so every chunk of the file would stay in memory.
 */
function str(value: unknown): string {
  return typeof value === "string" && value ? Buffer.from(value).toString() : "";
}

function idOf(value: unknown): string {
  return str(String(value));
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
