import type { SiteServices } from "../common/site-context.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import { createPostsService } from "./modules/posts/posts.service.ts";
import { createServicesService } from "./modules/services/services.service.ts";
import { createSettingsService } from "./modules/settings/settings.service.ts";

export type ServiceDeps = { db: Db; config: Config; logger: Logger };

/** The domain services, created once per process and shared by API and pages. */
export function createServices(deps: ServiceDeps) {
  return {
    settings: createSettingsService(deps.db),
    services: createServicesService(deps.db),
    posts: createPostsService(deps.db),
  };
}

export type AppServices = ReturnType<typeof createServices>;

/** The slice of the services the page loaders may call (see common/site-context.ts). */
export function toSiteServices(services: AppServices, config: Config): SiteServices {
  return {
    demoMode: config.demoMode,
    settings: services.settings,
    services: services.services,
    posts: services.posts,
  };
}
