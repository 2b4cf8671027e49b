import { ok } from "#server/http/responses.ts";
import { createRouter, itemOf } from "#server/http/router.ts";
import { mediaCalls } from "./contract/site.ts";

export const mediaApi = createRouter()
  .openapi(mediaCalls.list, async (c) => {
    const data = await c.var.services.media.listMedia(c.var.user);
    return ok(c, data);
  })
  .openapi(mediaCalls.update, async (c) => {
    const data = await c.var.services.media.updateMediaAlt(
      c.var.user,
      c.req.valid("param").id,
      c.req.valid("json").alt,
    );
    return ok(c, data);
  })
  .openapi(mediaCalls.remove, async (c) => {
    await c.var.services.media.deleteMedia(...itemOf(c));
    return ok(c, null, "Image deleted");
  });
