import { bodyLimit } from "hono/body-limit";
import { auditApi } from "#server/api/audit.ts";
import { authApi } from "#server/api/auth.ts";
import { blogApi } from "#server/api/blog.ts";
import { contactApi } from "#server/api/contact.ts";
import { dashboardApi } from "#server/api/dashboard.ts";
import { demoApi } from "#server/api/demo.ts";
import { renderApiReference } from "#server/api/docs.ts";
import { editingApi } from "#server/api/editing.ts";
import { galleryApi } from "#server/api/gallery.ts";
import { importsApi } from "#server/api/imports.ts";
import { mailApi } from "#server/api/mail.ts";
import { mediaApi } from "#server/api/media.ts";
import { navigationApi } from "#server/api/navigation.ts";
import { pagesApi } from "#server/api/pages.ts";
import { previewLinksApi } from "#server/api/preview-links.ts";
import { revisionsApi } from "#server/api/revisions.ts";
import { servicesApi } from "#server/api/services.ts";
import { settingsApi } from "#server/api/settings.ts";
import { teamApi } from "#server/api/team.ts";
import { uploadApi } from "#server/api/upload.ts";
import { usersApi } from "#server/api/users.ts";
import type { Config } from "#server/config.ts";
import { authenticate } from "#server/http/authenticate.ts";
import {
  isImportFileUrl,
  isUploadUrl,
  JSON_BODY_LIMIT,
  uploadBodyLimit,
} from "#server/http/body-limits.ts";
import type { OriginOf } from "#server/http/origin.ts";
import { createRouter } from "#server/http/router.ts";
import { formatBytes } from "#server/modules/uploads/uploads.service.ts";

/** Every `/api` call (server/api/<resource>.ts), its document (/api/openapi.json) and reference (/api/docs). */
export function createApi({
  config,
  originOf,
}: {
  config: Pick<Config, "uploadMaxBytes" | "demoMode">;
  originOf: OriginOf;
}) {
  const api = createRouter();
  // Every body is bounded before anything reads it: the upload call (exactly
  // that path) by the upload limit, every other call by the JSON limit. The
  // limits wrap the stream, so nothing is read here.
  const uploadLimit = bodyLimit({
    maxSize: uploadBodyLimit(config.uploadMaxBytes),
    onError: (c) =>
      c.json(
        {
          success: false,
          message: `File is too large (max ${formatBytes(config.uploadMaxBytes)})`,
        },
        413,
      ),
  });
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json({ success: false, message: "Request body is too large" }, 413),
  });
  api.use("*", (c, next) =>
    // An export (POST /api/imports) is streamed to disk under the importer's own limit.
    isImportFileUrl(c.req.path)
      ? next()
      : isUploadUrl(c.req.path)
        ? uploadLimit(c, next)
        : jsonLimit(c, next),
  );
  api.use("*", authenticate());
  // The site's address, for the links a call answers with (a preview link's URL).
  api.use("*", async (c, next) => {
    c.set("origin", originOf(c.req.url));
    await next();
  });
  // The NUL check of a JSON body and the 401/403 checks run per call, after
  // routing and authentication and before validation (server/http/router.ts).
  for (const router of [
    demoApi({ demoMode: config.demoMode }),
    authApi,
    blogApi,
    servicesApi,
    pagesApi,
    previewLinksApi,
    revisionsApi,
    editingApi,
    settingsApi,
    navigationApi,
    galleryApi,
    teamApi,
    contactApi,
    uploadApi,
    mediaApi,
    importsApi,
    usersApi,
    dashboardApi,
    auditApi,
    mailApi,
  ]) {
    api.route("/", router);
  }
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
  });
  const openApiConfig = {
    openapi: "3.1.0",
    servers: [{ url: "/api" }],
    info: {
      title: "Beranda API",
      version: "1.0.0",
      description: "Company website and blog CMS. See docs/api.md for roles and messages.",
      license: { name: "Proprietary", identifier: "LicenseRef-Beranda-Proprietary" },
    },
  };
  api.doc31("/openapi.json", openApiConfig);
  let reference: string | undefined;
  api.get("/docs", (c) => {
    reference ??= renderApiReference(api.getOpenAPI31Document(openApiConfig) as never);
    return c.html(reference);
  });
  api.all("*", (c) =>
    c.json({ success: false, message: `No API route for ${c.req.method} ${c.req.path}` }, 404),
  );
  return api;
}
