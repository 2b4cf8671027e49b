import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { contactMap } from "#common/contact.ts";
import { isSecretAddress } from "#common/one-time-links.ts";
import { GOOGLE_ANALYTICS_ID_PATTERN } from "#common/settings.ts";
import type { SiteServices } from "#common/site-context.ts";
import { PAGE_BODY_LIMIT } from "#server/http/body-limits.ts";
import type { AppEnv } from "#server/http/context.ts";
import type { OriginOf } from "#server/http/origin.ts";
import { createNonce, noncePolicy } from "#server/http/security.ts";
import { FALLBACK_SETTINGS } from "#server/modules/settings/settings.service.ts";
import type { AppServices } from "#server/services.ts";
import type { PageHandler } from "#server/ssr.ts";

/** Everything else: the React Router pages, with their content security policy. */
export function mountPages(
  app: Hono<AppEnv>,
  {
    pages,
    services,
    site,
    originOf,
    development,
  }: {
    pages: PageHandler;
    services: AppServices;
    site: SiteServices;
    originOf: OriginOf;
    development: boolean;
  },
) {
  // Pages take forms only (the contact form): small bodies.
  app.use(
    "*",
    bodyLimit({
      maxSize: PAGE_BODY_LIMIT,
      onError: (c) => c.text("Request body is too large", 413),
    }),
  );
  app.all("*", async (c) => {
    const nonce = createNonce();
    const menuFailures = services.navigation.failureCount();
    const response = await pages(c.req.raw, site, {
      nonce,
      requestId: c.var.requestId,
      origin: originOf(c.req.url),
      client: c.var.client,
    });
    const settings = await services.settings.getPublicSettings();
    // A page made with the fallback settings or menus is right for now, not for later.
    if (settings === FALLBACK_SETTINGS || services.navigation.failureCount() !== menuFailures) {
      response.headers.set("cache-control", "no-store");
    }
    if (!development) {
      const { seo } = settings;
      // A one-time link's page or a preview loads no analytics, and its policy allows none.
      const analytics =
        GOOGLE_ANALYTICS_ID_PATTERN.test(seo.googleAnalyticsId) && !isSecretAddress(c.req.path);
      // Every page allows the map's origin: the contact page may be reached
      // by a client-side navigation, which keeps the first page's policy.
      const mapOrigin = contactMap(settings.contact)?.origin ?? null;
      response.headers.set("content-security-policy", noncePolicy(nonce, { analytics, mapOrigin }));
    }
    return response;
  });
}
