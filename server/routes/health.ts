import type { Hono } from "hono";
import { sql } from "kysely";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { AppEnv } from "#server/http/context.ts";
import type { Logger } from "#server/logger.ts";

/** The probes of load balancers and orchestrators, mounted before the other middleware. */
export function mountHealth(
  app: Hono<AppEnv>,
  { db, config, logger }: { db: Db; config: Config; logger: Logger },
) {
  // Before the other middleware: a load balancer's probe costs nothing more.
  app.get("/healthz", (c) => c.json({ ok: true }));
  // Ready to serve: the database answers.
  app.get("/readyz", async (c) => {
    c.header("cache-control", "no-store");
    try {
      await sql`select 1`.execute(db);
      return c.json({ ok: true, database: config.database.kind });
    } catch (error) {
      logger.warn({ err: error }, "readiness: the database does not answer");
      return c.json({ ok: false, message: "The database does not answer" }, 503);
    }
  });
}
