import { z } from "@hono/zod-openapi";
import { MediaItemSchema } from "#common/schemas/responses.ts";
import { IdParams, jsonBody } from "#server/http/request.ts";
import { dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, routesFor, signedIn } from "#server/http/router.ts";

const { route, deleteRoute } = routesFor("Media");

const list = route("GET /media", "listMedia", {
  summary: "The media library: uploads with sizes, alt text and where each is used",
  ...signedIn("uploads:create"),
  responses: dataResponses(z.array(MediaItemSchema), "Media items"),
});

const AltSchema = z.strictObject({
  alt: z
    .string({ error: "Alt text must be text" })
    .max(300, "Alt text must be 300 characters or less"),
});

const update = route("PATCH /media/{id}", "updateMedia", {
  summary: "Set an image's alt text",
  ...signedIn("uploads:create"),
  request: { params: IdParams, ...jsonBody(AltSchema) },
  responses: dataResponses(MediaItemSchema, "The item", [404]),
});

const remove = deleteRoute("/media/{id}", "deleteMedia", {
  summary: "Delete an image and its variants (refused while it is in use)",
  permission: "uploads:create",
  errors: [409],
});

export const mediaApi = createRouter()
  .openapi(list, async (c) => {
    const data = await c.var.services.media.listMedia(c.var.user);
    return ok(c, data);
  })
  .openapi(update, async (c) => {
    const data = await c.var.services.media.updateMediaAlt(
      c.var.user,
      c.req.valid("param").id,
      c.req.valid("json").alt,
    );
    return ok(c, data);
  })
  .openapi(remove, async (c) => {
    await c.var.services.media.deleteMedia(...itemOf(c));
    return ok(c, null, "Image deleted");
  });
