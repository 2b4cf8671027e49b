import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  expectFieldError,
  expectOk,
  get,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const policyOf = (response: Response) => response.headers.get("content-security-policy") ?? "";
const frameSrc = (response: Response) => /frame-src ([^;]*)/.exec(policyOf(response))?.[1];

/** The JSON-LD blocks of a page. */
function structuredData(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, json = ""]) => JSON.parse(json),
  );
}

/** A page as a reader sees it: the text without tags. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

const WEEK = {
  monday: [{ opens: "09:00", closes: "17:00" }],
  tuesday: [{ opens: "09:00", closes: "17:00" }],
  wednesday: [{ opens: "09:00", closes: "17:00" }],
  thursday: [{ opens: "09:00", closes: "17:00" }],
  friday: [
    { opens: "13:00", closes: "17:00" },
    { opens: "09:00", closes: "12:00" },
  ],
  saturday: [{ opens: "10:00", closes: "14:00" }],
  sunday: [],
};

describe("contact details (settings section contact)", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  const save = (body: unknown, token = a.admin.token) =>
    put(t, "/settings/contact", { token, body });
  const page = async (path: string) => {
    const response = await t.request(path);
    return { response, html: await response.text() };
  };
  const stored = async () => (await get(t, "/settings/contact")).body.data;
  /** The page from the page cache (a render that raced the save's announcement is not kept). */
  const cachedPage = async (path: string) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await t.request(path);
      if (response.headers.get("x-cache") === "HIT")
        return { response, html: await response.text() };
    }
    throw new Error(`${path} was not served from the page cache`);
  };

  it("a fresh site: the default introduction, no opening hours, no map and no frame source", async () => {
    expect(await stored()).toEqual({
      introduction:
        "Have a question or a project in mind? Send us a message and we will get back to you soon.",
      openingHours: {
        monday: [],
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [],
        saturday: [],
        sunday: [],
      },
      map: "off",
      latitude: null,
      longitude: null,
      mapZoom: 16,
      mapEmbedUrl: "",
    });
    const { response, html } = await page("/contact");
    expect(textOf(html)).toContain("Have a question or a project in mind?");
    expect(textOf(html)).not.toContain("Opening Hours");
    expect(html).not.toContain("<iframe");
    expect(textOf(html)).toContain("Open in OpenStreetMap");
    expect(frameSrc(response)).toBe("'none'");
    expect(frameSrc((await cachedPage("/contact")).response)).toBe("'none'");
    expect(frameSrc(await t.request("/api/settings"))).toBe("'none'");
    expect(structuredData((await page("/")).html)[0]!["@type"]).toBe("Organization");
  });

  it("shows the introduction, the opening hours and an OpenStreetMap map, and allows exactly its origin", async () => {
    expectOk(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { address: "Jl. Merdeka 1, Jakarta", phoneNumber: "+62 21 555 0100" },
      }),
    );
    const result = await save({
      introduction: "  Write to us.\n\nOr visit: we are near the station.  ",
      openingHours: WEEK,
      map: "coordinates",
      latitude: -6.175392,
      longitude: 106.827153,
      mapZoom: 17,
    });
    expectOk(result);
    expect(result.body.data.introduction).toBe(
      "Write to us.\n\nOr visit: we are near the station.",
    );
    expect((await stored()).openingHours.friday).toEqual(WEEK.friday);

    for (const { response, html } of [await page("/contact"), await cachedPage("/contact")]) {
      expect(frameSrc(response)).toBe("https://www.openstreetmap.org");
      const text = textOf(html);
      expect(html).toContain("<p");
      expect(text).toContain("Write to us.");
      expect(text).toContain("Or visit: we are near the station.");
      expect(text).toMatch(/Opening Hours Monday 09:00–17:00 Tuesday 09:00–17:00/);
      // Periods in the order of the day, and a day without any is closed.
      expect(text).toContain("Friday 09:00–12:00, 13:00–17:00");
      expect(text).toContain("Saturday 10:00–14:00 Sunday Closed");
      const frame = /<iframe([^>]*)>/.exec(html)?.[1] ?? "";
      expect(frame).toContain('title="Map: Jl. Merdeka 1, Jakarta"');
      expect(frame).toContain('loading="lazy"');
      expect(frame).toMatch(
        /src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[-\d.,]+&amp;layer=mapnik&amp;marker=-6\.175392,106\.827153"/,
      );
      expect(html).toMatch(
        /href="https:\/\/www\.openstreetmap\.org\/\?mlat=-6\.175392&amp;mlon=106\.827153#map=17\/-6\.175392\/106\.827153"[^>]*>View on OpenStreetMap/,
      );
    }
    // Every page allows the map (a visit may reach /contact without loading it).
    expect(frameSrc(await t.request("/"))).toBe("https://www.openstreetmap.org");

    // The structured data: a LocalBusiness with its hours, address, phone and position.
    for (const path of ["/", "/contact"]) {
      const data = structuredData((await page(path)).html).find(
        (d) => d["@type"] === "LocalBusiness",
      );
      expect(data, path).toMatchObject({
        address: "Jl. Merdeka 1, Jakarta",
        telephone: "+62 21 555 0100",
        geo: { "@type": "GeoCoordinates", latitude: -6.175392, longitude: 106.827153 },
      });
      expect(data!.openingHoursSpecification).toEqual([
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"],
          opens: "09:00",
          closes: "17:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Friday"],
          opens: "13:00",
          closes: "17:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Friday"],
          opens: "09:00",
          closes: "12:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Saturday"],
          opens: "10:00",
          closes: "14:00",
        },
      ]);
    }
  });

  it("an embed URL: its origin is the one frame source; the map off again allows none", async () => {
    expectOk(
      await save({ map: "embed", mapEmbedUrl: "https://maps.example.com/embed?pb=1&q=Jakarta" }),
    );
    const { response, html } = await page("/contact");
    expect(frameSrc(response)).toBe("https://maps.example.com");
    expect(html).toContain('src="https://maps.example.com/embed?pb=1&amp;q=Jakarta"');
    expect(html).toContain("View on maps.example.com");
    expect(frameSrc((await cachedPage("/contact")).response)).toBe("https://maps.example.com");

    expectOk(await save({ map: "off" }));
    const off = await page("/contact");
    expect(frameSrc(off.response)).toBe("'none'");
    expect(off.html).not.toContain("<iframe");
    expect(textOf(off.html)).toContain("Open in OpenStreetMap");
    // The hours stay.
    expect(textOf(off.html)).toContain("Opening Hours");
  });

  const refusals: [unknown, string, string][] = [
    [
      { openingHours: { ...WEEK, monday: [{ opens: "9:00", closes: "17:00" }] } },
      "openingHours.monday.0.opens",
      "Opening time must be a time such as 09:00",
    ],
    [
      { openingHours: { ...WEEK, monday: [{ opens: "09:00", closes: "25:00" }] } },
      "openingHours.monday.0.closes",
      "Closing time must be a time such as 09:00",
    ],
    [
      { openingHours: { ...WEEK, tuesday: [{ opens: "17:00", closes: "09:00" }] } },
      "openingHours.tuesday.0.closes",
      "Closing time must be later than the opening time",
    ],
    [
      {
        openingHours: {
          ...WEEK,
          wednesday: [
            { opens: "09:00", closes: "13:00" },
            { opens: "12:00", closes: "17:00" },
          ],
        },
      },
      "openingHours.wednesday.1.opens",
      "Wednesday's opening periods must not overlap",
    ],
    [
      {
        openingHours: {
          ...WEEK,
          sunday: ["08:00", "10:00", "12:00", "14:00"].map((opens) => ({
            opens,
            closes: `${Number(opens.slice(0, 2)) + 1}:00`,
          })),
        },
      },
      "openingHours.sunday",
      "Sunday can have at most 3 opening periods",
    ],
    [
      { openingHours: { monday: [] } },
      "openingHours.tuesday",
      "Tuesday must be a list of opening periods",
    ],
    [{ latitude: 91 }, "latitude", "Latitude must be between -90 and 90"],
    [{ longitude: -180.5 }, "longitude", "Longitude must be between -180 and 180"],
    [{ longitude: "106.8" }, "longitude", "Longitude must be a number"],
    [{ mapZoom: 25 }, "mapZoom", "Map zoom must be between 1 and 19"],
    [{ map: "google" }, "map", "Map must be one of off, coordinates, embed"],
    [
      { map: "coordinates", latitude: null, longitude: 10 },
      "latitude",
      "Latitude is required for a map from coordinates",
    ],
    [
      { map: "embed", mapEmbedUrl: "" },
      "mapEmbedUrl",
      "Map embed URL is required for an embedded map",
    ],
    ...["http://maps.example.com/x", "javascript:alert(1)", "//maps.example.com", "https://"].map(
      (url) =>
        [
          { map: "embed", mapEmbedUrl: url },
          "mapEmbedUrl",
          "Map embed URL must be an https address",
        ] as [unknown, string, string],
    ),
    [
      { introduction: "x".repeat(2001) },
      "introduction",
      "Introduction must be 2000 characters or less",
    ],
  ];
  it.each(refusals)("refuses %j naming %s", async (body, field, message) => {
    const before = await stored();
    expectFieldError(await save(body), field, message);
    expect(await stored()).toEqual(before);
  });

  it("only admins save the contact details", async () => {
    for (const token of [a.editor.token, a.author.token]) {
      expect((await save({ map: "off" }, token)).status).toBe(403);
    }
    expect((await put(t, "/settings/contact", { body: { map: "off" } })).status).toBe(401);
  });
});

