/**
 * Ghost exports written for the tests from the shape Ghost's Settings →
 * Advanced → Export produces (a `db` array with `meta` and `data` tables:
 * posts, tags, posts_tags, users, posts_authors, posts_meta).
 */
export type GhostPostInput = {
  id: string;
  title: string;
  slug?: string;
  type?: "post" | "page";
  status?: "published" | "draft" | "scheduled";
  visibility?: string;
  html?: string | null;
  lexical?: unknown;
  mobiledoc?: unknown;
  featureImage?: string;
  featured?: boolean;
  publishedAt?: string | null;
  excerpt?: string;
  metaTitle?: string;
  metaDescription?: string;
  tags?: string[];
  authors?: string[];
};

export function buildGhostExport(input: {
  version?: string;
  posts: GhostPostInput[];
  tags?: { id: string; name: string; slug: string; visibility?: "public" | "internal" }[];
  users?: { id: string; name: string; slug: string; email: string }[];
}) {
  const posts = input.posts.map((p) => ({
    id: p.id,
    uuid: `uuid-${p.id}`,
    title: p.title,
    slug: p.slug ?? p.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    mobiledoc: p.mobiledoc === undefined ? null : JSON.stringify(p.mobiledoc),
    lexical: p.lexical === undefined ? null : JSON.stringify(p.lexical),
    html: p.html === undefined ? null : p.html,
    feature_image: p.featureImage ?? null,
    featured: p.featured ?? false,
    type: p.type ?? "post",
    status: p.status ?? "published",
    visibility: p.visibility ?? "public",
    created_at: "2024-02-01T08:00:00.000Z",
    updated_at: "2024-02-02T08:00:00.000Z",
    published_at: p.publishedAt === undefined ? "2024-02-02T08:00:00.000Z" : p.publishedAt,
    custom_excerpt: p.excerpt ?? null,
  }));
  const postsTags = input.posts.flatMap((p) =>
    (p.tags ?? []).map((tagId, index) => ({
      id: `pt-${p.id}-${tagId}`,
      post_id: p.id,
      tag_id: tagId,
      sort_order: index,
    })),
  );
  const postsAuthors = input.posts.flatMap((p) =>
    (p.authors ?? ["u1"]).map((authorId, index) => ({
      id: `pa-${p.id}-${authorId}`,
      post_id: p.id,
      author_id: authorId,
      sort_order: index,
    })),
  );
  const postsMeta = input.posts
    .filter((p) => p.metaTitle || p.metaDescription)
    .map((p) => ({
      id: `pm-${p.id}`,
      post_id: p.id,
      meta_title: p.metaTitle ?? null,
      meta_description: p.metaDescription ?? null,
    }));
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: 1717000000000, version: input.version ?? "5.82.0" },
        data: {
          posts,
          tags: (input.tags ?? []).map((t) => ({
            ...t,
            description: null,
            visibility: t.visibility ?? "public",
          })),
          posts_tags: postsTags,
          users: input.users ?? [
            { id: "u1", name: "Rina Writer", slug: "rina", email: "rina@old.example.com" },
          ],
          posts_authors: postsAuthors,
          posts_meta: postsMeta,
        },
      },
    ],
  });
}
