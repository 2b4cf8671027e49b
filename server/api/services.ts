import { z } from "@hono/zod-openapi";
import { ReorderSchema, ServiceInputSchema } from "#common/schemas/content.ts";
import { ServiceSchema } from "#common/schemas/responses.ts";
import { jsonBody } from "#server/http/request.ts";
import { created, dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, routesFor, saveOf, signedIn } from "#server/http/router.ts";
import { AppError } from "#server/lib/app-error.ts";

const { route, deleteRoute, saveRoute } = routesFor("Services");

const list = route("GET /services", "listServices", {
  summary: "All services in display order",
  responses: dataResponses(z.array(ServiceSchema), "Services", [400]),
});

const get = route("GET /services/{id}", "getService", {
  summary: "A service by id or slug",
  request: {
    params: z.object({
      id: z
        .string()
        .max(200)
        .openapi({ description: "The service's id or slug", example: "web-development" }),
    }),
  },
  responses: dataResponses(ServiceSchema, "The service", [404]),
});

const create = route("POST /services", "createService", {
  summary: "Create a service",
  ...signedIn("services:manage"),
  request: jsonBody(ServiceInputSchema),
  responses: dataResponses(ServiceSchema, "The service", [409], 201),
});

const reorder = route("PUT /services/reorder", "reorderServices", {
  summary: "Set the display order (footer, home grid and services list)",
  description:
    "`ids` in the new order; services not listed keep their order after the listed ones.",
  ...signedIn("services:manage"),
  request: jsonBody(ReorderSchema),
  responses: dataResponses(z.array(ServiceSchema), "Services in the new order", [404]),
});

const update = saveRoute("/services/{id}", "updateService", {
  summary: "Update a service",
  permission: "services:manage",
  body: ServiceInputSchema,
  item: ServiceSchema,
  saved: "The service",
});

const remove = deleteRoute("/services/{id}", "deleteService", {
  summary: "Delete a service",
  permission: "services:manage",
});

export const servicesApi = createRouter()
  .openapi(list, async (c) => {
    const data = await c.var.services.services.listServices();
    return ok(c, data);
  })
  .openapi(get, async (c) => {
    const data = await c.var.services.services.getService(c.req.valid("param").id);
    if (!data) throw AppError.notFound("Service not found");
    return ok(c, data);
  })
  .openapi(create, async (c) => {
    const data = await c.var.services.services.createService(c.var.user, c.req.valid("json"));
    return created(c, data, "Service created successfully");
  })
  .openapi(reorder, async (c) => {
    const data = await c.var.services.services.reorderServices(c.var.user, c.req.valid("json"));
    return ok(c, data, "Services order saved");
  })
  .openapi(update, async (c) => {
    const data = await c.var.services.services.updateService(...saveOf(c, c.req.valid("json")));
    return ok(c, data, "Service updated successfully");
  })
  .openapi(remove, async (c) => {
    await c.var.services.services.deleteService(...itemOf(c));
    return ok(c, null, "Service deleted successfully");
  });
