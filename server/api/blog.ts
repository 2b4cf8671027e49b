import { z } from "@hono/zod-openapi";
import type { Permission } from "#common/permissions.ts";
import { CategoryInputSchema, TagInputSchema } from "#common/schemas/content.ts";
import { idListText } from "#common/schemas/fields.ts";
import { PostBulkSchema, PostInputSchema, PostStatusFilterSchema } from "#common/schemas/posts.ts";
import {
  BulkResultSchema,
  CategorySchema,
  PostListResponseSchema,
  PostResponseSchema,
  PostSummaryResponseSchema,
  PostViewsSchema,
  TagSchema,
} from "#common/schemas/responses.ts";
import { IdParams, idParam, jsonBody, pagingQuery } from "#server/http/request.ts";
import { created, dataResponses, dataResponsesWith, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, routesFor, saveOf, signedIn } from "#server/http/router.ts";
import { AppError } from "#server/lib/app-error.ts";
import { toPostListResponse, toPostResponse } from "./post-response.ts";

const { route, deleteRoute, saveRoute } = routesFor("Blog");

const ListQuery = z.object({
  ...pagingQuery(),
  search: z.string().max(200, "search must be 200 characters or less").optional(),
  category: z.string().max(200, "category must be 200 characters or less").optional(),
  tag: z.string().max(200, "tag must be 200 characters or less").optional(),
  status: PostStatusFilterSchema.optional(),
  author: idParam("author", "query").optional(),
  featured: z.enum(["true", "false"], { error: "featured must be true or false" }).optional(),
});

const listPosts = route("GET /blog/posts", "listPosts", {
  summary: "List posts (public: live posts only; staff may filter by status)",
  request: { query: ListQuery },
  responses: dataResponses(PostListResponseSchema, "`{posts, count, totalPages, page, limit}`"),
});

const featured = route("GET /blog/posts/featured", "listFeaturedPosts", {
  summary: "Featured live posts",
  request: { query: z.object({ limit: pagingQuery().limit }) },
  responses: dataResponses(z.array(PostSummaryResponseSchema), "Posts"),
});

const related = route("GET /blog/posts/related", "listRelatedPosts", {
  summary: "Live posts sharing a category with a post",
  request: {
    query: z.object({
      postId: idParam("postId", "query"),
      categories: idListText("categories")
        .optional()
        .openapi({ description: "Comma-separated category ids", example: "1,2" }),
      limit: pagingQuery().limit,
    }),
  },
  responses: dataResponses(z.array(PostSummaryResponseSchema), "Posts"),
});

const byId = route("GET /blog/posts/id/{id}", "getPostById", {
  summary: "A post by id (drafts for staff who may manage them)",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: dataResponses(PostResponseSchema, "The post", [404]),
});

const bySlug = route("GET /blog/posts/{id}", "getPostBySlug", {
  summary: "A live post by slug (counts a view)",
  description:
    "The path segment is the post's slug here (the spec's URL); a post by id is GET /blog/posts/id/{id}. PUT and DELETE on the same path take the id.",
  request: {
    params: z.object({
      id: z.string().max(200).openapi({ description: "The post's slug", example: "hello-world" }),
    }),
  },
  responses: dataResponses(PostResponseSchema, "The post", [404]),
});

const views = route("GET /blog/posts/views/{id}", "getPostViews", {
  summary: "A live post's view count now (counts nothing; never cached)",
  request: { params: IdParams },
  responses: dataResponses(PostViewsSchema, "The count", [404]),
});

const create = route("POST /blog/posts", "createPost", {
  summary: "Create a post",
  ...signedIn("posts:create"),
  request: jsonBody(PostInputSchema),
  responses: dataResponses(PostResponseSchema, "The new post", [409], 201),
});

const update = saveRoute("/blog/posts/{id}", "updatePost", {
  summary: "Update a post (fields left out stay as they are)",
  body: PostInputSchema.partial(),
  item: PostResponseSchema,
  saved: "The updated post",
  errors: [403, 404],
});

const remove = deleteRoute("/blog/posts/{id}", "deletePost", {
  summary: "Delete a post",
  errors: [403],
});

const bulk = route("POST /blog/posts/bulk", "bulkUpdatePosts", {
  summary: "Publish, move to draft or delete several posts at once",
  ...signedIn("posts:create"),
  request: jsonBody(PostBulkSchema),
  responses: dataResponses(BulkResultSchema, "How many posts changed", [404]),
});

/** All categories or all tags, with live post counts: in `data`, and again under their own name. */
function termListRoute<const P extends "categories" | "tags", S extends z.ZodType>(
  plural: P,
  operationId: string,
  schema: S,
) {
  const beside = { [plural]: z.array(schema) } as { [K in P]: z.ZodArray<S> };
  return route(`GET /blog/${plural}`, operationId, {
    summary: `All ${plural} with live post counts`,
    responses: dataResponsesWith(
      z.array(schema),
      beside,
      `The ${plural}, in \`${plural}\` and in \`data\``,
      [400],
    ),
  });
}

const listCategories = termListRoute("categories", "listCategories", CategorySchema);
const listTags = termListRoute("tags", "listTags", TagSchema);

