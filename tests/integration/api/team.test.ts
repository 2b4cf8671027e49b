import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  del,
  expectError,
  expectFieldError,
  expectOk,
  get,
  imageForm,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const STARTER = ["Alya Pratama", "Budi Santoso", "Citra Lestari"];

/** The visible text of a page, tags removed and entities decoded. */
function visibleText(html: string) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

describe("team API", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function team(token?: string) {
    const result = await get(t, "/team", { token });
    expectOk(result);
    return result.body.data as any[];
  }

  async function addMember(body: Record<string, unknown> = {}, token = a.editor.token) {
    const result = await post(t, "/team", { token, body: { name: unique("Member"), ...body } });
    expectOk(result, 201);
    return result.body.data;
  }

  async function storedIds() {
    const rows = await t.db
      .selectFrom("team_members")
      .select("id")
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    return rows.map((row) => row.id);
  }

  async function aboutPage() {
    const response = await t.request("/about");
    expect(response.status).toBe(200);
    return visibleText(await response.text());
  }

  it("a fresh site has the three starter members, published, marked as samples", async () => {
    const members = await team();
    expect(members.map((m) => m.name)).toEqual(STARTER);
    expect(members.map((m) => m.role)).toEqual([
      "Founder & CEO",
      "Head of Engineering",
      "Lead Designer",
    ]);
    for (const member of members) {
      expect(member).toMatchObject({ published: true, photo_url: "", email: "", linkedin_url: "" });
      expect(member.bio).toMatch(/^Sample team member: replace/);
    }
    const text = await aboutPage();
    for (const name of STARTER) expect(text).toContain(name);
  });

  it("POST adds a member at the end with defaults; the stored row matches", async () => {
    const result = await post(t, "/team", {
      token: a.editor.token,
      body: { name: "  Dewi Kusuma  ", role: "Office Manager" },
    });
    expectOk(result, 201);
    expect(result.body.message).toBe("Team member added successfully");
    const member = result.body.data;
    expect(member).toMatchObject({
      name: "Dewi Kusuma",
      role: "Office Manager",
      bio: "",
      photo_url: "",
      email: "",
      linkedin_url: "",
      published: true,
    });
    const members = await team();
    expect(members.at(-1)).toEqual(member);
    const row = await t.db
      .selectFrom("team_members")
      .selectAll()
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Dewi Kusuma");
    expect(row.sort_order).toBeGreaterThan(0);
  });

  it("POST keeps every given field, and the About page shows them", async () => {
    const member = await addMember({
      name: "Eko Wibowo",
      role: "Sales Lead",
      bio: "Eko helps clients\nfind the right plan.",
      email: "eko@example.com",
      linkedin_url: "https://www.linkedin.com/in/eko-example",
      photo_url: "/uploads/0123456789abcdef0123.jpg",
    });
    expect(member).toMatchObject({
      email: "eko@example.com",
      linkedin_url: "https://www.linkedin.com/in/eko-example",
      photo_url: "/uploads/0123456789abcdef0123.jpg",
    });
    const html = await (await t.request("/about")).text();
    expect(html).toContain("Eko Wibowo");
    expect(html).toContain("Sales Lead");
    expect(html).toContain('href="mailto:eko%40example.com"');
    expect(html).toContain('href="https://www.linkedin.com/in/eko-example"');
    expect(visibleText(html)).toContain("Eko Wibowo on LinkedIn (opens in a new tab)");
    // The photo with its variants, so each screen loads the size it needs.
    expect(html).toContain('src="/uploads/0123456789abcdef0123.jpg"');
    expect(html).toContain("/uploads/0123456789abcdef0123-480.webp 480w");
    // JSON-LD lists the published members as the organisation's employees.
    expect(html).toMatch(/"employee":\[.*"name":"Eko Wibowo","jobTitle":"Sales Lead"/);
  });

  it("PUT changes the fields sent and keeps the others", async () => {
    const member = await addMember({ role: "Writer", bio: "Writes things." });
    const result = await put(t, `/team/${member.id}`, {
      token: a.admin.token,
      body: { role: "Senior Writer" },
    });
    expectOk(result);
    expect(result.body.message).toBe("Team member updated successfully");
    expect(result.body.data).toMatchObject({
      name: member.name,
      role: "Senior Writer",
      bio: "Writes things.",
    });
    // Sending back what was read (id included) works too.
    const again = await put(t, `/team/${member.id}`, {
      token: a.admin.token,
      body: { ...result.body.data, bio: "" },
    });
    expectOk(again);
    expect(again.body.data.bio).toBe("");
    expect((await team()).find((m) => m.id === member.id)).toMatchObject({
      role: "Senior Writer",
      bio: "",
    });
  });

  it("anonymous visitors and authors see only the published members; staff see all", async () => {
    const hidden = await addMember({ name: unique("Hidden") });
    expectOk(
      await put(t, `/team/${hidden.id}`, { token: a.editor.token, body: { published: false } }),
    );
    for (const token of [undefined, a.author.token]) {
      const names = (await team(token)).map((m) => m.name);
      expect(names).not.toContain(hidden.name);
      expect(names).toContain(STARTER[0]);
    }
    for (const token of [a.editor.token, a.admin.token]) {
      const found = (await team(token)).find((m) => m.id === hidden.id);
      expect(found).toMatchObject({ published: false });
    }
    expect(await aboutPage()).not.toContain(hidden.name);
  });

  it.each([
    ["name", { name: "" }, "Name is required"],
    ["name", { name: "   " }, "Name is required"],
    ["name", { name: "x".repeat(201) }, "Name must be 200 characters or less"],
    ["role", { role: "x".repeat(201) }, "Role must be 200 characters or less"],
    ["bio", { bio: "x".repeat(1001) }, "Bio must be 1000 characters or less"],
    ["email", { email: "not-an-address" }, "Email is invalid"],
    ["email", { email: "a@b.co?cc=x@evil.example" }, "Email is invalid"],
    [
      "linkedin_url",
      { linkedin_url: "http://linkedin.com/in/x" },
      "LinkedIn URL must be an https:// address",
    ],
    [
      "linkedin_url",
      { linkedin_url: "javascript:alert(1)" },
      "LinkedIn URL must be an https:// address",
    ],
    [
      "linkedin_url",
      { linkedin_url: "https://evil.example\\@www.linkedin.com/in/x" },
      "LinkedIn URL must be an https:// address",
    ],
    [
      "photo_url",
      { photo_url: "javascript:alert(1)" },
      "Photo must be an http(s) URL or an uploaded file",
    ],
    ["published", { published: "yes" }, "Published must be true or false"],
    ["sort_order", { sort_order: -1 }, "Order must be 0 or more"],
  ])("refuses a bad %s: %j", async (field, override, message) => {
    const before = await t.db.selectFrom("team_members").select("id").execute();
    const created = await post(t, "/team", {
      token: a.admin.token,
      body: { name: "Valid Name", ...override },
    });
    expectFieldError(created, field, message);
    const after = await t.db.selectFrom("team_members").select("id").execute();
    expect(after.length).toBe(before.length);
    const [first] = await team(a.admin.token);
    expectFieldError(
      await put(t, `/team/${first.id}`, { token: a.admin.token, body: override }),
      field,
      message,
    );
    expect((await team(a.admin.token))[0]).toEqual(first);
  });

  it("refuses unknown fields, a changed id and a body that is not an object", async () => {
    const result = await post(t, "/team", {
      token: a.admin.token,
      body: { name: "X", salary: 100 },
    });
    expectFieldError(result, "body", "Unknown field: salary");
    const [first] = await team();
    expectFieldError(
      await put(t, `/team/${first.id}`, { token: a.admin.token, body: { id: first.id + 1 } }),
      "id",
      "id cannot be changed",
    );
    expectError(await post(t, "/team", { token: a.admin.token, body: [1, 2] }), 400);
  });

  it("answers 404 for a member that does not exist, and 400 for an id that cannot be one", async () => {
    expectError(
      await put(t, "/team/987654", { token: a.admin.token, body: { name: "Nobody" } }),
      404,
      "Team member not found",
    );
    expectError(
      await del(t, "/team/987654", { token: a.admin.token }),
      404,
      "Team member not found",
    );
    expectFieldError(
      await del(t, "/team/abc", { token: a.admin.token }),
      "id",
      "id must be a number",
    );
    expectFieldError(
      await put(t, "/team/2147483648", { token: a.admin.token, body: {} }),
      "id",
      "id must be 2147483647 or less",
    );
  });

  it("DELETE removes a member from the list and the About page at once", async () => {
    const member = await addMember({ name: unique("Leaving") });
    expect(await aboutPage()).toContain(member.name);
    // The page is in the page cache now; the delete must empty it.
    expect((await t.request("/about")).headers.get("x-cache")).toBe("HIT");
    const result = await del(t, `/team/${member.id}`, { token: a.editor.token });
    expectOk(result);
    expect(result.body).toMatchObject({ data: null, message: "Team member deleted successfully" });
    expect((await team(a.admin.token)).map((m) => m.id)).not.toContain(member.id);
    expect(await aboutPage()).not.toContain(member.name);
  });

  it("only admins and editors manage the team: authors 403, anonymous 401, nothing changed", async () => {
    const [first] = await team();
    const ids = await storedIds();
    const calls = [
      () => post(t, "/team", { token: a.author.token, body: { name: "Author's friend" } }),
      () => put(t, `/team/${first.id}`, { token: a.author.token, body: { name: "Renamed" } }),
      () => del(t, `/team/${first.id}`, { token: a.author.token }),
      () => put(t, "/team/order", { token: a.author.token, body: { ids: [...ids].reverse() } }),
    ];
    for (const call of calls) expectError(await call(), 403);
    const anonymous = [
      () => post(t, "/team", { body: { name: "Visitor" } }),
      () => put(t, `/team/${first.id}`, { body: { name: "Renamed" } }),
      () => del(t, `/team/${first.id}`),
      () => put(t, "/team/order", { body: { ids } }),
    ];
    for (const call of anonymous) expectError(await call(), 401);
    expect(await storedIds()).toEqual(ids);
    expect((await team())[0]).toEqual(first);
  });

  it("PUT /team/order sets the order of the list and the About page", async () => {
    const ids = await storedIds();
    const reversed = [...ids].reverse();
    const result = await put(t, "/team/order", { token: a.editor.token, body: { ids: reversed } });
    expectOk(result);
    expect(result.body.data.map((m: any) => m.id)).toEqual(reversed);
    expect(await storedIds()).toEqual(reversed);
    const published = (await team()).map((m) => m.name);
    const text = await aboutPage();
    const positions = published.map((name) => text.indexOf(name));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(text.indexOf(STARTER[2]!)).toBeLessThan(text.indexOf(STARTER[0]!));
    // Back to the first order for the tests after this one.
    expectOk(await put(t, "/team/order", { token: a.admin.token, body: { ids } }));
  });

  it("PUT /team/order takes every member exactly once and nothing else", async () => {
    const ids = await storedIds();
    const cases: [unknown, string][] = [
      [{ ids: ids.slice(1) }, `ids must list every team member exactly once; missing: ${ids[0]}`],
      [{ ids: [...ids, ids[0]] }, `ids lists team member ${ids[0]} twice`],
      [{ ids: [...ids, 987654] }, "ids names no team member with id 987654"],
      [{ ids: [] }, "ids must not be empty"],
      [{ ids: "1,2,3" }, "ids must be a list of ids in the new order"],
      [{ ids: [ids[0], "2"] }, "ids must be a number"],
      [{ ids: [0] }, "ids must be a positive number"],
      [{ ids: [2147483648] }, "ids must be 2147483647 or less"],
    ];
    for (const [body, message] of cases) {
      const result = await put(t, "/team/order", { token: a.admin.token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(Object.values(result.body.errors ?? {}), JSON.stringify(body)).toContain(message);
      expect(Object.keys(result.body.errors)[0]).toMatch(/^ids/);
    }
    expect(await storedIds()).toEqual(ids);
  });

  it("writes an audit entry for every change, with who made it", async () => {
    const member = await addMember({ name: unique("Audited") }, a.admin.token);
    await put(t, `/team/${member.id}`, { token: a.editor.token, body: { role: "Boss" } });
    const ids = await storedIds();
    await put(t, "/team/order", { token: a.editor.token, body: { ids } });
    await del(t, `/team/${member.id}`, { token: a.admin.token });
    const log = await get(t, "/audit-log?entity_type=team_member&limit=200", {
      token: a.admin.token,
    });
    expectOk(log);
    const entries = log.body.data.entries as any[];
    const mine = entries.filter((e) => e.entity_id === String(member.id));
    expect(mine.map((e) => e.action).sort()).toEqual(["created", "deleted", "updated"]);
    const updated = mine.find((e) => e.action === "updated");
    expect(updated).toMatchObject({ actor_id: a.editor.id, entity_label: member.name });
    expect(updated.details).toEqual({ changed: ["role"] });
    const order = entries.find((e) => e.entity_label === "Team order");
    expect(order).toMatchObject({ action: "updated", actor_id: a.editor.id });
    expect(order.details).toEqual({ reordered: ids });
  });

  it("an uploaded photo counts as in use: the media library will not delete it", async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: "#336699" },
    })
      .png()
      .toBuffer();
    const uploaded = await post(t, "/upload", {
      token: a.editor.token,
      body: imageForm(png, "face.png", "image/png"),
    });
    expectOk(uploaded, 201);
    const member = await addMember({ name: unique("Pictured"), photo_url: uploaded.body.data.url });
    const removed = await del(t, `/media/${uploaded.body.data.id}`, { token: a.admin.token });
    expectError(removed, 409, `This image is in use: Team member "${member.name}"`);
  });
});