describe("when a contact message is e-mailed to nobody", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  const emailed = async () => ({
    messages: (await get(t, "/contact/messages", { token: a.editor.token })).body.data.emailed,
    admin: (await get(t, "/dashboard", { token: a.admin.token })).body.data.contactMessagesEmailed,
    editor: (await get(t, "/dashboard", { token: a.editor.token })).body.data
      .contactMessagesEmailed,
  });

  it("the messages list and the dashboard say so until an address is set", async () => {
    expect(await emailed()).toEqual({ messages: false, admin: false, editor: false });
    // Authors do not read messages: they are not told.
    const author = await get(t, "/dashboard", { token: a.author.token });
    expectOk(author);
    expect(author.body.data).not.toHaveProperty("contactMessagesEmailed");

    const general = (body: unknown) => put(t, "/settings/general", { token: a.admin.token, body });
    expectOk(await general({ contactEmail: "hello@example.com" }));
    expect(await emailed()).toEqual({ messages: true, admin: true, editor: true });
    expectOk(await general({ contactEmail: "", notificationEmails: "desk@example.com" }));
    expect(await emailed()).toEqual({ messages: true, admin: true, editor: true });
    expectOk(await general({ notificationEmails: "" }));
    expect(await emailed()).toEqual({ messages: false, admin: false, editor: false });
  });
});

describe("the home page's About block", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  const aboutSection = async () => {
    const html = await (await t.request("/")).text();
    const start = html.indexOf('<section aria-labelledby="about-title"');
    return html.slice(start, html.indexOf("</section>", start));
  };

  it("has no empty picture box without an image, and shows the image once set", async () => {
    const bare = await aboutSection();
    expect(bare).toContain("About Us");
    expect(bare).not.toContain("<img");
    expect(bare).not.toMatch(/aria-hidden/);
    expect(bare).not.toContain("md:grid-cols-2");

    expectOk(
      await put(t, "/settings/homepage", {
        token: a.admin.token,
        body: { aboutImage: "/uploads/about.png" },
      }),
    );
    const withImage = await aboutSection();
    expect(withImage).toMatch(
      /<img[^>]*src="\/uploads\/about\.png"[^>]*alt="About Us"|<img[^>]*alt="About Us"[^>]*src="\/uploads\/about\.png"/,
    );
    expect(withImage).toContain("md:grid-cols-2");
  });
});
