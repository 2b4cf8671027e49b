import { z } from "@hono/zod-openapi";
import type { DocumentType } from "#common/documents.ts";
import type { Permission } from "#common/permissions.ts";
import { AutosaveInputSchemas, AutosaveSchema, PresenceSchema } from "#common/schemas/autosave.ts";
import {
  CategoryInputSchema,
  ReorderSchema,
  ServiceInputSchema,
  TagInputSchema,
} from "#common/schemas/content.ts";
import { idListText } from "#common/schemas/fields.ts";
import { PageBulkSchema, PageInputSchema, PageStatusFilterSchema } from "#common/schemas/pages.ts";
import { PostBulkSchema, PostInputSchema, PostStatusFilterSchema } from "#common/schemas/posts.ts";
import {
  PreviewLinkCreatedSchema,
  PreviewLinkInputSchema,
  PreviewLinkListSchema,
} from "#common/schemas/preview-links.ts";
import {
  BulkResultSchema,
  CategorySchema,
  PageListSchema,
  PageRevisionSchema,
  PageSchema,
  PostListResponseSchema,
  PostResponseSchema,
  PostRevisionSchema,
  PostSummaryResponseSchema,
  PostViewsSchema,
  RevisionSummarySchema,
  ServiceRevisionSchema,
  ServiceSchema,
  TagSchema,
} from "#common/schemas/responses.ts";
import { DOCUMENT_KINDS } from "#server/api/document-kinds.ts";
import { IdParams, idParam, idParams, jsonBody, pagingQuery } from "#server/http/request.ts";
import { Done, dataResponses, dataResponsesWith, errorResponses } from "#server/http/responses.ts";
import { callsOf, type routesFor, signedIn } from "#server/http/router.ts";
import { PAGE_LIST_SIZE } from "#server/modules/pages/pages.service.ts";

/**
 * The calls of content, declared once: posts, categories and tags, services,
 * pages, and the calls around an open document (autosave, presence,
 * revisions, preview links). See contract/accounts.ts for what a declaration
 * holds (decision 042).
 */

// ── Posts, categories and tags (server/api/blog.ts) ──

const PostListQuery = z.object({
  ...pagingQuery(),
  search: z.string().max(200, "search must be 200 characters or less").optional(),
  category: z.string().max(200, "category must be 200 characters or less").optional(),
  tag: z.string().max(200, "tag must be 200 characters or less").optional(),
  status: PostStatusFilterSchema.optional(),
  author: idParam("author", "query").optional(),
  featured: z.enum(["true", "false"], { error: "featured must be true or false" }).optional(),
});