describe("the About page without published members", () => {
  let t: TestApp;
  let a: Accounts;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  it("has no team section once the starter members are deleted, and they stay deleted", async () => {
    const first = await t.request("/about");
    expect(await first.text()).toContain("Our Team");
    const members = (await get(t, "/team", { token: a.admin.token })).body.data as any[];
    for (const member of members) {
      expectOk(await del(t, `/team/${member.id}`, { token: a.admin.token }));
    }
    const html = await (await t.request("/about")).text();
    const text = visibleText(html);
    expect(text).not.toContain("Our Team");
    for (const name of STARTER) expect(text).not.toContain(name);
    expect(html).not.toContain('"employee"');
    expectOk(await get(t, "/team"));
    expect((await get(t, "/team")).body.data).toEqual([]);

    // A restart seeds what is missing, but never the team a company removed.
    await t.close({ keep: true });
    t = await createTestApp({ reuse: { dataDir: t.dataDir, schema: t.schema } });
    expect((await get(t, "/team")).body.data).toEqual([]);
  });

  it("leaves out a team whose members are all unpublished", async () => {
    const admin = (await createAccounts(t)).admin;
    const added = await post(t, "/team", {
      token: admin.token,
      body: { name: "Quiet Person", published: false },
    });
    expectOk(added, 201);
    const text = visibleText(await (await t.request("/about")).text());
    expect(text).not.toContain("Quiet Person");
    expect(text).not.toContain("Our Team");
  });
});
