import type { User } from "#common/types.ts";
import type { Logger } from "#server/logger.ts";
import type { AppServices } from "#server/services.ts";

/** Per-request values shared by the middleware, API handlers and the SSR mount. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    services: AppServices;
    /** The signed-in user (from the bearer token), or null. */
    user: User | null;
    token: string;
    /** The client's address as a limit key (lib/client-address.ts); "unknown" in-process. */
    client: string;
    /** The site's own address for links (PUBLIC_URL, or a trusted Host; http/origin.ts). */
    origin: string;
  };
};
