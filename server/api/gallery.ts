import { z } from "@hono/zod-openapi";
import {
  GalleryCategoryInputSchema,
  GalleryImageInputSchema,
  ReorderSchema,
} from "#common/schemas/content.ts";
import { GalleryCategorySchema, GalleryImageSchema } from "#common/schemas/responses.ts";
import { IdParams, jsonBody } from "#server/http/request.ts";
import { created, dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, editOf, itemOf, routesFor, signedIn } from "#server/http/router.ts";

const { route, deleteRoute } = routesFor("Gallery");

const listImages = route("GET /gallery/images", "listGalleryImages", {
  summary: "Gallery images in display order",
  request: { query: z.object({ category: z.string().max(200).optional() }) },
  responses: dataResponses(z.array(GalleryImageSchema), "Images"),
});
const listCategories = route("GET /gallery/categories", "listGalleryCategories", {
  summary: "Gallery categories",
  responses: dataResponses(z.array(GalleryCategorySchema), "Categories", [400]),
});
const createImage = route("POST /gallery/images", "createGalleryImage", {
  summary: "Add an image to the gallery",
  ...signedIn("gallery:manage"),
  request: jsonBody(GalleryImageInputSchema),
  responses: dataResponses(GalleryImageSchema, "The image", [], 201),
});
const reorder = route("PUT /gallery/images/reorder", "reorderGalleryImages", {
  summary: "Set the display order",
  ...signedIn("gallery:manage"),
  request: jsonBody(ReorderSchema),
  responses: dataResponses(z.array(GalleryImageSchema), "Images in the new order", [404]),
});
const updateImage = route("PUT /gallery/images/{id}", "updateGalleryImage", {
  summary: "Update an image",
  ...signedIn("gallery:manage"),
  request: { params: IdParams, ...jsonBody(GalleryImageInputSchema) },
  responses: dataResponses(GalleryImageSchema, "The image", [404]),
});
const deleteImage = deleteRoute("/gallery/images/{id}", "deleteGalleryImage", {
  summary: "Remove an image from the gallery",
  permission: "gallery:manage",
});
const createCategory = route("POST /gallery/categories", "createGalleryCategory", {
  summary: "Create a gallery category",
  ...signedIn("gallery:manage"),
  request: jsonBody(GalleryCategoryInputSchema),
  responses: dataResponses(GalleryCategorySchema, "The category", [409], 201),
});
const updateCategory = route("PUT /gallery/categories/{id}", "updateGalleryCategory", {
  summary: "Update a gallery category",
  ...signedIn("gallery:manage"),
  request: { params: IdParams, ...jsonBody(GalleryCategoryInputSchema) },
  responses: dataResponses(GalleryCategorySchema, "The category", [404, 409]),
});
const deleteCategory = deleteRoute("/gallery/categories/{id}", "deleteGalleryCategory", {
  summary: "Delete a gallery category (its images stay, uncategorised)",
  permission: "gallery:manage",
});

export const galleryApi = createRouter()
  .openapi(listImages, async (c) => {
    const data = await c.var.services.gallery.listGalleryImages(c.req.valid("query"));
    return ok(c, data);
  })
  .openapi(listCategories, async (c) => {
    return ok(c, await c.var.services.gallery.listGalleryCategories());
  })
  .openapi(createImage, async (c) => {
    const data = await c.var.services.gallery.createGalleryImage(c.var.user, c.req.valid("json"));
    return created(c, data);
  })
  .openapi(reorder, async (c) => {
    const data = await c.var.services.gallery.reorderGalleryImages(c.var.user, c.req.valid("json"));
    return ok(c, data);
  })
  .openapi(updateImage, async (c) => {
    const data = await c.var.services.gallery.updateGalleryImage(...editOf(c));
    return ok(c, data);
  })
  .openapi(deleteImage, async (c) => {
    await c.var.services.gallery.deleteGalleryImage(...itemOf(c));
    return ok(c, null, "Image deleted");
  })
  .openapi(createCategory, async (c) => {
    const data = await c.var.services.gallery.createGalleryCategory(
      c.var.user,
      c.req.valid("json"),
    );
    return created(c, data);
  })
  .openapi(updateCategory, async (c) => {
    const data = await c.var.services.gallery.updateGalleryCategory(...editOf(c));
    return ok(c, data);
  })
  .openapi(deleteCategory, async (c) => {
    await c.var.services.gallery.deleteGalleryCategory(...itemOf(c));
    return ok(c, null, "Category deleted");
  });
