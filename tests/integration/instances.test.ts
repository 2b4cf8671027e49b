import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { channelFor, startChangeNotifications } from "#server/cache/change-notifications.ts";
import type { ContentChange } from "#server/cache/content-changes.ts";
import { loadConfig } from "#server/config.ts";
import { openDb, pgConnection } from "#server/db/client.ts";
import { MIGRATION_NAMES, migrateToLatest } from "#server/db/migrate.ts";
import { createLogger } from "#server/logger.ts";
import { createSchema, dropSchema, TEST_DATABASE_URL } from "#tests/setup/databases.ts";
import {
  commandEnv,
  eventually,
  runServer,
  signInTo,
  siteUrl,
} from "#tests/setup/server-process.ts";

/**
 * Several instances on one PostgreSQL database (each with its own DATA_DIR),
 * as behind a load balancer. PostgreSQL only: two SQLite sites never share a
 * database (the DATA_DIR lock refuses a second process, workers.test.ts).
 */
describe("instances on one PostgreSQL database", () => {
  it("started at the same moment on an empty database, migrate and seed it once; a change through one reaches the other's page cache, and the sign-in limit counts on both", async () => {
    const schema = `i_${Date.now().toString(36)}`;
    await createSchema(schema);
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "beranda-instance-")));
    const runs = dirs.map((dataDir) =>
      runServer({
        PORT: "0",
        LOG_LEVEL: "info",
        DEMO_MODE: "false",
        PAGE_CACHE_MIN_RENDER_SECONDS: "0",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "A-long-passphrase-for-instances-7",
        ...commandEnv({ dataDir, schema }),
      }),
    );
    try {
      const urls = await Promise.all(runs.map((run) => siteUrl(run, 60_000)));
      for (const url of urls) {
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);
        expect((await fetch(`${url}/about`)).status).toBe(200);
      }
      const [one, other] = urls as [string, string];

      // A token issued by one instance works on the other (sessions live in the database).
      const auth = await signInTo(one, {
        email: "owner@example.com",
        password: "A-long-passphrase-for-instances-7",
      });
      expect((await fetch(`${other}/api/auth/me`, { headers: auth })).status).toBe(200);

      // A post published through one is on the other's pages, cached there, and an
      // edit through the first reaches the second's cache within a second.
      const created = await fetch(`${one}/api/blog/posts`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          title: "Shared By Instances",
          slug: "shared-by-instances",
          excerpt: "An excerpt.",
          content: "<p>Some content.</p>",
          status: "published",
        }),
      });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      const page = `${other}/blog/shared-by-instances`;
      const first = await fetch(page);
      expect(first.headers.get("x-cache")).toBe("MISS");
      expect(await first.text()).toContain("Shared By Instances");
      // Cached there: at once, or after one more render when the change's notification
      // reached this instance while it rendered (a render that may predate a change is
      // not stored), as on a machine under load.
      expect(
        await eventually(async () => (await fetch(page)).headers.get("x-cache") === "HIT", 5_000),
      ).toBe(true);
      const edited = await fetch(`${one}/api/blog/posts/${id}`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ title: "Edited On The First Instance" }),
      });
      expect(edited.status).toBe(200);
      expect(
        await eventually(async () => {
          const answer = await fetch(page);
          return (
            (await answer.text()).includes("Edited On The First Instance") ||
            answer.headers.get("x-cache") === "STALE"
          );
        }, 1_000),
      ).toBe(true);
      expect(
        await eventually(
          async () => (await (await fetch(page)).text()).includes("Edited On The First Instance"),
          5_000,
        ),
      ).toBe(true);
      // Unpublished through the first: the second stops serving it within a second.
      const hidden = await fetch(`${one}/api/blog/posts/${id}`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ status: "draft" }),
      });
      expect(hidden.status).toBe(200);
      expect(await eventually(async () => (await fetch(page)).status === 404, 1_000)).toBe(true);
      for (let i = 0; i < 3; i++) expect((await fetch(page)).status).toBe(404);

      // The sign-in limit counts failures on both: ten wrong passwords, five through each,
      // lock the account for this client on both.
      const tryPassword = (url: string, password: string) =>
        fetch(`${url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "editor@example.com", password }),
        });
      const invited = await fetch(`${one}/api/users`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          username: "second-editor",
          first_name: "Second",
          last_name: "Editor",
          email: "editor@example.com",
          password: "Another-long-passphrase-42",
          role: "editor",
        }),
      });
      expect(invited.status).toBe(201);
      for (let i = 0; i < 10; i++) {
        expect((await tryPassword(i % 2 ? one : other, `wrong-password-${i}`)).status).toBe(401);
      }
      for (const url of urls) {
        const refused = await tryPassword(url, "Another-long-passphrase-42");
        expect(refused.status).toBe(429);
        expect(((await refused.json()) as { message: string }).message).toContain(
          "Too many failed sign-in attempts.",
        );
      }

      // One of them migrated; the other found the work done (it may have waited for it).
      const logs = runs.map((run) => run.output().stdout);
      const migrated = logs.filter((log) => log.includes('"msg":"applied migrations"'));
      expect(migrated).toHaveLength(1);
      // Seeded once: one admin, the five footer services, one row per settings section.
      const config = loadConfig({
        ...commandEnv({ dataDir: dirs[0]!, schema }),
      });
      const handle = await openDb({ database: config.database, schema });
      try {
        const count = async (table: "users" | "services" | "settings" | "pages") =>
          Number(
            (
              await handle.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count("users")).toBe(2); // the owner and the editor added above
        expect(await count("services")).toBe(5);
        const sections = await handle.db.selectFrom("settings").select("section").execute();
        expect(new Set(sections.map((s) => s.section)).size).toBe(sections.length);
        const pages = await handle.db.selectFrom("pages").select("slug").execute();
        expect(new Set(pages.map((p) => p.slug)).size).toBe(pages.length);
        const names = await sql<{
          name: string;
        }>`select name from kysely_migration order by name`.execute(handle.db);
        expect(names.rows.map((row) => row.name)).toEqual([...MIGRATION_NAMES]);
      } finally {
        await handle.close();
      }
    } finally {
      for (const run of runs) run.child.kill("SIGKILL");
      await Promise.all(runs.map((run) => run.exited));
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a lost listening connection is made again, and the page cache starts afresh", async () => {
    const schema = `n_${Date.now().toString(36)}`;
    await createSchema(schema);
    const url = commandEnv({ dataDir: "", schema }).DATABASE_URL;
    const logger = createLogger("silent");
    const seen: { a: ContentChange[]; b: ContentChange[] } = { a: [], b: [] };
    const a = await startChangeNotifications({ url, logger, deliver: (c) => seen.a.push(c) });
    const b = await startChangeNotifications({
      url,
      logger,
      deliver: (c) => seen.b.push(c),
      checkEveryMs: 100,
    });
    try {
      await a.relay({ stale: ["post:1"], purge: [] });
      expect(await eventually(() => seen.b.length === 1)).toBe(true);
      expect(seen.b[0]).toEqual({ stale: ["post:1"], purge: [] });
      expect(seen.a).toEqual([]); // not its own

      // The server ends both listening sessions (a restart, a failover); only this
      // site's, not those of other tests' servers on the database.
      const admin = new pg.Client(pgConnection(TEST_DATABASE_URL));
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = $1 and datname = current_database()`,
        [`beranda changes ${channelFor(schema)}`],
      );
      await admin.end();
      expect(await eventually(() => seen.b.length === 2)).toBe(true);
      expect(seen.b[1]).toEqual({ stale: [], purge: ["site"] });
      // And it hears the next change.
      await a.relay({ stale: [], purge: ["post:2"] });
      expect(await eventually(() => seen.b.length === 3)).toBe(true);
      expect(seen.b[2]).toEqual({ stale: [], purge: ["post:2"] });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("workers of one instance do not hear each other's notifications (the primary tells them); other instances do", async () => {
    const schema = `w_${Date.now().toString(36)}`;
    await createSchema(schema);
    const url = commandEnv({ dataDir: "", schema }).DATABASE_URL;
    const logger = createLogger("silent");
    const seen: Record<"one" | "sibling" | "other", ContentChange[]> = {
      one: [],
      sibling: [],
      other: [],
    };
    const listen = (name: keyof typeof seen, instance?: string) =>
      // A relay waits for its own notification to come back: a minute here,
      // so one that never came back would fail the test by its time limit.
      startChangeNotifications({
        url,
        logger,
        instance,
        echoWaitMs: 60_000,
        deliver: (c) => seen[name].push(c),
      });
    const one = await listen("one", "instance-a");
    const sibling = await listen("sibling", "instance-a");
    const other = await listen("other", "instance-b");
    try {
      await one.relay({ stale: ["post:1"], purge: [] });
      await sibling.relay({ stale: [], purge: ["post:2"] });
      expect(await eventually(() => seen.other.length === 2)).toBe(true);
      expect(seen.other).toEqual([
        { stale: ["post:1"], purge: [] },
        { stale: [], purge: ["post:2"] },
      ]);
      await other.relay({ stale: ["post:3"], purge: [] });
      expect(await eventually(() => seen.one.length === 1 && seen.sibling.length === 1)).toBe(true);
      expect(seen.one).toEqual([{ stale: ["post:3"], purge: [] }]);
      expect(seen.sibling).toEqual([{ stale: ["post:3"], purge: [] }]);
    } finally {
      await Promise.all([one.close(), sibling.close(), other.close()]);
    }
  });

  it("a site reads the tables of its own schema only: another site's tables, even of the same name, are not its own", async () => {
    const [mine, theirs] = ["m", "o"].map((kind) => `s${kind}_${Date.now().toString(36)}`) as [
      string,
      string,
    ];
    const other = new pg.Client(pgConnection(TEST_DATABASE_URL));
    let site: Awaited<ReturnType<typeof openDb>> | undefined;
    try {
      await other.connect();
      // openDb makes its schema; another site on the database has a table we do not have,
      // and one we have with other columns.
      site = await openDb({ database: { kind: "postgres", url: TEST_DATABASE_URL }, schema: mine });
      await other.query(`CREATE SCHEMA ${theirs}`);
      await other.query(`CREATE TABLE ${theirs}.stray_things (id serial PRIMARY KEY, note text)`);
      await other.query(`CREATE TABLE ${theirs}.posts (id serial PRIMARY KEY, other_column text)`);
      await migrateToLatest(site.db);

      // What the migrator and the maintenance commands read (Kysely's introspection): Kysely's
      // own reader lists every schema's tables and asks about each column, which failed when
      // another site dropped a table at that moment (server/db/current-schema-introspector.ts).
      const tables = await site.db.introspection.getTables();
      const names = tables.map((table) => table.name);
      expect(names).not.toContain("stray_things");
      expect(names.filter((name) => name === "posts")).toHaveLength(1);
      const posts = tables.find((table) => table.name === "posts")!;
      expect(posts.schema).toBe(mine);
      expect(posts.columns.map((column) => column.name)).toContain("slug");
      expect(posts.columns.map((column) => column.name)).not.toContain("other_column");
      // The other site's tables are as they were.
      const theirPosts = await other.query(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'posts' ORDER BY column_name",
        [theirs],
      );
      expect(theirPosts.rows.map((row) => row.column_name)).toEqual(["id", "other_column"]);
    } finally {
      await site?.close();
      await other.end();
      await Promise.all([dropSchema(mine), dropSchema(theirs)]);
    }
  });
});
