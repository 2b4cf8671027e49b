import { created, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, saveOf } from "#server/http/router.ts";
import { AppError } from "#server/lib/app-error.ts";
import { servicesCalls } from "./contract/content.ts";

export const servicesApi = createRouter()
  .openapi(servicesCalls.list, async (c) => {
    const data = await c.var.services.services.listServices();
    return ok(c, data);
  })
  .openapi(servicesCalls.get, async (c) => {
    const data = await c.var.services.services.getService(c.req.valid("param").id);
    if (!data) throw AppError.notFound("Service not found");
    return ok(c, data);
  })
  .openapi(servicesCalls.create, async (c) => {
    const data = await c.var.services.services.createService(c.var.user, c.req.valid("json"));
    return created(c, data, "Service created successfully");
  })
  .openapi(servicesCalls.reorder, async (c) => {
    const data = await c.var.services.services.reorderServices(c.var.user, c.req.valid("json"));
    return ok(c, data, "Services order saved");
  })
  .openapi(servicesCalls.update, async (c) => {
    const data = await c.var.services.services.updateService(...saveOf(c, c.req.valid("json")));
    return ok(c, data, "Service updated successfully");
  })
  .openapi(servicesCalls.remove, async (c) => {
    await c.var.services.services.deleteService(...itemOf(c));
    return ok(c, null, "Service deleted successfully");
  });
