import type { z } from "@hono/zod-openapi";
import type { User } from "#common/types.ts";
import { ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import type { RevisionsService } from "#server/modules/revisions/revisions.service.ts";
import { type RESTORED_DOCUMENT, revisionCalls } from "./contract/content.ts";
import { DOCUMENT_KINDS } from "./document-kinds.ts";
import { toPostResponse } from "./post-response.ts";

/**
 * Revisions of posts, pages and services (docs/decisions/017-revisions.md):
 * the list, one revision with its snapshot, and a restore, under each
 * document's own path. Whoever may edit the document may use them (the
 * service checks a post's author; 404 for an unknown document or a revision
 * of another one).
 */

const RESTORED = "Revision restored";

type Kind = keyof typeof revisionCalls;

/** A kind's restore, answering the document as the restore call declares it. */
type Restore<K extends Kind> = (
  revisions: RevisionsService,
  user: User,
  id: number,
  revisionId: number,
) => Promise<z.infer<(typeof RESTORED_DOCUMENT)[K]>>;

/** The three calls of one kind of document: its revisions, one of them, a restore. */
function revisionsOf<K extends Kind>(kind: K, restore: Restore<K>) {
  const calls = revisionCalls[kind];
  const { type } = DOCUMENT_KINDS[kind];
  return createRouter()
    .openapi(calls.list, async (c) => {
      const { id } = c.req.valid("param");
      return ok(c, await c.var.services.revisions.listRevisions(c.var.user, type, id));
    })
    .openapi(calls.get, async (c) => {
      const { id, revisionId } = c.req.valid("param");
      const data = await c.var.services.revisions.getRevision(c.var.user, type, id, revisionId);
      return ok(c, data);
    })
    .openapi(calls.restore, async (c) => {
      const { id, revisionId } = c.req.valid("param");
      const data: unknown = await restore(c.var.services.revisions, c.var.user, id, revisionId);
      return ok(c, data, RESTORED);
    });
}

export const revisionsApi = createRouter()
  .route(
    "/",
    revisionsOf("post", async (revisions, user, id, revisionId) =>
      toPostResponse(await revisions.restorePostRevision(user, id, revisionId)),
    ),
  )
  .route(
    "/",
    revisionsOf("page", (revisions, user, id, revisionId) =>
      revisions.restorePageRevision(user, id, revisionId),
    ),
  )
  .route(
    "/",
    revisionsOf("service", (revisions, user, id, revisionId) =>
      revisions.restoreServiceRevision(user, id, revisionId),
    ),
  );
