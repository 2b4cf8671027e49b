import { createRoute, z } from "@hono/zod-openapi";
import { MediaItemSchema } from "../../common/schemas/responses.ts";
import { IdParams, jsonBody } from "../http/request.ts";
import { dataResponses, ok } from "../http/responses.ts";
import { createRouter, deleteRoute, signedIn } from "../http/router.ts";

const tags = ["Media"];

const list = createRoute({
  method: "get",
  path: "/media",
  operationId: "listMedia",
  tags,
  summary: "The media library: uploads with sizes, alt text and where each is used",
  ...signedIn("uploads:create"),
  responses: dataResponses(z.array(MediaItemSchema), "Media items"),
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
  responses: dataResponses(MediaItemSchema, "The item", [404]),
});

const remove = deleteRoute({
  path: "/media/{id}",
  operationId: "deleteMedia",
  tags,
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
    await c.var.services.media.deleteMedia(c.var.user, c.req.valid("param").id);
    return ok(c, null, "Image deleted");
  });
