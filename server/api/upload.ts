import { z } from "@hono/zod-openapi";
import { UploadResultSchema } from "#common/schemas/responses.ts";
import { created, dataResponses } from "#server/http/responses.ts";
import { createRouter, routesFor, signedIn } from "#server/http/router.ts";

const { route } = routesFor("Uploads");

const ImageForm = z.object({
  image: z
    .custom<File>((value) => value instanceof File, {
      // Several files under `image` come as a list: one call stores one image.
      error: (issue) =>
        Array.isArray(issue.input) ? "Send one image at a time" : "An image file is required",
    })
    .openapi({
      type: "string",
      format: "binary",
      description:
        "PNG, JPEG, WebP, GIF, AVIF or ICO; at most 40 megapixels. Stored re-encoded, at most 4096 px on the longer side; an ICO is stored as a PNG",
    }),
});

const upload = route("POST /upload", "uploadImage", {
  summary: "Upload an image (multipart field `image`)",
  ...signedIn("uploads:create"),
  request: {
    body: { required: true, content: { "multipart/form-data": { schema: ImageForm } } },
  },
  responses: dataResponses(
    UploadResultSchema,
    "`{id, url, imagePath, mimeType, size, width, height}`",
    [413, 415, 429],
    201,
  ),
});

export const uploadApi = createRouter().openapi(upload, async (c) => {
  const { image } = c.req.valid("form");
  const data = await c.var.services.uploads.uploadImage(c.var.user, {
    bytes: new Uint8Array(await image.arrayBuffer()),
    name: image.name,
  });
  return created(c, data);
});
