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
  featureImageAlt?: string;
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
    .filter((p) => p.metaTitle || p.metaDescription || p.featureImageAlt)
    .map((p) => ({
      id: `pm-${p.id}`,
      post_id: p.id,
      meta_title: p.metaTitle ?? null,
      meta_description: p.metaDescription ?? null,
      feature_image_alt: p.featureImageAlt ?? null,
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

/**
 * A Ghost 5 site with one of everything the importer handles: an HTML post
 * whose images use `__GHOST_URL__` and Ghost's resized copies, a primary tag
 * after an `#internal` one, a Lexical post, a mobiledoc post, scheduled,
 * members-only and draft posts, pages (one at a Beranda address), an author
 * known here by e-mail and one who is not.
 */
export function movingInGhostExport(existingEmail: string) {
  const text = (value: string, format = 0) => ({ type: "text", text: value, format });
  return buildGhostExport({
    users: [
      { id: "u1", name: "Rina Writer", slug: "rina", email: "rina@old.example.com" },
      { id: "u2", name: "Kai Known", slug: "kai", email: existingEmail },
    ],
    tags: [
      { id: "t1", name: "News", slug: "news" },
      { id: "t2", name: "Launch", slug: "launch" },
      { id: "t3", name: "#hidden", slug: "hash-hidden", visibility: "internal" },
      { id: "t4", name: "Guides", slug: "guides" },
    ],
    posts: [
      {
        id: "g1",
        title: "Ghost hello",
        slug: "ghost-hello",
        html: '<p>Hello from Ghost.</p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/size/w600/2024/02/inline.jpg" class="kg-image" alt="Inline" srcset="__GHOST_URL__/content/images/size/w600/2024/02/inline.jpg 600w, __GHOST_URL__/content/images/2024/02/inline.jpg 1200w"></figure>',
        featureImage: "__GHOST_URL__/content/images/2024/02/cover.jpg",
        featureImageAlt: "The cover",
        featured: true,
        excerpt: "Ghost's own excerpt.",
        metaTitle: "Ghost SEO title",
        metaDescription: "Ghost SEO description.",
        tags: ["t3", "t1", "t2"],
        authors: ["u1"],
        publishedAt: "2024-02-02T08:00:00.000Z",
      },
      {
        id: "g2",
        title: "Lexical story",
        html: null,
        lexical: {
          root: {
            children: [
              { type: "heading", tag: "h2", children: [text("A heading")] },
              { type: "paragraph", children: [text("Plain and "), text("bold", 1)] },
            ],
          },
        },
        tags: ["t4"],
        authors: ["u2"],
      },
      {
        id: "g3",
        title: "Mobiledoc story",
        html: null,
        mobiledoc: {
          version: "0.3.1",
          atoms: [],
          cards: [],
          markups: [],
          sections: [[1, "p", [[0, [], 0, "Written in the old editor"]]]],
        },
      },
      {
        id: "g4",
        title: "Ghost later",
        status: "scheduled",
        publishedAt: "2099-03-01T10:00:00.000Z",
        html: "<p>Soon</p>",
      },
      { id: "g5", title: "Members only", visibility: "members", html: "<p>For members</p>" },
      {
        id: "g6",
        title: "Ghost draft",
        status: "draft",
        publishedAt: null,
        html: "<p>Not yet</p>",
      },
      { id: "g7", title: "About", slug: "about", type: "page", html: "<p>About the blog</p>" },
      { id: "g8", title: "Colophon", type: "page", html: "<p>Made with care</p>" },
    ],
  });
}
