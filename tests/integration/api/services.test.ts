import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentChanges, EVERYTHING } from "#server/cache/content-changes.ts";
import { tableTag } from "#server/lib/cache-tags.ts";
import { createServicesService } from "#server/modules/services/services.service.ts";
import {
  type Accounts,
  createAccounts,
  createService,
  del,
  expectError,
  expectFieldError,
  expectOk,
  expectSuccess,
  get,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("services API", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  it("GET /services lists the starter services in sort order", async () => {
    const result = await get(t, "/services");
    expectOk(result);
    expect(result.body.data.map((s: any) => s.slug)).toEqual([
      "web-development",
      "app-development",
      "ui-ux-design",
      "digital-marketing",
      "consulting",
    ]);
    const first = result.body.data[0];
    for (const field of ["id", "title", "slug", "description", "icon", "details"]) {
      expect(first).toHaveProperty(field);
    }
    expect(first).toMatchObject({ title: "Web Development", icon: "code" });
  });

  it("GET /services/{id-or-slug} answers one service", async () => {
    const bySlug = await get(t, "/services/consulting");
    expectOk(bySlug);
    expect(bySlug.body.data.title).toBe("Consulting");
    const byId = await get(t, `/services/${bySlug.body.data.id}`);
    expectOk(byId);
    expect(byId.body.data).toEqual(bySlug.body.data);
  });

  it("answers 404 Service not found", async () => {
    expectError(await get(t, "/services/no-such-service"), 404, "Service not found");
    expectError(await get(t, "/services/987654"), 404, "Service not found");
  });

  it("POST creates with icon computer and empty details by default", async () => {
    const slug = unique("svc");
    const result = await post(t, "/services", {
      token: a.editor.token,
      body: { title: "  Cloud Hosting  ", slug, description: "Hosting for you." },
    });
    expectSuccess(result);
    expect(result.body.data).toMatchObject({
      title: "Cloud Hosting",
      slug,
      description: "Hosting for you.",
      icon: "computer",
      details: "",
    });
    const read = await get(t, `/services/${slug}`);
    expect(read.body.data).toMatchObject({ title: "Cloud Hosting", icon: "computer" });
    const list = await get(t, "/services");
    expect(list.body.data.map((s: any) => s.slug)).toContain(slug);
  });

  it("POST keeps every given field", async () => {
    const slug = unique("svc");
    const details = "Line one\nLine two\n\nParagraph two";
    const result = await post(t, "/services", {
      token: a.admin.token,
      body: { title: "Security", slug, description: "Safe.", icon: "shield", details },
    });
    expectSuccess(result);
    const read = await get(t, `/services/${result.body.data.id}`);
    expect(read.body.data).toMatchObject({ title: "Security", icon: "shield", details });
  });

  it.each(["computer", "smartphone", "chart", "gear", "shield", "cloud", "code", "briefcase"])(
    "accepts the icon %s",
    async (icon) => {
      const created = await createService(t, a.admin.token, { icon });
      expect(created.icon).toBe(icon);
    },
  );

  it("refuses an unknown icon", async () => {
    expectError(
      await post(t, "/services", {
        token: a.admin.token,
        body: { title: "X", slug: unique("svc"), description: "Y", icon: "rocket" },
      }),
      400,
    );
  });

  it.each([
    ["title", { title: "" }, "Title is required"],
    ["title", { title: undefined }, "Title is required"],
    ["slug", { slug: "" }, "Slug is required"],
    ["slug", { slug: undefined }, "Slug is required"],
    [
      "slug",
      { slug: "Not A Slug" },
      "Slug can only contain lowercase letters, numbers, and hyphens",
    ],
    ["description", { description: "" }, "Description is required"],
    ["description", { description: "   " }, "Description is required"],
  ])("refuses a bad %s: %j → %s", async (field, override, message) => {
    const result = await post(t, "/services", {
      token: a.admin.token,
      body: { title: "Service", slug: unique("svc"), description: "Text", ...override },
    });
    expectFieldError(result, field, message);
    expect(result.body.message).toBe(message);
  });

  it("refuses a duplicate slug with 409 on create and update", async () => {
    expectError(
      await post(t, "/services", {
        token: a.admin.token,
        body: { title: "Again", slug: "consulting", description: "Dup" },
      }),
      409,
      "A service with this slug already exists",
    );
    const created = await createService(t, a.admin.token);
    expectError(
      await put(t, `/services/${created.id}`, {
        token: a.admin.token,
        body: { ...created, slug: "web-development" },
      }),
      409,
      "A service with this slug already exists",
    );
  });

  it("of services created at the same moment with one slug, one is made and the rest are told the slug is taken", async () => {
    const slug = unique("same-moment");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(t, "/services", {
          token: a.admin.token,
          body: { title: `Same moment ${i}`, slug, description: "Raced" },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== 201)) {
      expectError(result, 409, "A service with this slug already exists");
      expect(result.body.errors?.slug).toBe("A service with this slug already exists");
    }
    const listed = await get(t, "/services");
    expect(listed.body.data.filter((s: { slug: string }) => s.slug === slug)).toHaveLength(1);
  });

  it("PUT updates and keeps its own slug", async () => {
    const created = await createService(t, a.admin.token);
    const result = await put(t, `/services/${created.id}`, {
      token: a.editor.token,
      body: {
        title: "Updated title",
        slug: created.slug,
        description: "Updated description",
        icon: "cloud",
        details: "New details",
      },
    });
    expectSuccess(result);
    const read = await get(t, `/services/${created.id}`);
    expect(read.body.data).toMatchObject({
      title: "Updated title",
      slug: created.slug,
      description: "Updated description",
      icon: "cloud",
      details: "New details",
    });
  });

  it("PUT validates and answers 404 for an unknown service", async () => {
    const created = await createService(t, a.admin.token);
    expectFieldError(
      await put(t, `/services/${created.id}`, {
        token: a.admin.token,
        body: { title: "", slug: created.slug, description: "x" },
      }),
      "title",
      "Title is required",
    );
    expectError(
      await put(t, "/services/987654", {
        token: a.admin.token,
        body: { title: "x", slug: unique("svc"), description: "y" },
      }),
      404,
    );
  });

  it("DELETE removes the service", async () => {
    const created = await createService(t, a.admin.token);
    expectSuccess(await del(t, `/services/${created.id}`, { token: a.admin.token }));
    expectError(await get(t, `/services/${created.slug}`), 404, "Service not found");
    expectError(await del(t, `/services/${created.id}`, { token: a.admin.token }), 404);
  });

  it("refuses authors (403) and anonymous callers (401)", async () => {
    const body = { title: "Nope", slug: unique("svc"), description: "Nope" };
    expectError(
      await post(t, "/services", { token: a.author.token, body }),
      403,
      "You do not have permission to do this",
    );
    expectError(await post(t, "/services", { body }), 401, "Authentication required");
    expectError(await get(t, `/services/${body.slug}`), 404, "Service not found");
    const consulting = (await get(t, "/services/consulting")).body.data;
    expectError(
      await del(t, `/services/${consulting.id}`, { token: a.author.token }),
      403,
      "You do not have permission to do this",
    );
    expectError(await del(t, `/services/${consulting.id}`), 401, "Authentication required");
    expectOk(await get(t, "/services/consulting"));
  });
  describe("PUT /services/reorder", () => {
    const slugs = async () => (await get(t, "/services")).body.data.map((s: any) => s.slug);
    const ids = async () => (await get(t, "/services")).body.data.map((s: any) => s.id);

    it("puts the listed services first in that order, the others after in theirs", async () => {
      const before = await ids();
      const [first, second, third, ...rest] = before;
      const result = await put(t, "/services/reorder", {
        token: a.editor.token,
        body: { ids: [third, first] },
      });
      expectOk(result);
      const expected = [third, first, second, ...rest];
      expect(result.body.data.map((s: any) => s.id)).toEqual(expected);
      expect(result.body.data.map((s: any) => s.sort_order)).toEqual(expected.map((_, i) => i));
      // Every reader gets the new order: the list, the home grid and /services.
      expect(await ids()).toEqual(expected);
      const names = (await get(t, "/services")).body.data.map((s: any) => s.title);
      for (const path of ["/", "/services"]) {
        const html = await (await t.request(path)).text();
        const at = names.slice(0, 3).map((name: string) => html.indexOf(`>${name}<`));
        expect(
          at.every((i: number) => i > 0),
          path,
        ).toBe(true);
        expect(
          [...at].sort((x, y) => x - y),
          path,
        ).toEqual(at);
      }
      // Audited as one change of the services' order.
      const log = await get(t, "/audit-log?entity_type=service&limit=5", { token: a.admin.token });
      expect(log.body.data.entries[0]).toMatchObject({
        action: "updated",
        entity_type: "service",
        entity_label: "Services order",
      });
      expect(log.body.data.entries[0].details.reordered).toEqual(expected);
      // A new service goes to the end.
      const added = await createService(t, a.admin.token);
      expect((await ids()).at(-1)).toBe(added.id);
    });

    it("refuses unknown ids (404, nothing changed), bad lists (400) and other roles", async () => {
      const before = await slugs();
      const [one] = await ids();
      expectError(
        await put(t, "/services/reorder", { token: a.admin.token, body: { ids: [one, 987654] } }),
        404,
        "Some services do not exist",
      );
      expect(await slugs()).toEqual(before);
      expectFieldError(
        await put(t, "/services/reorder", { token: a.admin.token, body: { ids: [] } }),
        "ids",
        "ids must not be empty",
      );
      expectFieldError(
        await put(t, "/services/reorder", { token: a.admin.token, body: { ids: ["x"] } }),
        "ids.0",
        "ids must be a number",
      );
      expectError(
        await put(t, "/services/reorder", { token: a.author.token, body: { ids: [one] } }),
        403,
      );
      expectError(await put(t, "/services/reorder", { body: { ids: [one] } }), 401);
      expect(await slugs()).toEqual(before);
    });
  });

  it("an instance keeps the list between changes and reads it again on each change announced to it", async () => {
    // `here` hears only what `bus` says: a write made through this test app
    // stands for one made on another instance, announced later (NOTIFY).
    const bus = createContentChanges();
    const here = createServicesService(t.db, bus);
    const slugsHere = async () => (await here.listServices()).map((s) => s.slug);
    const before = await slugsHere();

    const made = await createService(t, a.admin.token);
    expect(await slugsHere(), "not announced yet").toEqual(before);
    bus.publish({ stale: ["post:1", "posts"], purge: [] });
    expect(await slugsHere(), "a change to something else").toEqual(before);
    bus.publish({ stale: [tableTag("services")], purge: [] });
    expect(await slugsHere()).toEqual([...before, made.slug]);

    expectOk(await del(t, `/services/${made.id}`, { token: a.admin.token }));
    bus.publish(EVERYTHING);
    expect(await slugsHere(), "the whole site changed").toEqual(before);

    // Each caller gets its own list; the rows it shares with the next are frozen.
    const list = await here.listServices();
    list.pop();
    expect(await slugsHere()).toEqual(before);
    expect(() => {
      list[0]!.title = "Changed in place";
    }).toThrow(TypeError);
  });
});
