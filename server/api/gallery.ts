import { created, ok } from "#server/http/responses.ts";
import { createRouter, editOf, itemOf } from "#server/http/router.ts";
import { galleryCalls } from "./contract/site.ts";

export const galleryApi = createRouter()
  .openapi(galleryCalls.listImages, async (c) => {
    const data = await c.var.services.gallery.listGalleryImages(c.req.valid("query"));
    return ok(c, data);
  })
  .openapi(galleryCalls.listCategories, async (c) => {
    return ok(c, await c.var.services.gallery.listGalleryCategories());
  })
  .openapi(galleryCalls.createImage, async (c) => {
    const data = await c.var.services.gallery.createGalleryImage(c.var.user, c.req.valid("json"));
    return created(c, data);
  })
  .openapi(galleryCalls.reorder, async (c) => {
    const data = await c.var.services.gallery.reorderGalleryImages(c.var.user, c.req.valid("json"));
    return ok(c, data);
  })
  .openapi(galleryCalls.updateImage, async (c) => {
    const data = await c.var.services.gallery.updateGalleryImage(...editOf(c));
    return ok(c, data);
  })
  .openapi(galleryCalls.deleteImage, async (c) => {
    await c.var.services.gallery.deleteGalleryImage(...itemOf(c));
    return ok(c, null, "Image deleted");
  })
  .openapi(galleryCalls.createCategory, async (c) => {
    const data = await c.var.services.gallery.createGalleryCategory(
      c.var.user,
      c.req.valid("json"),
    );
    return created(c, data);
  })
  .openapi(galleryCalls.updateCategory, async (c) => {
    const data = await c.var.services.gallery.updateGalleryCategory(...editOf(c));
    return ok(c, data);
  })
  .openapi(galleryCalls.deleteCategory, async (c) => {
    await c.var.services.gallery.deleteGalleryCategory(...itemOf(c));
    return ok(c, null, "Category deleted");
  });
