import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "#common/audit.ts";
import {
  type Account,
  type Accounts,
  createAccount,
  createAccounts,
  createCategory,
  createUser,
  del,
  expectError,
  expectFieldError,
  expectOk,
  get,
  imageForm,
  login,
  post,
  postBody,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

type Entry = {
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  entity_label: string;
  details: Record<string, unknown> | null;
  created_at: string;
};

describe("audit log", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function entries(query = ""): Promise<Entry[]> {
    const result = await get(t, `/audit-log${query}`, { token: a.admin.token });
    expectOk(result);
    return result.body.data.entries;
  }

  async function entriesFor(entityType: string, entityId: string | number) {
    return (await entries(`?entity_type=${entityType}&limit=200`)).filter(
      (e) => e.entity_id === String(entityId),
    );
  }

  it("records a post's life: created, published, changed, moved to draft, deleted, by whom", async () => {
    const draft = await post(t, "/blog/posts", {
      token: a.author.token,
      body: postBody({ title: "Audit me", status: "draft" }),
    });
    expectOk(draft, 201);
    const id = draft.body.data.id;
    expectOk(
      await put(t, `/blog/posts/${id}`, {
        token: a.editor.token,
        body: { title: "Audit me now", status: "published" },
      }),
    );
    expectOk(
      await post(t, "/blog/posts/bulk", {
        token: a.editor.token,
        body: { action: "draft", ids: [id] },
      }),
    );
    expectOk(await del(t, `/blog/posts/${id}`, { token: a.admin.token }));

    const log = (await entriesFor("post", id)).reverse();
    expect(log.map((e) => [e.action, e.actor_id])).toEqual([
      ["created", a.author.id],
      ["updated", a.editor.id],
      ["published", a.editor.id],
      ["unpublished", a.editor.id],
      ["deleted", a.admin.id],
    ]);
    expect(log[0]!.actor_name).toBe(`${a.author.user.first_name} ${a.author.user.last_name}`);
    expect(log[1]!.details?.changed).toEqual(["title", "status", "published_at"]);
    // The label is the title at the time, and stays after the post is gone.
    expect(log.map((e) => e.entity_label)).toEqual([
      "Audit me",
      "Audit me now",
      "Audit me now",
      "Audit me now",
      "Audit me now",
    ]);
  });

  it("names every field a post's edit changed: its categories, tags and SEO fields too; a tag the save created has its own entry", async () => {
    const first = await createCategory(t, a.admin.token);
    const second = await createCategory(t, a.admin.token);
    const created = await post(t, "/blog/posts", {
      token: a.editor.token,
      body: postBody({ title: "Audited terms", categories: [first.name], tags: [] }),
    });
    expectOk(created, 201);
    const id = created.body.data.id;
    const newTag = unique("Fresh tag");
    expectOk(
      await put(t, `/blog/posts/${id}`, {
        token: a.editor.token,
        body: { categories: [second.name], tags: [newTag] },
      }),
    );
    expectOk(
      await put(t, `/blog/posts/${id}`, {
        token: a.editor.token,
        body: { meta_title: "Search title", featured_image_alt: "A view" },
      }),
    );
    // The same terms again: nothing changes.
    expectOk(
      await put(t, `/blog/posts/${id}`, {
        token: a.editor.token,
        body: { categories: [second.name], tags: [newTag] },
      }),
    );
    const updates = (await entriesFor("post", id))
      .reverse()
      .filter((e) => e.action === "updated")
      .map((e) => e.details?.changed);
    // The save that changed nothing left no entry.
    expect(updates).toEqual([
      ["categories", "tags"],
      ["featured_image_alt", "meta_title"],
    ]);
    const tag = (await entries("?entity_type=tag&limit=200")).find(
      (e) => e.entity_label === newTag,
    );
    expect(tag).toMatchObject({ action: "created", actor_id: a.editor.id });
  });

  it("records services, gallery, settings, categories and users with roles", async () => {
    const service = await post(t, "/services", {
      token: a.editor.token,
      body: { title: "Audited service", slug: unique("svc"), description: "What we do" },
    });
    expectOk(service, 201);
    expectOk(await del(t, `/services/${service.body.data.id}`, { token: a.editor.token }));
    expect((await entriesFor("service", service.body.data.id)).map((e) => e.action)).toEqual([
      "deleted",
      "created",
    ]);

    const category = await post(t, "/gallery/categories", {
      token: a.editor.token,
      body: { name: unique("Gallery cat") },
    });
    expectOk(category, 201);
    expect((await entriesFor("gallery_category", category.body.data.id))[0]).toMatchObject({
      action: "created",
      entity_label: category.body.data.name,
    });
    expectOk(
      await del(t, `/gallery/categories/${category.body.data.id}`, { token: a.editor.token }),
    );
    expect((await entriesFor("gallery_category", category.body.data.id))[0]).toMatchObject({
      action: "deleted",
      actor_id: a.editor.id,
      entity_label: category.body.data.name,
    });

    expectOk(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { siteTitle: "Audited Co" },
      }),
    );
    expect((await entriesFor("settings", "general"))[0]).toMatchObject({
      action: "updated",
      entity_label: "General settings",
      details: { changed: ["siteTitle"] },
      actor_id: a.admin.id,
    });

    const created = await post(t, "/users", {
      token: a.admin.token,
      body: {
        username: unique("audited").replace(/-/g, "_"),
        email: `${unique("audited")}@example.com`,
        first_name: "Audited",
        last_name: "Person",
        password: "Another-Horse-77",
        role: "author",
        status: "active",
      },
    });
    expectOk(created, 201);
    const userId = created.body.data.id;
    expectOk(
      await put(t, `/users/${userId}`, {
        token: a.admin.token,
        body: { role: "editor", status: "inactive" },
      }),
    );
    const userLog = await entriesFor("user", userId);
    expect(userLog.map((e) => e.action).sort()).toEqual(
      ["created", "deactivated", "role_changed", "updated"].sort(),
    );
    expect(userLog.find((e) => e.action === "role_changed")!.details).toEqual({
      from: "author",
      to: "editor",
    });
  });

  it("filters by action, type, user and dates, newest first", async () => {
    const published = await entries("?action=published");
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((e) => e.action === "published")).toBe(true);

    const byEditor = await entries(`?actor_id=${a.editor.id}`);
    expect(byEditor.length).toBeGreaterThan(0);
    expect(byEditor.every((e) => e.actor_id === a.editor.id)).toBe(true);
    const all = await entries("?limit=200");
    expect(all.map((e) => e.created_at)).toEqual(
      [...all.map((e) => e.created_at)].sort().reverse(),
    );

    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(`?from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await entries("?from=2001-01-01&to=2001-01-31")).toEqual([]);

    const result = await get(t, "/audit-log?limit=200", { token: a.admin.token });
    expect(result.body.data.actors).toEqual(
      expect.arrayContaining([{ id: a.editor.id, name: expect.any(String) }]),
    );
  });

  it("is for admins only, and refuses bad filters naming the parameter", async () => {
    expectError(await get(t, "/audit-log"), 401);
    expectError(await get(t, "/audit-log", { token: a.editor.token }), 403);
    expectError(await get(t, "/audit-log", { token: a.author.token }), 403);
    expectFieldError(
      await get(t, "/audit-log?action=exploded", { token: a.admin.token }),
      "action",
      `action must be one of ${AUDIT_ACTIONS.join(", ")}`,
    );
    expectFieldError(
      await get(t, "/audit-log?from=yesterday", { token: a.admin.token }),
      "from",
      "from must be a date (YYYY-MM-DD)",
    );
  });

  it("takes the days' bounds as instants with an offset: the days of the admin's own clock", async () => {
    const label = unique("Zoned");
    expectOk(
      await post(t, "/services", {
        token: a.admin.token,
        body: { title: label, slug: unique("zoned"), description: "Filed by the clock" },
      }),
      201,
    );
    const now = Date.now();
    const around = (from: number, to: number) =>
      entries(
        `?entity_type=service&from=${encodeURIComponent(new Date(from).toISOString().replace("Z", "+00:00"))}&to=${encodeURIComponent(new Date(to).toISOString())}`,
      );
    const inside = await around(now - 3_600_000, now + 3_600_000);
    expect(inside.map((e) => e.entity_label)).toContain(label);
    const before = await around(now - 7_200_000, now - 3_600_000);
    expect(before.map((e) => e.entity_label)).not.toContain(label);
    // Kiritimati (UTC+14): the local day holding now, given as its two midnights.
    const offset = 14 * 3_600_000;
    const localDay = new Date(now + offset).toISOString().slice(0, 10);
    const start = Date.parse(`${localDay}T00:00:00.000Z`) - offset;
    const local = await entries(
      `?entity_type=service&from=${encodeURIComponent(new Date(start).toISOString().replace("Z", "+00:00"))}&to=${encodeURIComponent(new Date(start + 86_400_000).toISOString())}`,
    );
    expect(local.map((e) => e.entity_label)).toContain(label);
  });

  it("records who uploaded which file, and who deleted it", async () => {
    const bytes = await sharp({
      create: { width: 23, height: 17, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const uploaded = await post(t, "/upload", {
      token: a.author.token,
      body: imageForm(bytes, "team-photo.png", "image/png"),
    });
    expectOk(uploaded, 201);
    const id = uploaded.body.data.id as number;
    const file = (uploaded.body.data.url as string).replace("/uploads/", "");
    expectOk(await del(t, `/media/${id}`, { token: a.admin.token }));

    const log = (await entriesFor("media", id)).reverse();
    expect(log).toMatchObject([
      {
        action: "uploaded",
        actor_id: a.author.id,
        entity_label: "team-photo.png",
        details: { file },
      },
      {
        action: "deleted",
        actor_id: a.admin.id,
        entity_label: "team-photo.png",
        details: { file },
      },
    ]);
  });

  it("records signing out everywhere, with how many sessions ended", async () => {
    const me = await createAccount(t, "editor");
    await login(t, me.email, me.password);
    expectOk(await post(t, "/auth/logout-all", { token: me.token }));
    const [entry] = (await entries("?action=signed_out_everywhere&limit=200")).filter(
      (e) => e.entity_id === String(me.id),
    );
    expect(entry).toMatchObject({
      actor_id: me.id,
      entity_type: "account",
      entity_label: me.email,
      details: { sessions: 2 },
    });
  });

  it("keeps entries of a deleted user, with the name they had", async () => {
    const doomed = await post(t, "/users", {
      token: a.admin.token,
      body: {
        username: unique("doomed").replace(/-/g, "_"),
        email: `${unique("doomed")}@example.com`,
        first_name: "Doomed",
        last_name: "Editor",
        password: "Another-Horse-77",
        role: "editor",
        status: "active",
      },
    });
    expectOk(doomed, 201);
    const login = await post(t, "/auth/login", {
      body: { email: doomed.body.data.email, password: "Another-Horse-77" },
    });
    const token = login.body.token as string;
    const service = await post(t, "/services", {
      token,
      body: { title: "Left behind", slug: unique("svc"), description: "Still here" },
    });
    expectOk(service, 201);
    expectOk(await del(t, `/users/${doomed.body.data.id}`, { token: a.admin.token }));
    const [entry] = await entriesFor("service", service.body.data.id);
    expect(entry).toMatchObject({ actor_id: null, actor_name: "Doomed Editor", action: "created" });
  });
});

describe("audit log: sign-ins (behind one trusted proxy)", () => {
  let t: TestApp;
  let admin: Account;
  const SECRET = "Hunter2-Secret-Guess";
  let clients = 0;
  /** A fresh client address, so tests do not share a client's counts. */
  const newClient = () => {
    clients += 1;
    return `198.51.100.${clients}`;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
    admin = await createAccount(t, "admin");
  });
  afterAll(() => t?.close());

  function signIn(email: string, password: string, client: string) {
    return post(t, "/auth/login", {
      body: { email, password },
      headers: { "x-forwarded-for": client },
    });
  }

  async function entries(query: string): Promise<Entry[]> {
    const result = await get(t, `/audit-log${query}&limit=200`, { token: admin.token });
    expectOk(result);
    return result.body.data.entries;
  }

  it("records a sign-in, and a failure with the address tried but never the password", async () => {
    const me = await createUser(t, { role: "editor" });
    const client = newClient();
    expectError(await signIn(me.email, SECRET, client), 401);
    const nobody = `${unique("nobody")}@example.com`;
    expectError(await signIn(nobody, SECRET, client), 401);
    expectOk(await signIn(me.email, me.password, client));

    const failures = await entries("?action=sign_in_failed");
    expect(failures.find((e) => e.entity_label === me.email)).toMatchObject({
      actor_id: null,
      actor_name: `Visitor at ${client}`,
      entity_type: "account",
      entity_id: String(me.user.id),
      details: { client },
    });
    expect(failures.find((e) => e.entity_label === nobody)).toMatchObject({
      actor_id: null,
      entity_id: null,
      details: { client },
    });
    const [signedIn] = (await entries("?action=signed_in")).filter(
      (e) => e.entity_label === me.email,
    );
    expect(signedIn).toMatchObject({
      actor_id: me.user.id,
      actor_name: "Editor Tester",
      entity_type: "account",
      entity_id: String(me.user.id),
      details: { client },
    });
    expect(JSON.stringify(await entries("?entity_type=account"))).not.toContain(SECRET);
  });

  it("records a lock once, however many attempts it refuses; refused attempts add nothing", async () => {
    const me = await createUser(t, { role: "author" });
    for (let i = 0; i < 10; i++)
      expectError(await signIn(me.email, `${SECRET}-${i}`, newClient()), 401);
    for (let i = 0; i < 5; i++) expectError(await signIn(me.email, me.password, newClient()), 429);
    const mine = (await entries("?entity_type=account")).filter((e) => e.entity_label === me.email);
    expect(mine.filter((e) => e.action === "sign_in_failed")).toHaveLength(10);
    const locks = mine.filter((e) => e.action === "locked_out");
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({
      actor_id: null,
      entity_id: String(me.user.id),
      details: { scope: "account", minutes: 15 },
    });
  });

  it("records a client locked for failing on many accounts, once", async () => {
    const sprayer = newClient();
    for (let i = 0; i < 30; i++) {
      expectError(await signIn(`${unique("sprayed")}@example.com`, SECRET, sprayer), 401);
    }
    for (let i = 0; i < 5; i++) {
      expectError(await signIn(`${unique("sprayed")}@example.com`, SECRET, sprayer), 429);
    }
    const fromSprayer = (await entries("?entity_type=account")).filter(
      (e) => e.details?.client === sprayer,
    );
    expect(fromSprayer.filter((e) => e.action === "sign_in_failed")).toHaveLength(30);
    expect(fromSprayer.filter((e) => e.action === "locked_out")).toEqual([
      expect.objectContaining({
        actor_name: `Visitor at ${sprayer}`,
        entity_id: null,
        entity_label: `Every account from ${sprayer}`,
        details: { scope: "client", client: sprayer, minutes: 15 },
      }),
    ]);
  });

  it("records a wrong current password on the profile as a failure by the signed-in user", async () => {
    const client = newClient();
    const me = await createUser(t, { role: "editor" });
    const token = (await signIn(me.email, me.password, client)).body.token as string;
    const wrong = await post(t, "/auth/me/password", {
      token,
      body: { current_password: SECRET, password: "Amber-Canyon-39" },
      headers: { "x-forwarded-for": client },
    });
    expectError(wrong, 400);
    const [entry] = (await entries("?action=sign_in_failed")).filter(
      (e) => e.entity_label === me.email,
    );
    expect(entry).toMatchObject({
      actor_id: me.user.id,
      entity_id: String(me.user.id),
      details: { client, current_password: true },
    });
  });
});
