import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_TEXTS } from "#common/setup.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const ADMIN = {
  first_name: "Site",
  last_name: "Owner",
  username: "owner",
  email: "Owner@Example.com",
  password: "a-long-secret",
  confirm: "a-long-secret",
};

function form(values: Record<string, string>) {
  return { method: "POST", body: new URLSearchParams(values) };
}

describe("first-run setup (no demo mode, no admin)", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: false });
    token = t.services.setup.issueSetupToken();
  });
  afterAll(() => t.close());

  it("waits for its first admin", async () => {
    expect(await t.services.setup.isSetupNeeded()).toBe(true);
  });

  it("refuses the page without the link's token, and never caches it", async () => {
    for (const path of ["/setup", "/setup?token=wrong"]) {
      const response = await t.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain(SETUP_TEXTS.invalidLink);
      expect(html).not.toContain('name="password"');
    }
  });

  it("refuses a post with a wrong token", async () => {
    const response = await t.request("/setup", form({ ...ADMIN, token: "wrong" }));
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(SETUP_TEXTS.invalidLink);
  });

  it("shows the form's errors: names the field", async () => {
    const mismatch = await t.request("/setup", form({ ...ADMIN, token, confirm: "other" }));
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    const short = await t.request(
      "/setup",
      form({ ...ADMIN, token, password: "short", confirm: "short" }),
    );
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 8 characters");
    const common = await t.request(
      "/setup",
      form({ ...ADMIN, token, password: "Football1", confirm: "Football1" }),
    );
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("This password is too common. Please choose another.");
    // A NUL character (no JSON middleware before a form) is refused by its field, not stored.
    const nul = await t.request("/setup", form({ ...ADMIN, token, first_name: "Ada\u0000X" }));
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("First name must not contain NUL characters");
    expect(await t.services.setup.isSetupNeeded()).toBe(true);
  });

  it("creates the first admin once, then the link is spent", async () => {
    const page = await t.request(`/setup?token=${token}`);
    expect(await page.text()).toContain('name="password"');
    const done = await t.request("/setup", { ...form({ ...ADMIN, token }), redirect: "manual" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?setup=done");
    const admin = await t.db
      .selectFrom("users")
      .select(["email", "role", "status"])
      .where("email", "=", "owner@example.com")
      .executeTakeFirstOrThrow();
    expect(admin).toEqual({ email: "owner@example.com", role: "admin", status: "active" });
    expect(await t.services.setup.isSetupNeeded()).toBe(false);

    const login = await t.json("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@example.com", password: ADMIN.password }),
    });
    expect(login.status).toBe(200);

    const again = await t.request(`/setup?token=${token}`);
    expect(await again.text()).toContain(SETUP_TEXTS.alreadySetUp);
    const second = await t.request("/setup", form({ ...ADMIN, username: "other", token }));
    expect(second.status).toBeGreaterThanOrEqual(400);
    expect(await t.db.selectFrom("users").select("id").execute()).toHaveLength(1);
  });

  it("has no demo sign-in and no demo button", async () => {
    const demo = await t.json("/api/auth/demo", { method: "POST" });
    expect(demo.status).toBe(404);
    expect(await (await t.request("/login")).text()).not.toContain("Sign in as Demo Admin");
  });
});

describe("ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("create the first admin, so no setup is needed", async () => {
    const t = await createTestApp({
      env: { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "correct-horse" },
    });
    try {
      expect(await t.services.setup.isSetupNeeded()).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe("demo mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: true });
  });
  afterAll(() => t.close());

  it("signs in as the demo admin through the server; no password is in the page", async () => {
    const html = await (await t.request("/login")).text();
    expect(html).toContain("Sign in as Demo Admin");
    expect(html).not.toContain("admin12345");
    expect(html).not.toContain("admin@example.com");
    const demo = await t.json("/api/auth/demo", { method: "POST" });
    expect(demo.status).toBe(200);
    expect(demo.body.token).toMatch(/\S{20,}/);
    expect(demo.body.data).toMatchObject({ email: "admin@example.com", role: "admin" });
    const me = await t.json("/api/auth/me", {
      headers: { authorization: `Bearer ${demo.body.token}` },
    });
    expect(me.body.data.email).toBe("admin@example.com");
  });

  it("needs no setup", async () => {
    expect(await t.services.setup.isSetupNeeded()).toBe(false);
  });
});