/** All categories or all tags, with live post counts: in `data`, and again under their own name. */
function termListRoute<const P extends "categories" | "tags", S extends z.ZodType>(
  route: ReturnType<typeof routesFor>["route"],
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

export const blogCalls = callsOf("Blog", ({ route, deleteRoute, saveRoute }) => ({
  listPosts: route("GET /blog/posts", "listPosts", {
    summary: "List posts (public: live posts only; staff may filter by status)",
    request: { query: PostListQuery },
    responses: dataResponses(PostListResponseSchema, "`{posts, count, totalPages, page, limit}`"),
  }),

  featured: route("GET /blog/posts/featured", "listFeaturedPosts", {
    summary: "Featured live posts",
    request: { query: z.object({ limit: pagingQuery().limit }) },
    responses: dataResponses(z.array(PostSummaryResponseSchema), "Posts"),
  }),

  related: route("GET /blog/posts/related", "listRelatedPosts", {
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
  }),

  byId: route("GET /blog/posts/id/{id}", "getPostById", {
    summary: "A post by id (drafts for staff who may manage them)",
    request: { params: z.object({ id: z.string().max(100) }) },
    responses: dataResponses(PostResponseSchema, "The post", [404]),
  }),

  bySlug: route("GET /blog/posts/{id}", "getPostBySlug", {
    summary: "A live post by slug (counts a view)",
    description:
      "The path segment is the post's slug here (the spec's URL); a post by id is GET /blog/posts/id/{id}. PUT and DELETE on the same path take the id.",
    request: {
      params: z.object({
        id: z.string().max(200).openapi({ description: "The post's slug", example: "hello-world" }),
      }),
    },
    responses: dataResponses(PostResponseSchema, "The post", [404]),
  }),

  views: route("GET /blog/posts/views/{id}", "getPostViews", {
    summary: "A live post's view count now (counts nothing; never cached)",
    request: { params: IdParams },
    responses: dataResponses(PostViewsSchema, "The count", [404]),
  }),

  create: route("POST /blog/posts", "createPost", {
    summary: "Create a post",
    ...signedIn("posts:create"),
    request: jsonBody(PostInputSchema),
    responses: dataResponses(PostResponseSchema, "The new post", [409], 201),
  }),

  update: saveRoute("/blog/posts/{id}", "updatePost", {
    summary: "Update a post (fields left out stay as they are)",
    body: PostInputSchema.partial(),
    item: PostResponseSchema,
    saved: "The updated post",
    errors: [403, 404],
  }),

  remove: deleteRoute("/blog/posts/{id}", "deletePost", {
    summary: "Delete a post",
    errors: [403],
  }),

  bulk: route("POST /blog/posts/bulk", "bulkUpdatePosts", {
    summary: "Publish, move to draft or delete several posts at once",
    ...signedIn("posts:create"),
    request: jsonBody(PostBulkSchema),
    responses: dataResponses(BulkResultSchema, "How many posts changed", [404]),
  }),

  listCategories: termListRoute(route, "categories", "listCategories", CategorySchema),
  listTags: termListRoute(route, "tags", "listTags", TagSchema),
}));

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
function termCalls({ base, one, permission, input, schema, deleteSummary }: TermKind) {
  const a = one.toLowerCase();
  return callsOf("Blog", ({ route, deleteRoute }) => ({
    create: route(`POST ${base}`, `create${one}`, {
      summary: `Create a ${a}`,
      ...signedIn(permission),
      request: jsonBody(input),
      responses: dataResponses(schema, `The ${a}`, [...writeErrors], 201),
    }),
    update: route(`PUT ${base}/{id}`, `update${one}`, {
      summary: `Rename a ${a}`,
      ...signedIn(permission),
      request: { params: IdParams, ...jsonBody(input) },
      responses: dataResponses(schema, `The ${a}`, [...writeErrors]),
    }),
    remove: deleteRoute(`${base}/{id}`, `delete${one}`, {
      summary: deleteSummary,
      permission,
    }),
  }));
}

export const categoryCalls = termCalls({
  base: "/blog/categories",
  one: "Category",
  permission: "categories:manage",
  input: CategoryInputSchema,
  schema: CategorySchema,
  deleteSummary: "Delete a category (its posts stay)",
});

export const tagCalls = termCalls({
  base: "/blog/tags",
  one: "Tag",
  permission: "tags:manage",
  input: TagInputSchema,
  schema: TagSchema,
  deleteSummary: "Delete a tag",
});

// ── Services (server/api/services.ts) ──

export const servicesCalls = callsOf("Services", ({ deleteRoute, route, saveRoute }) => ({
  list: route("GET /services", "listServices", {
    summary: "All services in display order",
    responses: dataResponses(z.array(ServiceSchema), "Services", [400]),
  }),

  get: route("GET /services/{id}", "getService", {
    summary: "A service by id or slug",
    request: {
      params: z.object({
        id: z
          .string()
          .max(200)
          .openapi({ description: "The service's id or slug", example: "web-development" }),
      }),
    },
    responses: dataResponses(ServiceSchema, "The service", [404]),
  }),

  create: route("POST /services", "createService", {
    summary: "Create a service",
    ...signedIn("services:manage"),
    request: jsonBody(ServiceInputSchema),
    responses: dataResponses(ServiceSchema, "The service", [409], 201),
  }),

  reorder: route("PUT /services/reorder", "reorderServices", {
    summary: "Set the display order (footer, home grid and services list)",
    description:
      "`ids` in the new order; services not listed keep their order after the listed ones.",
    ...signedIn("services:manage"),
    request: jsonBody(ReorderSchema),
    responses: dataResponses(z.array(ServiceSchema), "Services in the new order", [404]),
  }),

  update: saveRoute("/services/{id}", "updateService", {
    summary: "Update a service",
    permission: "services:manage",
    body: ServiceInputSchema,
    item: ServiceSchema,
    saved: "The service",
  }),

  remove: deleteRoute("/services/{id}", "deleteService", {
    summary: "Delete a service",
    permission: "services:manage",
  }),
}));

// ── Pages (server/api/pages.ts) ──

export const pagesCalls = callsOf("Pages", ({ deleteRoute, route, saveRoute }) => ({
  list: route("GET /pages", "listPages", {
    summary: "Every page, newest change first, with a status filter, search and paging",
    ...signedIn("pages:manage"),
    request: {
      query: z.object({
        ...pagingQuery(PAGE_LIST_SIZE.max),
        status: PageStatusFilterSchema.optional(),
        search: z.string().max(200, "search must be 200 characters or less").optional(),
      }),
    },
    responses: dataResponses(PageListSchema, "`{pages, count, totalPages, page, limit}`"),
  }),

  get: route("GET /pages/{id}", "getPage", {
    summary: "A page by id, whatever its status",
    ...signedIn("pages:manage"),
    request: { params: IdParams },
    responses: dataResponses(PageSchema, "The page", [404]),
  }),

  create: route("POST /pages", "createPage", {
    summary: "Create a page",
    ...signedIn("pages:manage"),
    request: jsonBody(PageInputSchema),
    responses: dataResponses(PageSchema, "The new page", [409], 201),
  }),

  update: saveRoute("/pages/{id}", "updatePage", {
    summary: "Update a page (fields left out stay as they are)",
    permission: "pages:manage",
    body: PageInputSchema.partial(),
    item: PageSchema,
    saved: "The updated page",
  }),

  remove: deleteRoute("/pages/{id}", "deletePage", {
    summary: "Delete a page (its old addresses stop redirecting)",
    permission: "pages:manage",
  }),

  bulk: route("POST /pages/bulk", "bulkUpdatePages", {
    summary: "Publish, move to draft or delete several pages at once",
    ...signedIn("pages:manage"),
    request: jsonBody(PageBulkSchema),
    responses: dataResponses(BulkResultSchema, "How many pages changed", [404]),
  }),
}));

// ── The calls around an open document, per kind (editing.ts, revisions.ts, preview-links.ts) ──

type Kind = (typeof DOCUMENT_KINDS)[DocumentType];

/** Autosave and presence (issue 23, decision 018), allowed to whoever may edit the document. */
function editingCallsOf({ type: noun, base, tag, name, permission }: Kind) {
  return callsOf(tag, ({ route }) => ({
    save: route(`PUT ${base}/{id}/autosave`, `save${name}Autosave`, {
      summary: `Autosave your unsaved changes to a ${noun} (the ${noun} itself is not changed)`,
      ...signedIn(permission),
      request: { params: IdParams, ...jsonBody(AutosaveInputSchemas[noun]) },
      responses: dataResponses(AutosaveSchema, "Your autosave", [403, 404]),
    }),
    get: route(`GET ${base}/{id}/autosave`, `get${name}Autosave`, {
      summary: `Your own autosave of a ${noun}, if you have one`,
      ...signedIn(permission),
      request: { params: IdParams },
      responses: dataResponses(AutosaveSchema, "Your autosave", [403, 404]),
    }),
    discard: route(`DELETE ${base}/{id}/autosave`, `delete${name}Autosave`, {
      summary: `Discard your autosave of a ${noun}`,
      ...signedIn(permission),
      request: { params: IdParams },
      responses: dataResponses(Done, "Discarded", [403, 404]),
    }),
    beat: route(`POST ${base}/{id}/presence`, `heartbeat${name}Presence`, {
      summary: `Say you are editing a ${noun} (every ~15 s); answers the others editing it and when your autosave of it was written`,
      description:
        "Soft presence, not a lock: an entry expires 45 s after its last heartbeat. Kept in the server's memory (one instance).",
      ...signedIn(permission),
      request: { params: IdParams },
      responses: dataResponses(PresenceSchema, "The other users editing it now", [403, 404]),
    }),
    leave: route(`DELETE ${base}/{id}/presence`, `leave${name}Presence`, {
      summary: `Say you closed a ${noun}`,
      ...signedIn(permission),
      request: { params: IdParams },
      responses: dataResponses(Done, "Left", [403, 404]),
    }),
  }));
}

export const editingCalls = {
  post: editingCallsOf(DOCUMENT_KINDS.post),
  page: editingCallsOf(DOCUMENT_KINDS.page),
  service: editingCallsOf(DOCUMENT_KINDS.service),
};

const RevisionParams = idParams("id", "revisionId");

/** What a restore answers: each kind of document as GET answers it (the handlers' restores are checked against it). */
export const RESTORED_DOCUMENT = {
  post: PostResponseSchema,
  page: PageSchema,
  service: ServiceSchema,
} as const;

/** What sets one kind of document's revision calls apart from the others'. */
type RevisionKind = Kind & {
  /** How a revision's summary names the fields it keeps: "the post's fields". */
  fields: string;
  /** What a restore brings back and what stays. */
  restores: string;
  revision: z.ZodType;
  /** The document as GET answers it: what a restore answers. */
  document: z.ZodType;
};

/**
 * Revisions (docs/decisions/017-revisions.md): the list, one revision with its
 * snapshot, and a restore, under each document's own path, for whoever may
 * edit the document.
 */
function revisionCallsOf(kind: RevisionKind) {
  const { base, name, permission } = kind;
  const a = name.toLowerCase();
  const guard = signedIn(permission);
  const errors = [403, 404] as const;
  const revision = `${base}/{id}/revisions/{revisionId}` as const;
  return callsOf("Revisions", ({ route }) => ({
    list: route(`GET ${base}/{id}/revisions`, `list${name}Revisions`, {
      summary: `The revisions of a ${a}, newest first`,
      ...guard,
      request: { params: IdParams },
      responses: dataResponses(
        z.array(RevisionSummarySchema),
        "`[{id, created_at, author {id, name}, reason, title}]`",
        errors,
      ),
    }),
    get: route(`GET ${revision}`, `get${name}Revision`, {
      summary: `One revision of a ${a}, with ${kind.fields} as they were saved`,
      ...guard,
      request: { params: RevisionParams },
      responses: dataResponses(kind.revision, "The revision", errors),
    }),
    restore: route(`POST ${revision}/restore`, `restore${name}Revision`, {
      summary: `Save a revision's content as the ${a}'s (makes a new revision)`,
      description: kind.restores,
      ...guard,
      request: { params: RevisionParams },
      responses: dataResponses(kind.document, `The ${a} as GET answers it`, [403, 404, 409]),
    }),
  }));
}

export const revisionCalls = {
  post: revisionCallsOf({
    ...DOCUMENT_KINDS.post,
    fields: "the post's fields",
    restores:
      "Title, excerpt, content, featured image, categories and tags that still exist, and the SEO fields come back; the slug and the publication state stay as they are.",
    revision: PostRevisionSchema,
    document: RESTORED_DOCUMENT.post,
  }),
  page: revisionCallsOf({
    ...DOCUMENT_KINDS.page,
    fields: "the page's fields",
    restores:
      "Title, content, featured image, SEO fields and the search-engine flag come back; the slug and the publication state stay as they are.",
    revision: PageRevisionSchema,
    document: RESTORED_DOCUMENT.page,
  }),
  service: revisionCallsOf({
    ...DOCUMENT_KINDS.service,
    fields: "its fields",
    restores: "Title, description, icon and details come back; the slug stays as it is.",
    revision: ServiceRevisionSchema,
    document: RESTORED_DOCUMENT.service,
  }),
};

const LinkParams = idParams("id", "linkId");

/** The body is optional: without one the link lasts 7 days. */
const previewLinkBody = {
  body: {
    required: false,
    description: "`expires_in_hours`: a whole number from 1 to 720 (default 168, 7 days)",
    content: { "application/json": { schema: PreviewLinkInputSchema } },
  },
};

/**
 * Secret preview links of a draft or scheduled post or page (issue 23,
 * decision 019): made, listed and revoked by whoever may edit the document.
 */
function previewLinkCallsOf(kind: Kind) {
  const { type, name } = kind;
  const base = `${kind.base}/{id}` as const;
  const guard = signedIn(kind.permission);
  return callsOf("Preview links", ({ route }) => ({
    create: route(`POST ${base}/preview-links`, `create${name}PreviewLink`, {
      summary: `Create a secret preview link of a ${type} (its URL is shown only in this answer)`,
      ...guard,
      request: { params: IdParams, ...previewLinkBody },
      responses: dataResponses(
        PreviewLinkCreatedSchema,
        "The new link: `{id, url, expires_at}`",
        [404],
        201,
      ),
    }),
    list: route(`GET ${base}/preview-links`, `list${name}PreviewLinks`, {
      summary: `The ${type}'s preview links, newest first, with their status (never their secret)`,
      ...guard,
      request: { params: IdParams },
      responses: dataResponses(PreviewLinkListSchema, "The links", [404]),
    }),
    revoke: route(`DELETE ${base}/preview-links/{linkId}`, `revoke${name}PreviewLink`, {
      summary: `Revoke one of the ${type}'s preview links: it answers 404 from now on`,
      ...guard,
      request: { params: LinkParams },
      responses: {
        204: { description: "Revoked (or already revoked)" },
        404: errorResponses[404],
      },
    }),
  }));
}

export const previewLinkCalls = {
  post: previewLinkCallsOf(DOCUMENT_KINDS.post),
  page: previewLinkCallsOf(DOCUMENT_KINDS.page),
};
