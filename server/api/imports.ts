import { created, ok } from "#server/http/responses.ts";
import { createRouter, itemOf } from "#server/http/router.ts";

/**
 * Moving in from WordPress or Ghost (issue 27), admins only: send the export
 * as the body (streamed to disk, never held in memory) with the choices in
 * the query; the dry run or import then runs as a job whose progress and
 * report `GET /imports/{id}` answers. A finished dry run is imported with
 * `POST /imports/{id}/import` without sending the file again.
 */
import { importsCalls } from "./contract/site.ts";

export const importsApi = createRouter()
  .openapi(importsCalls.start, async (c) => {
    const job = await c.var.services.contentImport.startImport(
      c.var.user,
      c.req.valid("query"),
      c.req.raw.body,
    );
    return created(c, job);
  })
  .openapi(importsCalls.importAfterDryRun, async (c) => {
    const job = await c.var.services.contentImport.importAfterDryRun(
      c.var.user,
      c.req.valid("param").id,
    );
    return created(c, job);
  })
  .openapi(importsCalls.show, async (c) => {
    return ok(c, await c.var.services.contentImport.getImportJob(...itemOf(c)));
  })
  .openapi(importsCalls.list, async (c) => {
    return ok(c, await c.var.services.contentImport.listImportJobs(c.var.user));
  });
