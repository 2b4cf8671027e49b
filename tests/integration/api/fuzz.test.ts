import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccounts } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/**
 * Random input at every call of the API, as the OpenAPI document lists them:
 * odd ids and slugs in paths, stray query strings, random bodies and content
 * types, junk in headers, as a visitor and as an admin. Whatever comes in, the
 * answer is a 2xx/3xx or a 4xx in the error envelope: never a 5xx, never a
 * bare error.
 */

type Operation = { method: string; path: string; params: string[]; query: string[] };

const RUNS = 25;

const pathValue = fc.oneof(
  fc.integer({ min: -3, max: 5 }).map(String),
  fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "1e3",
    "2147483647",
    "2147483648",
    "99999999999999999999",
    "NaN",
    "%00",
    "%E0%A4%A",
    "..%2F..%2Fetc",
    "general",
    "seo",
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);

const queryValue = fc.oneof(
  fc.constantFrom("", "0", "-1", "1", "50", "51", "9999999999", "true", "abc", "%00", "a,b,,3"),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  fc
    .dictionary(
      fc.constantFrom(
        "title",
        "slug",
        "content",
        "excerpt",
        "name",
        "email",
        "password",
        "ids",
        "action",
        "status",
        "role",
        "categories",
        "tags",
        "published_at",
        "isFeatured",
        "username",
        "message",
        "subject",
        "siteTitle",
        "postsPerPage",
        "alt",
        "order",
      ),
      fc.oneof(
        fc.string({ maxLength: 50 }),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 10 })), { maxLength: 5 }),
        fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
      ),
      { maxKeys: 8 },
    )
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
);

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "",
);

const junkHeader = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("Bearer ", "Bearer x", "Basic abc", "bearer     ", "Bearer %00"),
  fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
);

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === "path").map((p) => p.name),
        query: parameters.filter((p) => p.in === "query").map((p) => p.name),
      });
    }
  }
  return operations;
}

describe("every API call survives random input", () => {
  let t: TestApp;
  let adminToken: string;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
    adminToken = (await createAccounts(t)).admin.token;
    const { body: document } = await t.json("/api/openapi.json");
    operations = operationsOf(document);
  });
  afterAll(() => t.close());

  it("a body that is not JSON where a handler reads JSON: 400, not 500 (found by this test)", async () => {
    const { body: created } = await t.json("/api/blog/posts", {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Fuzzed", slug: "fuzzed", excerpt: "e", content: "<p>c</p>" }),
    });
    for (const init of [
      {},
      { body: "not json" },
      {
        body: "{",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      },
    ]) {
      const response = await t.json(`/api/blog/posts/${created.data.id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${adminToken}` },
        ...init,
      });
      expect([400, 415]).toContain(response.status);
      expect(response.body.success).toBe(false);
    }
  });

  it("lists the calls to try", () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it("answers every call with the envelope and never a 5xx", async () => {
    for (const operation of operations) {
      // Signing out would spend the admin's token for the calls after it.
      const signsOut = operation.path.startsWith("/auth/logout");
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            params: fc.array(pathValue, {
              minLength: operation.params.length,
              maxLength: operation.params.length,
            }),
            query: fc.array(
              fc.tuple(
                fc.oneof(
                  fc.constantFrom(...(operation.query.length ? operation.query : ["x"])),
                  fc.string({ maxLength: 8 }),
                ),
                queryValue,
              ),
              { maxLength: 4 },
            ),
            body,
            contentType,
            authorization: signsOut ? junkHeader : fc.oneof(junkHeader, fc.constant("admin")),
          }),
          async (input) => {
            let url = `/api${operation.path}`;
            operation.params.forEach((name, i) => {
              url = url.replace(`{${name}}`, input.params[i] || "x");
            });
            const search = input.query
              .map(([key, value]) => `${encodeURIComponent(key)}=${value}`)
              .join("&");
            if (search) url += `?${search}`;
            const headers: Record<string, string> = {};
            if (input.contentType) headers["content-type"] = input.contentType;
            if (input.authorization === "admin") headers.authorization = `Bearer ${adminToken}`;
            else if (input.authorization !== undefined) headers.authorization = input.authorization;
            const hasBody = !["GET", "HEAD"].includes(operation.method);
            const response = await t.request(url, {
              method: operation.method,
              headers,
              ...(hasBody && input.body !== undefined ? { body: input.body } : {}),
            });
            const label = `${operation.method} ${url} ${JSON.stringify(input.body)?.slice(0, 120)}`;
            expect(response.status, label).toBeLessThan(500);
            if ((response.headers.get("content-type") ?? "").includes("application/json")) {
              const json = (await response.json()) as { success?: unknown; message?: unknown };
              expect(typeof json.success, label).toBe("boolean");
              if (response.status >= 400) {
                expect(json.success, label).toBe(false);
                expect(typeof json.message, label).toBe("string");
                expect((json.message as string).length, label).toBeGreaterThan(0);
              }
            } else {
              await response.arrayBuffer();
            }
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 180_000);
});
