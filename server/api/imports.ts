import { z } from "@hono/zod-openapi";
import {
  ImportJobListSchema,
  ImportJobSchema,
  ImportStartQuerySchema,
} from "#common/schemas/imports.ts";
import { IdParams } from "#server/http/request.ts";
import { created, dataResponses, ok } from "#server/http/responses.ts";
import { createRouter, itemOf, routesFor, signedIn } from "#server/http/router.ts";

/**
 * Moving in from WordPress or Ghost (issue 27), admins only: send the export
 * as the body (streamed to disk, never held in memory) with the choices in
 * the query; the dry run or import then runs as a job whose progress and
 * report `GET /imports/{id}` answers. A finished dry run is imported with
 * `POST /imports/{id}/import` without sending the file again.
 */
const { route } = routesFor("Imports");

const start = route("POST /imports", "startImport", {
  summary:
    "Start a dry run or an import of a WordPress (WXR, plain or gzipped) or Ghost (JSON) export",
  description:
    "The body is the export file itself (any content type; at most 512 MB). `dryRun` defaults to true: a dry run writes nothing and reports what an import would create, match, skip or fail. One job runs at a time (409).",
  ...signedIn("content:import"),
  request: {
    query: ImportStartQuerySchema,
    body: {
      required: true,
      content: {
        "application/octet-stream": {
          schema: z.string().openapi({ type: "string", format: "binary" }),
        },
      },
    },
  },
  responses: dataResponses(ImportJobSchema, "The job, just started", [409, 413], 201),
});

const importAfterDryRun = route("POST /imports/{id}/import", "importAfterDryRun", {
  summary: "Import what a finished dry run checked (same file, same choices)",
  ...signedIn("content:import"),
  request: { params: IdParams },
  responses: dataResponses(ImportJobSchema, "The import job, just started", [404, 409], 201),
});

const show = route("GET /imports/{id}", "getImport", {
  summary: "A dry run or import: its progress, and its report once done",
  ...signedIn("content:import"),
  request: { params: IdParams },
  responses: dataResponses(ImportJobSchema, "The job", [404]),
});

const list = route("GET /imports", "listImports", {
  summary: "The last 20 dry runs and imports, newest first",
  ...signedIn("content:import"),
  responses: dataResponses(ImportJobListSchema, "The jobs"),
});

export const importsApi = createRouter()
  .openapi(start, async (c) => {
    const job = await c.var.services.contentImport.startImport(
      c.var.user,
      c.req.valid("query"),
      c.req.raw.body,
    );
    return created(c, job);
  })
  .openapi(importAfterDryRun, async (c) => {
    const job = await c.var.services.contentImport.importAfterDryRun(
      c.var.user,
      c.req.valid("param").id,
    );
    return created(c, job);
  })
  .openapi(show, async (c) => {
    return ok(c, await c.var.services.contentImport.getImportJob(...itemOf(c)));
  })
  .openapi(list, async (c) => {
    return ok(c, await c.var.services.contentImport.listImportJobs(c.var.user));
  });
