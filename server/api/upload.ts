import { created } from "#server/http/responses.ts";
import { createRouter } from "#server/http/router.ts";
import { uploadCalls } from "./contract/site.ts";

export const uploadApi = createRouter().openapi(uploadCalls.upload, async (c) => {
  const { image } = c.req.valid("form");
  const data = await c.var.services.uploads.uploadImage(c.var.user, {
    bytes: new Uint8Array(await image.arrayBuffer()),
    name: image.name,
  });
  return created(c, data);
});
