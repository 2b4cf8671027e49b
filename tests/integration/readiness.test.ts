import fs from "node:fs";
import { expect, it } from "vitest";
import { dropSchema } from "#tests/setup/databases.ts";
import { createTestApp, TEST_DB } from "#tests/setup/test-app.ts";

it("/readyz answers 200 while the database answers, 503 once it does not; /healthz stays 200", async () => {
  const t = await createTestApp();
  try {
    const ready = await t.json("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, database: TEST_DB });
    expect(ready.response.headers.get("cache-control")).toBe("no-store");

    await t.close({ keep: true }); // the database goes away
    const gone = await t.json("/readyz");
    expect(gone.status).toBe(503);
    expect(gone.body).toEqual({ ok: false, message: "The database does not answer" });
    expect((await t.request("/healthz")).status).toBe(200);
  } finally {
    if (t.schema) await dropSchema(t.schema).catch(() => {});
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  }
});
