import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reusableRead } from "#server/db/reusable-read.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("reads compiled once per shape", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
  });
  afterAll(() => t.close());

  it("answers each read with its own values, building the query once", async () => {
    let builds = 0;
    const byUsername = reusableRead((db, _shape: null, { name }: { name: string }) => {
      builds++;
      return db.selectFrom("users").select(["username", "role"]).where("username", "=", name);
    });
    expect(await byUsername(t.db, null, { name: "admin" })).toEqual([
      { username: "admin", role: "admin" },
    ]);
    expect(await byUsername(t.db, null, { name: "editor" })).toEqual([
      { username: "editor", role: "editor" },
    ]);
    expect(await byUsername(t.db, null, { name: "nobody" })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("builds again for another shape, or another number of ids", async () => {
    let builds = 0;
    const users = reusableRead(
      (db, shape: { order: "asc" | "desc" }, { names }: { names: string[] }) => {
        builds++;
        return db
          .selectFrom("users")
          .select("username")
          .where("username", "in", names)
          .orderBy("username", shape.order);
      },
    );
    const names = (rows: { username: string }[]) => rows.map((r) => r.username);
    expect(names(await users(t.db, { order: "asc" }, { names: ["editor", "admin"] }))).toEqual([
      "admin",
      "editor",
    ]);
    expect(names(await users(t.db, { order: "desc" }, { names: ["editor", "admin"] }))).toEqual([
      "editor",
      "admin",
    ]);
    expect(names(await users(t.db, { order: "asc" }, { names: ["author"] }))).toEqual(["author"]);
    expect(names(await users(t.db, { order: "asc" }, { names: ["author", "admin"] }))).toEqual([
      "admin",
      "author",
    ]);
    expect(builds).toBe(3);
  });

  it("passes empty and zero values as they are, so a build may test for them", async () => {
    const titled = reusableRead((db, _shape: null, { text }: { text: string }) => {
      const query = db.selectFrom("posts").select((eb) => eb.fn.countAll<number>().as("n"));
      return text ? query.where("title", "=", text) : query.where("title", "=", "never a title");
    });
    const count = async (text: string) => Number((await titled(t.db, null, { text }))[0]!.n);
    expect(await count("")).toBe(0);
    const [first] = await t.db.selectFrom("posts").select("title").limit(1).execute();
    expect(await count(first!.title)).toBe(1);
    expect(await count("")).toBe(0);
  });

  it("builds on every read a query that puts a value into its text", async () => {
    let builds = 0;
    const containing = reusableRead((db, _shape: null, { text }: { text: string }) => {
      builds++;
      return db
        .selectFrom("users")
        .select("username")
        .where(sql`username`, "like", `%${text.toLowerCase()}%`)
        .orderBy("username");
    });
    const names = async (text: string) =>
      (await containing(t.db, null, { text })).map((r) => r.username);
    expect(await names("ADMIN")).toEqual(["admin"]);
    expect(await names("edit")).toEqual(["editor"]);
    // Once with stand-ins (refused), then once per read.
    expect(builds).toBe(3);
  });

  it("reads inside a transaction see its own writes", async () => {
    const byUsername = reusableRead((db, _shape: null, { name }: { name: string }) =>
      db.selectFrom("users").select("first_name").where("username", "=", name),
    );
    await byUsername(t.db, null, { name: "admin" });
    const seen = await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ first_name: "Inside" })
          .where("username", "=", "author")
          .execute();
        const rows = await byUsername(trx, null, { name: "author" });
        throw Object.assign(new Error("roll back"), { rows });
      })
      .catch((error: { rows: unknown }) => error.rows);
    expect(seen).toEqual([{ first_name: "Inside" }]);
    expect((await byUsername(t.db, null, { name: "author" }))[0]!.first_name).not.toBe("Inside");
  });
});
