import { AutosaveInputSchemas, AutosaveSchema, PresenceSchema } from "#common/schemas/autosave.ts";
import { IdParams, jsonBody } from "#server/http/request.ts";
import { Done, dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";
import { DOCUMENT_KINDS } from "./document-kinds.ts";

/**
 * What the editors do around a document (issue 23, decision 018): the
 * signed-in user's autosave of a post, page or service, and presence (who
 * else has it open). Allowed to whoever may edit the document.
 */

const KINDS = Object.values(DOCUMENT_KINDS);

function routesOf({ type: kind, base, tag, name, permission }: (typeof KINDS)[number]) {
  const { route } = routesFor(tag);
  const noun = kind;
  return {
    save: route(`PUT ${base}/{id}/autosave`, `save${name}Autosave`, {
      summary: `Autosave your unsaved changes to a ${noun} (the ${noun} itself is not changed)`,
      ...signedIn(permission),
      request: { params: IdParams, ...jsonBody(AutosaveInputSchemas[kind]) },
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
  };
}

function addRoutes(router: ReturnType<typeof createRouter>, entry: (typeof KINDS)[number]) {
  const r = routesOf(entry);
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
