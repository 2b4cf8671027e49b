import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABOUT_STARTER } from "#common/about-starter.ts";
import {
  type Accounts,
  createAccounts,
  expectError,
  expectFieldError,
  expectOk,
  get,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

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

/** The texts of the headings in the page's main area, in order. */
function headings(html: string) {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...main.matchAll(/<h([1-3])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) =>
    visibleText(m[2]!).trim(),
  );
}

describe("the about settings section and the About page", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  const save = (body: unknown, token = a.admin.token) => put(t, "/settings/about", { token, body });

  async function about() {
    const result = await get(t, "/settings/about");
    expectOk(result);
    return result.body.data;
  }

  async function page() {
    const response = await t.request("/about");
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, text: visibleText(html), headings: headings(html) };
  }

  it("a fresh site has a complete About page: mission, vision, history, three values, team", async () => {
    expect(await about()).toEqual(ABOUT_STARTER);
    const all = await get(t, "/settings");
    expect(all.body.data.about).toEqual(ABOUT_STARTER);
    expect(ABOUT_STARTER.values).toHaveLength(3);
    const { headings: found, text } = await page();
    expect(found).toEqual([
      "About Us",
      "Our Mission",
      "Our Vision",
      "Our History",
      "Our Values",
      "Quality",
      "Honesty",
      "Partnership",
      "Our Team",
      "Alya Pratama",
      "Budi Santoso",
      "Citra Lestari",
    ]);
    expect(text).toContain(ABOUT_STARTER.mission);
    expect(text).toContain("Work with us");
  });

  it("shows what an admin saved, at once (the page cache is emptied by the save)", async () => {
    const first = await page();
    // Stored by the page cache: the next visitor gets the copy from memory.
    expect((await t.request("/about")).headers.get("x-cache")).toBe("HIT");
    expect(first.text).not.toContain("Our purpose is rice");
    const result = await save({
      intro: "Makers of fine things since 1999.",
      mission: "Our purpose is rice for everyone.",
      values: [
        { title: "Care", text: "We look after each other." },
        { title: "Craft", text: "" },
      ],
      ctaText: "Say hello",
      ctaUrl: "/contact?from=about",
    });
    expectOk(result);
    expect(result.body.message).toBe("Settings saved successfully!");
    const stored = await about();
    expect(stored).toMatchObject({
      intro: "Makers of fine things since 1999.",
      mission: "Our purpose is rice for everyone.",
      vision: ABOUT_STARTER.vision,
      values: [
        { title: "Care", text: "We look after each other." },
        { title: "Craft", text: "" },
      ],
    });
    const after = await page();
    expect(after.text).toContain("Makers of fine things since 1999.");
    expect(after.text).toContain("Our purpose is rice for everyone.");
    expect(after.headings).toContain("Care");
    expect(after.headings).toContain("Craft");
    expect(after.headings).not.toContain("Quality");
    expect(after.html).toMatch(/<a [^>]*href="\/contact\?from=about"[^>]*>Say hello/);
  });

  it("takes a value without its text as one with an empty text", async () => {
    expectOk(await save({ values: [{ title: "  Speed  " }] }));
    expect((await about()).values).toEqual([{ title: "Speed", text: "" }]);
  });

  it("keeps the paragraphs of mission, vision and history", async () => {
    expectOk(
      await save({
        history: "Founded in a garage.\n\nMoved to an office.\nThen to two.",
        vision: "One.\n\n\n\nTwo.",
      }),
    );
    const { html } = await page();
    expect(html).toMatch(
      /<p[^>]*>Founded in a garage\.<\/p>\s*<p[^>]*>Moved to an office\.\nThen to two\.<\/p>/,
    );
    expect(html).toMatch(/<p[^>]*>One\.<\/p>\s*<p[^>]*>Two\.<\/p>/);
  });

  it("leaves out every empty part, heading and all", async () => {
    expectOk(
      await save({
        intro: "",
        mission: "",
        vision: "   ",
        history: "",
        values: [],
        ctaText: "",
      }),
    );
    const { headings: found, text, html } = await page();
    expect(found[0]).toBe("About Us");
    for (const heading of ["Our Mission", "Our Vision", "Our History", "Our Values"]) {
      expect(found).not.toContain(heading);
    }
    expect(text).not.toContain("Work with us");
    // The team stays: it has published members.
    expect(found).toContain("Our Team");
    // No heading without text after it, no empty paragraph.
    expect(html).not.toMatch(/<p[^>]*>\s*<\/p>/);

    // Only the mission: one column, no vision heading.
    expectOk(await save({ mission: "Only this." }));
    const single = await page();
    expect(single.headings).toContain("Our Mission");
    expect(single.headings).not.toContain("Our Vision");
  });

  it("uses the section titles staff set", async () => {
    expectOk(
      await save({
        title: "Tentang Kami",
        missionTitle: "Misi Kami",
        mission: "Membantu.",
        valuesTitle: "Nilai Kami",
        values: [{ title: "Jujur", text: "Selalu." }],
        teamTitle: "Tim Kami",
      }),
    );
    const { headings: found } = await page();
    expect(found.slice(0, 2)).toEqual(["Tentang Kami", "Misi Kami"]);
    expect(found).toContain("Nilai Kami");
    expect(found).toContain("Tim Kami");
    expect(found).not.toContain("Our Team");
  });

  const refused: [Record<string, unknown>, string, string][] = [
    [{ mission: "x".repeat(5001) }, "mission", "Mission must be 5000 characters or less"],
    [{ missionTitle: "" }, "missionTitle", "Mission heading is required"],
    [{ mission: 123 }, "mission", "Mission must be text"],
    [{ title: "  " }, "title", "Page title is required"],
    [
      { ctaUrl: "javascript:alert(1)" },
      "ctaUrl",
      "Call to action URL must be an http(s) URL or a path on this site, such as /contact",
    ],
    [{ ctaText: "x".repeat(61) }, "ctaText", "Call to action text must be 60 characters or less"],
    [{ values: [{ title: "", text: "No title" }] }, "values.0.title", "Value title is required"],
    [
      {
        values: [
          { title: "Ok", text: "" },
          { title: "Long", text: "x".repeat(1001) },
        ],
      },
      "values.1.text",
      "Value text must be 1000 characters or less",
    ],
    [{ values: [{ text: "No title at all" }] }, "values.0.title", "Value title is required"],
    [{ values: [{ title: "Ok", text: 5 }] }, "values.0.text", "Value text must be text"],
    [{ values: [{ title: "Ok", text: "", icon: "star" }] }, "values.0", "Unknown field: icon"],
    [
      { values: Array.from({ length: 13 }, (_, i) => ({ title: `V${i}`, text: "" })) },
      "values",
      "Values can hold at most 12 items",
    ],
    [{ values: "Quality, Honesty" }, "values", "Values must be a list of {title, text}"],
    [{ teamSize: 3 }, "body", "Unknown field: teamSize"],
  ];
  it.each(refused.map(([body, field, message]) => [field, message, body] as const))(
    "refuses a bad value naming %s (%s) and saves nothing",
    async (field, message, body) => {
      const before = await about();
      expectFieldError(await save(body), field, message);
      expect(await about()).toEqual(before);
    },
  );

  it("only admins save it: editors and authors 403, anonymous 401", async () => {
    const before = await about();
    expectError(await save({ mission: "Hijacked" }, a.editor.token), 403);
    expectError(await save({ mission: "Hijacked" }, a.author.token), 403);
    expectError(await put(t, "/settings/about", { body: { mission: "Hijacked" } }), 401);
    expect(await about()).toEqual(before);
  });

  it("records each save in the audit log with the fields that changed", async () => {
    expectOk(await save({ vision: "Audited vision." }));
    const log = await get(t, "/audit-log?entity_type=settings&limit=200", {
      token: a.admin.token,
    });
    expectOk(log);
    const entry = (log.body.data.entries as any[]).find((e) => e.entity_id === "about");
    expect(entry).toMatchObject({
      action: "updated",
      entity_label: "About settings",
      actor_id: a.admin.id,
    });
    expect(entry.details).toEqual({ changed: ["vision"] });
  });

  it("a site that never saved the section (an older site) shows the defaults", async () => {
    await t.db.deleteFrom("settings").where("section", "=", "about").execute();
    expect(await about()).toEqual(ABOUT_STARTER);
    const { headings: found } = await page();
    expect(found).toContain("Our Mission");
    expect(found).toContain("Quality");
    // A restart stores the defaults as the section, and the page stays the same.
    await t.close({ keep: true });
    t = await createTestApp({ reuse: { dataDir: t.dataDir, schema: t.schema } });
    const row = await t.db
      .selectFrom("settings")
      .select("data")
      .where("section", "=", "about")
      .executeTakeFirst();
    expect(JSON.parse(row!.data)).toEqual(ABOUT_STARTER);
    a = await createAccounts(t);
  });
});
