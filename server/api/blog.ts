import { created, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, saveOf } from "#server/http/router.ts";
import { AppError } from "#server/lib/app-error.ts";
import { blogCalls, categoryCalls, tagCalls } from "./contract/content.ts";
import { toPostListResponse, toPostResponse } from "./post-response.ts";

/** A category's or a tag's create, rename and delete (`categoryCalls`, `tagCalls`). */
function termsOf(calls: typeof categoryCalls | typeof tagCalls, one: "Category" | "Tag") {
  return createRouter()
    .openapi(calls.create, async (c) => {
      const categories = c.var.services.categories;
      const data: unknown = await categories[`create${one}`](c.var.user, await c.req.json());
      return created(c, data);
    })
    .openapi(calls.update, async (c) => {
      const { id } = c.req.valid("param");
      const categories = c.var.services.categories;
      const data: unknown = await categories[`update${one}`](c.var.user, id, await c.req.json());
      return ok(c, data);
    })
    .openapi(calls.remove, async (c) => {
      await c.var.services.categories[`delete${one}`](...itemOf(c));
      return ok(c, null, `${one} deleted`);
    });
}

export const blogApi = createRouter()
  .openapi(blogCalls.featured, async (c) => {
    const posts = await c.var.services.posts.listFeaturedPosts(c.req.valid("query").limit ?? 3);
    return ok(
      c,
      posts.map((p) => toPostResponse(p)),
    );
  })
  .openapi(blogCalls.related, async (c) => {
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
  .openapi(blogCalls.byId, async (c) => {
    const post = await c.var.services.posts.getPostById(c.var.user, c.req.valid("param").id);
    return ok(c, toPostResponse(post));
  })
  .openapi(blogCalls.bulk, async (c) => {
    const { action, ids } = c.req.valid("json");
    const data = await c.var.services.posts.bulkPosts(c.var.user, action, ids);
    return ok(c, data);
  })
  .openapi(blogCalls.listPosts, async (c) => {
    const q = c.req.valid("query");
    const list = await c.var.services.posts.listPosts(c.var.user, {
      ...q,
      featured: q.featured === "true",
    });
    return ok(c, toPostListResponse(list));
  })
  .openapi(blogCalls.bySlug, async (c) => {
    const post = await c.var.services.posts.getPublicPostBySlug(c.req.valid("param").id, {
      countView: true,
    });
    if (!post) throw AppError.notFound("Post not found");
    // Each read counts a view and answers the count: never served from a cache.
    return c.json({ success: true as const, data: toPostResponse(post) }, 200, {
      "cache-control": "no-store",
    });
  })
  .openapi(blogCalls.views, async (c) => {
    const count = await c.var.services.posts.getPostViews(c.req.valid("param").id);
    if (count === null) throw AppError.notFound("Post not found");
    return c.json({ success: true as const, data: { views: count } }, 200, {
      "cache-control": "no-store",
    });
  })
  .openapi(blogCalls.create, async (c) => {
    const post = await c.var.services.posts.createPost(c.var.user, c.req.valid("json"));
    const data = toPostResponse(post);
    return created(c, data, "Post created successfully!");
  })
  .openapi(blogCalls.update, async (c) => {
    const post = await c.var.services.posts.updatePost(...saveOf(c, await c.req.json()));
    const data = toPostResponse(post);
    return ok(c, data, "Post updated successfully!");
  })
  .openapi(blogCalls.remove, async (c) => {
    await c.var.services.posts.deletePost(...itemOf(c));
    return ok(c, null, "Post deleted successfully");
  })
  .openapi(blogCalls.listCategories, async (c) => {
    const categories = await c.var.services.categories.listCategories();
    return c.json({ success: true as const, categories, data: categories }, 200);
  })
  .openapi(blogCalls.listTags, async (c) => {
    const tags = await c.var.services.categories.listTags();
    return c.json({ success: true as const, tags, data: tags }, 200);
  })
  .route("/", termsOf(categoryCalls, "Category"))
  .route("/", termsOf(tagCalls, "Tag"));
