import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, dataResponses, IdParams, jsonBody, signedIn } from "../http/router.ts";

const tags = ["Media"];

const list = createRoute({
  method: "get",
  path: "/media",
  operationId: "listMedia",
  tags,
  summary: "The media library: uploads with sizes, alt text and where each is used",
  ...signedIn("uploads:create"),
  responses: dataResponses("Media items", [401, 403]),
});

const AltSchema = z.strictObject({
  alt: z
    .string({ error: "Alt text must be text" })
    .max(300, "Alt text must be 300 characters or less"),
});

const update = createRoute({
  method: "patch",
  path: "/media/{id}",
  operationId: "updateMedia",
  tags,
  summary: "Set an image's alt text",
  ...signedIn("uploads:create"),
  request: { params: IdParams, ...jsonBody(AltSchema) },
  responses: dataResponses("The item", [400, 401, 403, 404]),
});

const remove = createRoute({
  method: "delete",
  path: "/media/{id}",
  operationId: "deleteMedia",
  tags,
  summary: "Delete an image and its variants (refused while it is in use)",
  ...signedIn("uploads:create"),
  request: { params: IdParams },
  responses: dataResponses("Deleted", [401, 403, 404, 409]),
});

export const mediaApi = createRouter()
  .openapi(list, async (c) => {
    const data = await c.var.services.media.listMedia(c.var.user);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(update, async (c) => {
    const data = await c.var.services.media.updateMediaAlt(
      c.var.user,
      c.req.valid("param").id,
      c.req.valid("json").alt,
    );
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    await c.var.services.media.deleteMedia(c.var.user, c.req.valid("param").id);
    return c.json({ success: true as const, data: null, message: "Image deleted" }, 200);
  });