/** What sets categories and tags apart: their path, their name, the right to change them. */
type TermKind = {
  base: "/blog/categories" | "/blog/tags";
  one: "Category" | "Tag";
  permission: Permission;
  input: z.ZodType;
  schema: z.ZodType;
  /** The delete's summary (what happens to the posts). */
  deleteSummary: string;
};

const writeErrors = [404, 409] as const;

/** A category's or a tag's create, rename and delete. */
function termsOf({ base, one, permission, input, schema, deleteSummary }: TermKind) {
  const a = one.toLowerCase();
  const create = route(`POST ${base}`, `create${one}`, {
    summary: `Create a ${a}`,
    ...signedIn(permission),
    request: jsonBody(input),
    responses: dataResponses(schema, `The ${a}`, [...writeErrors], 201),
  });
  const update = route(`PUT ${base}/{id}`, `update${one}`, {
    summary: `Rename a ${a}`,
    ...signedIn(permission),
    request: { params: IdParams, ...jsonBody(input) },
    responses: dataResponses(schema, `The ${a}`, [...writeErrors]),
  });
  const remove = deleteRoute(`${base}/{id}`, `delete${one}`, {
    summary: deleteSummary,
    permission,
  });
  return createRouter()
    .openapi(create, async (c) => {
      const categories = c.var.services.categories;
      const data: unknown = await categories[`create${one}`](c.var.user, await c.req.json());
      return created(c, data);
    })
    .openapi(update, async (c) => {
      const { id } = c.req.valid("param");
      const categories = c.var.services.categories;
      const data: unknown = await categories[`update${one}`](c.var.user, id, await c.req.json());
      return ok(c, data);
    })
    .openapi(remove, async (c) => {
      await c.var.services.categories[`delete${one}`](...itemOf(c));
      return ok(c, null, `${one} deleted`);
    });
}

export const blogApi = createRouter()
  .openapi(featured, async (c) => {
    const posts = await c.var.services.posts.listFeaturedPosts(c.req.valid("query").limit ?? 3);
    return ok(
      c,
      posts.map((p) => toPostResponse(p)),
    );
  })
  .openapi(related, async (c) => {
    const query = c.req.valid("query");
    const posts = await c.var.services.posts.listRelatedPosts(
      query.postId,
      query.categories,
      query.limit ?? 3,
    );
    return ok(
      c,
      posts.map((p) => toPostResponse(p)),
    );
  })
  .openapi(byId, async (c) => {
    const post = await c.var.services.posts.getPostById(c.var.user, c.req.valid("param").id);
    return ok(c, toPostResponse(post));
  })
  .openapi(bulk, async (c) => {
    const { action, ids } = c.req.valid("json");
    const data = await c.var.services.posts.bulkPosts(c.var.user, action, ids);
    return ok(c, data);
  })
  .openapi(listPosts, async (c) => {
    const q = c.req.valid("query");
    const list = await c.var.services.posts.listPosts(c.var.user, {
      ...q,
      featured: q.featured === "true",
    });
    return ok(c, toPostListResponse(list));
  })
  .openapi(bySlug, async (c) => {
    const post = await c.var.services.posts.getPublicPostBySlug(c.req.valid("param").id, {
      countView: true,
    });
    if (!post) throw AppError.notFound("Post not found");
    // Each read counts a view and answers the count: never served from a cache.
    return c.json({ success: true as const, data: toPostResponse(post) }, 200, {
      "cache-control": "no-store",
    });
  })
  .openapi(views, async (c) => {
    const count = await c.var.services.posts.getPostViews(c.req.valid("param").id);
    if (count === null) throw AppError.notFound("Post not found");
    return c.json({ success: true as const, data: { views: count } }, 200, {
      "cache-control": "no-store",
    });
  })
  .openapi(create, async (c) => {
    const post = await c.var.services.posts.createPost(c.var.user, c.req.valid("json"));
    const data = toPostResponse(post);
    return created(c, data, "Post created successfully!");
  })
  .openapi(update, async (c) => {
    const post = await c.var.services.posts.updatePost(...saveOf(c, await c.req.json()));
    const data = toPostResponse(post);
    return ok(c, data, "Post updated successfully!");
  })
  .openapi(remove, async (c) => {
    await c.var.services.posts.deletePost(...itemOf(c));
    return ok(c, null, "Post deleted successfully");
  })
  .openapi(listCategories, async (c) => {
    const categories = await c.var.services.categories.listCategories();
    return c.json({ success: true as const, categories, data: categories }, 200);
  })
  .openapi(listTags, async (c) => {
    const tags = await c.var.services.categories.listTags();
    return c.json({ success: true as const, tags, data: tags }, 200);
  })
  .route(
    "/",
    termsOf({
      base: "/blog/categories",
      one: "Category",
      permission: "categories:manage",
      input: CategoryInputSchema,
      schema: CategorySchema,
      deleteSummary: "Delete a category (its posts stay)",
    }),
  )
  .route(
    "/",
    termsOf({
      base: "/blog/tags",
      one: "Tag",
      permission: "tags:manage",
      input: TagInputSchema,
      schema: TagSchema,
      deleteSummary: "Delete a tag",
    }),
  );
