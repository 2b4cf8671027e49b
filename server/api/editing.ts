import { ok } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import { editingCalls } from "./contract/content.ts";
import { DOCUMENT_KINDS } from "./document-kinds.ts";

/**
 * What the editors do around a document (issue 23, decision 018): the
 * signed-in user's autosave of a post, page or service, and presence (who
 * else has it open). Allowed to whoever may edit the document.
 */

const KINDS = Object.values(DOCUMENT_KINDS);

function addRoutes(router: ReturnType<typeof createRouter>, entry: (typeof KINDS)[number]) {
  const r = editingCalls[entry.type];
  const kind = entry.type;
  return router
    .openapi(r.save, async (c) => {
      const data = await c.var.services.autosave.saveAutosave(
        c.var.user,
        kind,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return ok(c, data, "Autosaved");
    })
    .openapi(r.get, async (c) => {
      const data = await c.var.services.autosave.getAutosave(
        c.var.user,
        kind,
        c.req.valid("param").id,
      );
      return ok(c, data);
    })
    .openapi(r.discard, async (c) => {
      await c.var.services.autosave.discardAutosave(c.var.user, kind, c.req.valid("param").id);
      return ok(c, null, "Autosave discarded");
    })
    .openapi(r.beat, async (c) => {
      const user = c.var.user;
      const data = await c.var.services.presence.beat(
        { ...user, name: `${user.first_name} ${user.last_name}`.trim() || user.username },
        kind,
        c.req.valid("param").id,
      );
      return ok(c, data);
    })
    .openapi(r.leave, async (c) => {
      await c.var.services.presence.leave(c.var.user, kind, c.req.valid("param").id);
      return ok(c, null, "Left");
    });
}

export const editingApi = KINDS.reduce((router, entry) => addRoutes(router, entry), createRouter());
