import { z } from "@hono/zod-openapi";
import {
  PageRevisionSchema,
  PageSchema,
  PostResponseSchema,
  PostRevisionSchema,
  RevisionSummarySchema,
  ServiceRevisionSchema,
  ServiceSchema,
} from "#common/schemas/responses.ts";
import type { User } from "#common/types.ts";
import { IdParams, idParams } from "#server/http/request.ts";
import { dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";
import type { RevisionsService } from "#server/modules/revisions/revisions.service.ts";
import { DOCUMENT_KINDS, type DocumentKind } from "./document-kinds.ts";
import { toPostResponse } from "./post-response.ts";

/**
 * Revisions of posts, pages and services (docs/decisions/017-revisions.md):
 * the list, one revision with its snapshot, and a restore, under each
 * document's own path. Whoever may edit the document may use them (the
 * service checks a post's author; 404 for an unknown document or a revision
 * of another one).
 */
const { route } = routesFor("Revisions");

const RevisionParams = idParams("id", "revisionId");

const RESTORED = "Revision restored";

/** What sets one kind of document's revision calls apart from the others'. */
type RevisionKind<D extends z.ZodType> = DocumentKind & {
  /** How a revision's summary names the fields it keeps: "the post's fields". */
  fields: string;
  /** What a restore brings back and what stays. */
  restores: string;
  revision: z.ZodType;
  document: D;
  restore: (
    revisions: RevisionsService,
    user: User,
    id: number,
    revisionId: number,
  ) => Promise<z.infer<D>>;
};

/** The three calls of one kind of document: its revisions, one of them, a restore. */
function revisionsOf<D extends z.ZodType>(kind: RevisionKind<D>) {
  const { base, name, permission } = kind;
  const a = name.toLowerCase();
  const guard = signedIn(permission);
  const errors = [403, 404] as const;
  const revision = `${base}/{id}/revisions/{revisionId}` as const;
  // The document's schema as a plain type here: each kind's `restore` is checked against it.
  const document: z.ZodType = kind.document;
  const list = route(`GET ${base}/{id}/revisions`, `list${name}Revisions`, {
    summary: `The revisions of a ${a}, newest first`,
    ...guard,
    request: { params: IdParams },
    responses: dataResponses(
      z.array(RevisionSummarySchema),
      "`[{id, created_at, author {id, name}, reason, title}]`",
      errors,
    ),
  });
  const get = route(`GET ${revision}`, `get${name}Revision`, {
    summary: `One revision of a ${a}, with ${kind.fields} as they were saved`,
    ...guard,
    request: { params: RevisionParams },
    responses: dataResponses(kind.revision, "The revision", errors),
  });
  const restore = route(`POST ${revision}/restore`, `restore${name}Revision`, {
    summary: `Save a revision's content as the ${a}'s (makes a new revision)`,
    description: kind.restores,
    ...guard,
    request: { params: RevisionParams },
    responses: dataResponses(document, `The ${a} as GET answers it`, [403, 404, 409]),
  });
  return createRouter()
    .openapi(list, async (c) => {
      const { id } = c.req.valid("param");
      return ok(c, await c.var.services.revisions.listRevisions(c.var.user, kind.type, id));
    })
    .openapi(get, async (c) => {
      const { id, revisionId } = c.req.valid("param");
      const data = await c.var.services.revisions.getRevision(
        c.var.user,
        kind.type,
        id,
        revisionId,
      );
      return ok(c, data);
    })
    .openapi(restore, async (c) => {
      const { id, revisionId } = c.req.valid("param");
      const data: unknown = await kind.restore(
        c.var.services.revisions,
        c.var.user,
        id,
        revisionId,
      );
      return ok(c, data, RESTORED);
    });
}

export const revisionsApi = createRouter()
  .route(
    "/",
    revisionsOf({
      ...DOCUMENT_KINDS.post,
      fields: "the post's fields",
      restores:
        "Title, excerpt, content, featured image, categories and tags that still exist, and the SEO fields come back; the slug and the publication state stay as they are.",
      revision: PostRevisionSchema,
      document: PostResponseSchema,
      restore: async (revisions, user, id, revisionId) =>
        toPostResponse(await revisions.restorePostRevision(user, id, revisionId)),
    }),
  )
  .route(
    "/",
    revisionsOf({
      ...DOCUMENT_KINDS.page,
      fields: "the page's fields",
      restores:
        "Title, content, featured image, SEO fields and the search-engine flag come back; the slug and the publication state stay as they are.",
      revision: PageRevisionSchema,
      document: PageSchema,
      restore: (revisions, user, id, revisionId) =>
        revisions.restorePageRevision(user, id, revisionId),
    }),
  )
  .route(
    "/",
    revisionsOf({
      ...DOCUMENT_KINDS.service,
      fields: "its fields",
      restores: "Title, description, icon and details come back; the slug stays as it is.",
      revision: ServiceRevisionSchema,
      document: ServiceSchema,
      restore: (revisions, user, id, revisionId) =>
        revisions.restoreServiceRevision(user, id, revisionId),
    }),
  );
