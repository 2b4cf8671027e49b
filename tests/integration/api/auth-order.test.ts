import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, type Permission } from "#common/permissions.ts";
import { type Accounts, createAccounts } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/**
 * Who calls comes before what they send: every protected call answers 401
 * without a token and 403 for a role that lacks its permission, whatever the
 * body (here: unknown fields, wrong types, not JSON, NUL characters) and the
 * query. Read from the OpenAPI document, so a new call is covered at once.
 */

type Operation = {
  method: string;
  path: string;
  permission?: Permission;
  hasBody: boolean;
};

const BAD_BODIES = [
  { label: "unknown fields", type: "application/json", body: '{"nonsense":1,"id":"x"}' },
  { label: "wrong types", type: "application/json", body: '{"title":5,"ids":"all"}' },
  { label: "not JSON", type: "application/json", body: "{not json" },
  { label: "NUL", type: "application/json", body: '{"name":"a\\u0000b"}' },
];

describe("authentication and role before validation", () => {
  let t: TestApp;
  let a: Accounts;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
    const doc = (await t.json("/api/openapi.json")).body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => Array.isArray(op.security) && op.security.length > 0)
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          // Ids out of range and odd values: a path check must not come first either.
          path: `/api${path.replace(/\{[^}]+\}/g, "99999999999")}?page=-1&limit=abc&status=zzz`,
          permission: op["x-permission"] as Permission | undefined,
          hasBody: op.requestBody !== undefined,
        })),
    );
  });
  afterAll(() => t?.close());

  async function call(op: Operation, token: string | null, bad: (typeof BAD_BODIES)[number]) {
    const headers: Record<string, string> = { "content-type": bad.type };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await t.request(op.path, {
      method: op.method,
      headers,
      body: op.method === "GET" || op.method === "HEAD" ? undefined : bad.body,
    });
    return { status: response.status, body: (await response.json()) as { message?: string } };
  }

  it("lists every protected call, each with its permission where a role matters", () => {
    expect(operations.length).toBeGreaterThan(30);
    const unguarded = operations
      .filter((op) => !op.permission)
      .map((op) => `${op.method} ${op.path.split("?")[0]}`);
    // Only calls every signed-in user may make: the service checks the rest
    // (a post's author) once it has read the resource.
    const everyone = /^(PUT|DELETE) \/api\/blog\/posts\/\d+$|^(GET|POST) \/api\/auth\//;
    expect(unguarded.filter((call) => !everyone.test(call))).toEqual([]);
  });

  it("answers 401 without a token, before reading the body", async () => {
    for (const op of operations) {
      for (const bad of BAD_BODIES) {
        const result = await call(op, null, bad);
        expect(result.status, `${op.method} ${op.path} (${bad.label})`).toBe(401);
      }
    }
  });

  it("answers 401 for a token that is not a session", async () => {
    for (const op of operations) {
      const result = await call(op, "not-a-real-token", BAD_BODIES[0]!);
      expect(result.status, `${op.method} ${op.path}`).toBe(401);
    }
  });

  it("answers 403 to a role without the permission, before reading the body", async () => {
    const refused = operations.filter((op) => op.permission && !can(a.author.user, op.permission));
    expect(refused.length).toBeGreaterThan(10);
    for (const op of refused) {
      for (const bad of BAD_BODIES) {
        const result = await call(op, a.author.token, bad);
        expect(result.status, `${op.method} ${op.path} (${bad.label})`).toBe(403);
      }
    }
  });

  it("a caller who may make the call gets the validation error (400) for the same body", async () => {
    const op = operations.find((o) => o.method === "POST" && o.path.startsWith("/api/services?"));
    expect(op).toBeDefined();
    const result = await call(op!, a.admin.token, BAD_BODIES[0]!);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Title is required");
  });
});
