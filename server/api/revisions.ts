import { z } from "@hono/zod-openapi";
import type { Permission } from "#common/permissions.ts";
import {
  PageRevisionSchema,
  PageSchema,
  PostResponseSchema,
  PostRevisionSchema,
  RevisionSummarySchema,
  ServiceRevisionSchema,
  ServiceSchema,
} from "#common/schemas/responses.ts";
import type { PageRevision, PostRevision, ServiceRevision } from "#common/types.ts";
import { idParam } from "#server/http/request.ts";
import { dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";
import { toPostResponse } from "./post-response.ts";

/**
 * Revisions of posts, pages and services (docs/decisions/017-revisions.md):
 * the list, one revision with its snapshot, and a restore, under each
 * document's own path. Whoever may edit the document may use them (the
 * service checks a post's author; 404 for an unknown document or a revision
 * of another one).
 */
const { route } = routesFor("Revisions");

const DocumentParams = z.object({ id: idParam("id") });
const RevisionParams = z.object({ id: idParam("id"), revisionId: idParam("revisionId") });

function revisionRoutes<const B extends "/blog/posts" | "/pages" | "/services">(
  base: B,
  names: { one: string },
  permission: Permission,
) {
  const guard = signedIn(permission);
  const errors = [403, 404] as const;
  const list = route(`GET ${base}/{id}/revisions`, `list${names.one}Revisions`, {
    summary: `The revisions of a ${names.one.toLowerCase()}, newest first`,
    ...guard,
    request: { params: DocumentParams },
    responses: dataResponses(
      z.array(RevisionSummarySchema),
      "`[{id, created_at, author {id, name}, reason, title}]`",
      errors,
    ),
  });
  return { list, guard, errors };
}

// Every staff role may edit posts; the service then allows only the post's author, editors and admins.
const posts = revisionRoutes("/blog/posts", { one: "Post" }, "posts:create");
const pages = revisionRoutes("/pages", { one: "Page" }, "pages:manage");
const services = revisionRoutes("/services", { one: "Service" }, "services:manage");

const getPost = route("GET /blog/posts/{id}/revisions/{revisionId}", "getPostRevision", {
  summary: "One revision of a post, with the post's fields as they were saved",
  ...posts.guard,
  request: { params: RevisionParams },
  responses: dataResponses(PostRevisionSchema, "The revision", posts.errors),
});
const restorePost = route(
  "POST /blog/posts/{id}/revisions/{revisionId}/restore",
  "restorePostRevision",
  {
    summary: "Save a revision's content as the post's (makes a new revision)",
    description:
      "Title, excerpt, content, featured image, categories and tags that still exist, and the SEO fields come back; the slug and the publication state stay as they are.",
    ...posts.guard,
    request: { params: RevisionParams },
    responses: dataResponses(PostResponseSchema, "The post as GET answers it", [403, 404, 409]),
  },
);

const getPage = route("GET /pages/{id}/revisions/{revisionId}", "getPageRevision", {
  summary: "One revision of a page, with the page's fields as they were saved",
  ...pages.guard,
  request: { params: RevisionParams },
  responses: dataResponses(PageRevisionSchema, "The revision", pages.errors),
});
const restorePage = route(
  "POST /pages/{id}/revisions/{revisionId}/restore",
  "restorePageRevision",
  {
    summary: "Save a revision's content as the page's (makes a new revision)",
    description:
      "Title, content, featured image, SEO fields and the search-engine flag come back; the slug and the publication state stay as they are.",
    ...pages.guard,
    request: { params: RevisionParams },
    responses: dataResponses(PageSchema, "The page as GET answers it", [403, 404, 409]),
  },
);

const getService = route("GET /services/{id}/revisions/{revisionId}", "getServiceRevision", {
  summary: "One revision of a service, with its fields as they were saved",
  ...services.guard,
  request: { params: RevisionParams },
  responses: dataResponses(ServiceRevisionSchema, "The revision", services.errors),
});
const restoreService = route(
  "POST /services/{id}/revisions/{revisionId}/restore",
  "restoreServiceRevision",
  {
    summary: "Save a revision's content as the service's (makes a new revision)",
    description: "Title, description, icon and details come back; the slug stays as it is.",
    ...services.guard,
    request: { params: RevisionParams },
    responses: dataResponses(ServiceSchema, "The service as GET answers it", [403, 404, 409]),
  },
);

const RESTORED = "Revision restored";

export const revisionsApi = createRouter()
  .openapi(posts.list, async (c) => {
    const { id } = c.req.valid("param");
    return ok(c, await c.var.services.revisions.listRevisions(c.var.user, "post", id));
  })
  .openapi(getPost, async (c) => {
    const { id, revisionId } = c.req.valid("param");
    const data = await c.var.services.revisions.getRevision(c.var.user, "post", id, revisionId);
    return ok(c, data as PostRevision);
  })
  .openapi(restorePost, async (c) => {
    const { id, revisionId } = c.req.valid("param");
    const post = await c.var.services.revisions.restorePostRevision(c.var.user, id, revisionId);
    return ok(c, toPostResponse(post), RESTORED);
  })
  .openapi(pages.list, async (c) => {
    const { id } = c.req.valid("param");
    return ok(c, await c.var.services.revisions.listRevisions(c.var.user, "page", id));
  })
  .openapi(getPage, async (c) => {
    const { id, revisionId } = c.req.valid("param");
    const data = await c.var.services.revisions.getRevision(c.var.user, "page", id, revisionId);
    return ok(c, data as PageRevision);
  })
  .openapi(restorePage, async (c) => {
    const { id, revisionId } = c.req.valid("param");
    const page = await c.var.services.revisions.restorePageRevision(c.var.user, id, revisionId);
    return ok(c, page, RESTORED);
  })
  .openapi(services.list, async (c) => {
    const { id } = c.req.valid("param");
    return ok(c, await c.var.services.revisions.listRevisions(c.var.user, "service", id));
  })
  .openapi(getService, async (c) => {
    const { id, revisionId } = c.req.valid("param");
    const data = await c.var.services.revisions.getRevision(c.var.user, "service", id, revisionId);
    return ok(c, data as ServiceRevision);
  })
  .openapi(restoreService, async (c) => {
    const { id, revisionId } = c.req.valid("param");
    const service = await c.var.services.revisions.restoreServiceRevision(
      c.var.user,
      id,
      revisionId,
    );
    return ok(c, service, RESTORED);
  });
