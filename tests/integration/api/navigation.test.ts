import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Accounts,
  createAccounts,
  createCategory,
  createPost,
  createService,
  del,
  expectError,
  expectFieldError,
  expectOk,
  get,
  post,
  put,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/** The part of a page between `<tag` and `</tag>`. */
function part(html: string, tag: "header" | "footer") {
  const start = html.indexOf(`<${tag}`);
  const end = html.indexOf(`</${tag}>`, start);
  expect(start, `a <${tag}>`).toBeGreaterThanOrEqual(0);
  return html.slice(start, end);
}

/** Every link of an HTML fragment: its href and its text without tags. */
function links(html: string) {
  return [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map(
    ([, attributes = "", text = ""]) => ({
      href: /href="([^"]*)"/.exec(attributes)?.[1]?.replace(/&amp;/g, "&") ?? "",
      attributes,
      text: text
        .replace(/<[^>]+>/g, "")
        .replace(/&amp;/g, "&")
        .trim(),
    }),
  );
}

const SPEC_HEADER = [
  { href: "/", text: "Home" },
  { href: "/about", text: "About" },
  { href: "/services", text: "Services" },
  { href: "/gallery", text: "Gallery" },
  { href: "/blog", text: "Blog" },
  { href: "/contact", text: "Contact" },
];

describe("menus (settings section navigation)", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  const save = (body: unknown, token = a.admin.token) =>
    put(t, "/settings/navigation", { token, body });
  const page = async (path = "/") => (await t.request(path)).text();
  const headerLinks = async (path = "/") =>
    links(part(await page(path), "header")).map(({ href, text }) => ({ href, text }));
  const footerLinks = async (path = "/") => links(part(await page(path), "footer"));
  const stored = async () =>
    (await get(t, "/settings/navigation", { token: a.admin.token })).body.data;

  it("a site that never saved its menus shows the spec's: six links, Admin, quick links, services", async () => {
    const section = await stored();
    expect(section.showAdminButton).toBe(true);
    expect(section.header.map((i: any) => [i.label, i.target])).toEqual(
      SPEC_HEADER.map((l) => [
        l.text,
        { type: "route", route: l.href === "/" ? "home" : l.href.slice(1) },
      ]),
    );
    expect(section.footer.columns).toHaveLength(1);
    expect(section.footer.columns[0].title).toBe("Quick Links");

    // The header as it always was: the brand, the six links, the Admin button.
    expect((await headerLinks()).slice(1)).toEqual([
      ...SPEC_HEADER,
      { href: "/admin", text: "Admin" },
    ]);
    const footer = await footerLinks();
    const hrefs = footer.map((l) => l.href);
    for (const link of SPEC_HEADER) expect(hrefs).toContain(link.href);
    // The starter services, in their order.
    expect(hrefs.filter((h) => h.startsWith("/services/"))).toEqual([
      "/services/web-development",
      "/services/app-development",
      "/services/ui-ux-design",
      "/services/digital-marketing",
      "/services/consulting",
    ]);
  });

  it("takes the short form {label, url} and stores it as a custom-URL link", async () => {
    const result = await save({
      header: [
        { label: " Careers ", url: "/careers" },
        { label: "Partner", url: "https://partner.example.com/x?y=1", newTab: true },
      ],
    });
    expectOk(result);
    expect(result.body.data.header).toEqual([
      { label: "Careers", target: { type: "url", url: "/careers" }, newTab: false, children: [] },
      {
        label: "Partner",
        target: { type: "url", url: "https://partner.example.com/x?y=1" },
        newTab: true,
        children: [],
      },
    ]);
    expect((await stored()).header).toEqual(result.body.data.header);
    // The other fields stay as they were.
    expect((await stored()).footer.columns[0].title).toBe("Quick Links");

    const header = links(part(await page(), "header"));
    expect(header.find((l) => l.text === "Careers")?.href).toBe("/careers");
    const partner = header.find((l) => l.href === "https://partner.example.com/x?y=1");
    expect(partner?.attributes).toContain('target="_blank"');
    expect(partner?.attributes).toContain('rel="noopener noreferrer"');
    expect(partner?.text).toBe("Partner (opens in a new tab)");
  });

  const refusals: [unknown, string, string][] = [
    [{ header: [{ url: "/x" }] }, "header.0.label", "Label is required"],
    [{ header: [{ label: "  ", url: "/x" }] }, "header.0.label", "Label is required"],
    [
      { header: [{ label: "x".repeat(61), url: "/x" }] },
      "header.0.label",
      "Label must be 60 characters or less",
    ],
    ...["javascript:alert(1)", "//evil.example.com", "/\\evil.example.com", "data:text/html,x"].map(
      (url) =>
        [
          { header: [{ label: "Bad", url }] },
          "header.0.url",
          "URL must be a path of this site starting with / or an http(s) URL",
        ] as [unknown, string, string],
    ),
    [
      { header: [{ label: "Bad", url: "ftp://files.example.com" }] },
      "header.0.url",
      "URL must be a path of this site starting with / or an http(s) URL",
    ],
    [
      { header: [{ label: "Bad", target: { type: "url", url: "java\tscript:x" } }] },
      "header.0.target.url",
      "URL must be a path of this site starting with / or an http(s) URL",
    ],
    [
      { header: [{ label: "Nowhere" }] },
      "header.0.target",
      "Choose what the item links to (a target, or a url)",
    ],
    [
      { header: [{ label: "Both", url: "/x", target: { type: "route", route: "home" } }] },
      "header.0.url",
      "Give either a target or a url, not both",
    ],
    [
      { header: [{ label: "R", target: { type: "route", route: "admin" } }] },
      "header.0.target.route",
      "Route must be one of home, about, services, gallery, blog, contact, login, register",
    ],
    [
      { header: [{ label: "T", target: { type: "file", id: 1 } }] },
      "header.0.target.type",
      "Link type must be one of page, service, post, category, route, url",
    ],
    [
      { header: [{ label: "I", target: { type: "post", id: "7" } }] },
      "header.0.target.id",
      "Choose what the item links to",
    ],
    [
      { header: [{ label: "P", url: "/p", children: [{ label: "", url: "/c" }] }] },
      "header.0.children.0.label",
      "Label is required",
    ],
    [
      {
        header: [
          {
            label: "P",
            url: "/p",
            children: [{ label: "C", url: "/c", children: [{ label: "G", url: "/g" }] }],
          },
        ],
      },
      "header.0.children.0.children",
      "A dropdown item cannot have a dropdown of its own (one level of children)",
    ],
    [
      { header: Array.from({ length: 13 }, (_, i) => ({ label: `L${i}`, url: `/l${i}` })) },
      "header",
      "The header can hold at most 12 items",
    ],
    [
      { footer: { columns: [{ title: "", items: [] }] } },
      "footer.columns.0.title",
      "Column title is required",
    ],
    [
      { footer: { columns: [{ title: "More", items: [{ label: "X", url: "javascript:x" }] }] } },
      "footer.columns.0.items.0.url",
      "URL must be a path of this site starting with / or an http(s) URL",
    ],
    [
      {
        footer: {
          columns: [
            {
              title: "More",
              items: [{ label: "X", url: "/x", children: [{ label: "Y", url: "/y" }] }],
            },
          ],
        },
      },
      "footer.columns.0.items.0.children",
      "Footer links cannot have children",
    ],
    [
      {
        footer: {
          columns: Array.from({ length: 4 }, (_, i) => ({ title: `C${i}`, items: [] })),
        },
      },
      "footer.columns",
      "The footer can hold at most 3 link columns",
    ],
    [{ showAdminButton: "no" }, "showAdminButton", "Show Admin button must be true or false"],
    [{ header: "Home" }, "header", "header must be a list of menu items"],
  ];
  it.each(refusals)("refuses %j naming %s", async (body, field, message) => {
    const before = await stored();
    expectFieldError(await save(body), field, message);
    expect(await stored()).toEqual(before);
  });

  it("refuses a new link to content that does not exist, naming the field", async () => {
    const before = await stored();
    for (const type of ["service", "post", "category", "page"] as const) {
      const label = {
        service: "Service",
        post: "Blog post",
        category: "Blog category",
        page: "Page",
      };
      expectFieldError(
        await save({
          header: [
            { label: "Home", url: "/" },
            { label: "Gone", url: "/g", children: [{ label: "X", target: { type, id: 987654 } }] },
          ],
        }),
        "header.1.children.0.target.id",
        `${label[type]} 987654 does not exist`,
      );
    }
    expect(await stored()).toEqual(before);
  });

  it("links to services, posts and categories by reference: a renamed slug follows at once", async () => {
    const service = await createService(t, a.admin.token, { title: "Cloud Care" });
    const post = await createPost(t, a.admin.token, { title: "Our Story" });
    const category = await createCategory(t, a.admin.token, { name: "Company News" });
    expectOk(
      await save({
        header: [
          { label: "Home", target: { type: "route", route: "home" } },
          {
            label: "What we do",
            target: { type: "route", route: "services" },
            children: [
              { label: "Cloud", target: { type: "service", id: service.id } },
              { label: "Story", target: { type: "post", id: post.id }, newTab: true },
            ],
          },
          { label: "News", target: { type: "category", id: category.id } },
        ],
      }),
    );
    expect(await headerLinks()).toEqual(
      expect.arrayContaining([
        { href: "/services", text: "What we do" },
        { href: `/services/${service.slug}`, text: "Cloud" },
        { href: `/blog/${post.slug}`, text: "Story (opens in a new tab)" },
        { href: `/blog?category=${category.slug}`, text: "News" },
      ]),
    );
    // The dropdown is a disclosure button beside its link.
    const header = part(await page(), "header");
    expect(header).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*What we do submenu/);

    // Renaming the service moves the link with it, on the cached page too.
    expectOk(
      await put(t, `/services/${service.id}`, {
        token: a.admin.token,
        body: { ...service, slug: "cloud-care-plus" },
      }),
    );
    expect(await headerLinks()).toContainEqual({
      href: "/services/cloud-care-plus",
      text: "Cloud",
    });
    expect(await headerLinks("/about")).toContainEqual({
      href: "/services/cloud-care-plus",
      text: "Cloud",
    });

    // The editor's view: each reference with its current address.
    const refs = await get(t, "/navigation/references", { token: a.admin.token });
    expectOk(refs);
    expect(refs.body.data).toEqual(
      expect.arrayContaining([
        {
          type: "service",
          id: service.id,
          title: "Cloud Care",
          href: "/services/cloud-care-plus",
          live: true,
        },
        { type: "post", id: post.id, title: "Our Story", href: `/blog/${post.slug}`, live: true },
        {
          type: "category",
          id: category.id,
          title: "Company News",
          href: `/blog?category=${category.slug}`,
          live: true,
        },
      ]),
    );

    // Deleted or unpublished content leaves the menus; the admin still has the item (broken).
    expectOk(await del(t, `/services/${service.id}`, { token: a.admin.token }));
    expectOk(
      await put(t, `/blog/posts/${post.id}`, { token: a.admin.token, body: { status: "draft" } }),
    );
    const after = await headerLinks();
    expect(after.map((l) => l.text)).not.toContain("Cloud");
    expect(after.map((l) => l.text)).not.toContain("Story (opens in a new tab)");
    expect(after).toContainEqual({ href: "/services", text: "What we do" });
    const broken = await get(t, "/navigation/references", { token: a.admin.token });
    expect(broken.body.data.map((r: any) => `${r.type}:${r.id}:${r.live}`)).toEqual(
      expect.arrayContaining([`post:${post.id}:false`, `category:${category.id}:true`]),
    );
    expect(broken.body.data.map((r: any) => r.type)).not.toContain("service");
    expect((await stored()).header[1].children).toHaveLength(2);
    // Saving again keeps the broken link (only new links must exist).
    expectOk(await save({ header: (await stored()).header }));

    // Anyone else reads the menus as the site shows them.
    for (const token of [undefined, a.editor.token]) {
      const visible = await get(t, "/settings/navigation", { token });
      expectOk(visible);
      expect(visible.body.data.header[1].children).toEqual([]);
      const all = await get(t, "/settings", { token });
      expect(all.body.data.navigation).toEqual(visible.body.data);
    }
    // Published again, it is back.
    expectOk(
      await put(t, `/blog/posts/${post.id}`, {
        token: a.admin.token,
        body: { status: "published" },
      }),
    );
    expect(await headerLinks()).toContainEqual({
      href: `/blog/${post.slug}`,
      text: "Story (opens in a new tab)",
    });
  });

  it("links to a company page by reference: a renamed slug follows, a draft or deleted page leaves", async () => {
    const created = await post(t, "/pages", {
      token: a.admin.token,
      body: {
        title: "Careers",
        slug: "careers-menu",
        content: "<p>Join us.</p>",
        status: "published",
      },
    });
    expectOk(created, 201);
    const id = created.body.data.id as number;
    expectOk(
      await save({
        header: [
          { label: "Home", target: { type: "route", route: "home" } },
          { label: "Careers", target: { type: "page", id } },
        ],
      }),
    );
    expect(await headerLinks()).toContainEqual({ href: "/careers-menu", text: "Careers" });
    const targets = await get(t, "/navigation/targets?type=page", { token: a.admin.token });
    expect(targets.body.data).toContainEqual({
      type: "page",
      id,
      title: "Careers",
      href: "/careers-menu",
      live: true,
    });

    expectOk(await put(t, `/pages/${id}`, { token: a.admin.token, body: { slug: "jobs" } }));
    expect(await headerLinks()).toContainEqual({ href: "/jobs", text: "Careers" });

    expectOk(await put(t, `/pages/${id}`, { token: a.admin.token, body: { status: "draft" } }));
    expect((await headerLinks()).map((l) => l.text)).not.toContain("Careers");
    const refs = await get(t, "/navigation/references", { token: a.admin.token });
    expect(refs.body.data).toContainEqual(
      expect.objectContaining({ type: "page", id, live: false }),
    );

    expectOk(await del(t, `/pages/${id}`, { token: a.admin.token }));
    const gone = await get(t, "/navigation/references", { token: a.admin.token });
    expect(gone.body.data.map((r: any) => `${r.type}:${r.id}`)).not.toContain(`page:${id}`);
    expect((await headerLinks()).map((l) => l.text)).not.toContain("Careers");
  });

  it("a dropdown whose own link is gone keeps its links behind a button", async () => {
    const service = await createService(t, a.admin.token, { title: "Audits" });
    expectOk(
      await save({
        header: [
          {
            label: "Offer",
            target: { type: "service", id: service.id },
            children: [{ label: "Contact us", target: { type: "route", route: "contact" } }],
          },
        ],
      }),
    );
    expectOk(await del(t, `/services/${service.id}`, { token: a.admin.token }));
    const header = part(await page(), "header");
    expect(header).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Offer/);
    expect(links(header).map((l) => l.text)).toContain("Contact us");
    expect(links(header).map((l) => l.text)).not.toContain("Offer");
  });

  it("hides the Admin button when told to", async () => {
    expectOk(await save({ showAdminButton: false }));
    expect((await headerLinks()).map((l) => l.href)).not.toContain("/admin");
    expect(await page("/contact")).not.toContain('href="/admin"');
    expectOk(await save({ showAdminButton: true }));
    expect((await headerLinks()).map((l) => l.href)).toContain("/admin");
  });

  it("footer columns come from the menus, and an empty list of columns shows none", async () => {
    expectOk(
      await save({
        footer: {
          columns: [
            { title: "Company", items: [{ label: "Jobs", url: "/jobs" }] },
            {
              title: "Elsewhere",
              items: [{ label: "Status", url: "https://status.example.com", newTab: true }],
            },
          ],
        },
      }),
    );
    const footer = part(await page(), "footer");
    expect(footer).toContain('aria-label="Company"');
    expect(footer).toContain('aria-label="Elsewhere"');
    expect(links(footer).find((l) => l.text === "Jobs")?.href).toBe("/jobs");
    expect(footer).not.toContain('aria-label="Quick links"');
    expectOk(await save({ footer: { columns: [] } }));
    const none = part(await page(), "footer");
    expect(none).not.toContain('aria-label="Company"');
    expect(none).toContain('aria-label="Services"');
  });

  it("the footer lists the services in their order, at most six, a new one at once and a deleted one gone", async () => {
    const before = (await footerLinks()).filter((l) => l.href.startsWith("/services/"));
    const added = await createService(t, a.admin.token, { title: "Brand New Service" });
    const withNew = (await footerLinks()).filter((l) => l.href.startsWith("/services"));
    const list = (await get(t, "/services")).body.data;
    expect(withNew.slice(0, 6).map((l) => l.href)).toEqual(
      list.slice(0, 6).map((s: any) => `/services/${s.slug}`),
    );
    if (list.length > 6) {
      // More services than the footer lists: it ends with a link to all of them.
      expect(withNew.at(-1)).toMatchObject({ href: "/services", text: "All services" });
    }
    // Moved to the front, it leads the footer.
    expectOk(
      await put(t, "/services/reorder", { token: a.admin.token, body: { ids: [added.id] } }),
    );
    expect((await footerLinks()).find((l) => l.href.startsWith("/services/"))).toMatchObject({
      href: `/services/${added.slug}`,
      text: "Brand New Service",
    });
    expectOk(await del(t, `/services/${added.id}`, { token: a.admin.token }));
    const after = await page();
    expect(after).not.toContain(`/services/${added.slug}`);
    expect(after).not.toContain("Brand New Service");
    expect(before.length).toBeGreaterThan(0);
  });

  it("when the services cannot be read, pages keep the menus' fixed links, list no services and are not stored", async () => {
    expectOk(
      await save({
        header: [
          { label: "Home", url: "/" },
          { label: "Jobs", url: "/jobs" },
        ],
      }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = vi
      .spyOn(t.services.services, "listServices")
      .mockRejectedValue(new Error("database unavailable"));
    try {
      for (let i = 0; i < 2; i += 1) {
        const response = await t.request("/about");
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("x-cache")).not.toBe("HIT");
        const html = await response.text();
        expect(links(part(html, "header")).map((l) => l.text)).toContain("Jobs");
        expect(part(html, "footer")).not.toContain('aria-label="Services"');
      }
    } finally {
      failing.mockRestore();
      vi.mocked(console.error).mockRestore();
    }
    const back = await t.request("/about");
    expect(back.headers.get("cache-control")).not.toBe("no-store");
    expect(part(await back.text(), "footer")).toContain('aria-label="Services"');
  });

  it("targets: what each type of item can link to, for admins only", async () => {
    const services = await get(t, "/navigation/targets?type=service", { token: a.admin.token });
    expectOk(services);
    expect(services.body.data.map((s: any) => s.href)).toContain("/services/consulting");
    const draft = await createPost(t, a.admin.token, { title: "Hidden Plans", status: "draft" });
    const posts = await get(t, "/navigation/targets?type=post&search=Hidden%20Plans", {
      token: a.admin.token,
    });
    expectOk(posts);
    expect(posts.body.data).toContainEqual({
      type: "post",
      id: draft.id,
      title: "Hidden Plans",
      href: `/blog/${draft.slug}`,
      live: false,
    });
    const news = await createCategory(t, a.admin.token, { name: "Press Releases" });
    const categories = await get(t, "/navigation/targets?type=category&search=press", {
      token: a.admin.token,
    });
    expect(categories.body.data.map((c: any) => c.id)).toEqual([news.id]);
    // No pages yet: an empty list.
    expectOk(await get(t, "/navigation/targets?type=page", { token: a.admin.token }));
    expectFieldError(
      await get(t, "/navigation/targets?type=user", { token: a.admin.token }),
      "type",
      "type must be one of page, service, post, category",
    );
    expectError(await get(t, "/navigation/targets?type=post", { token: a.editor.token }), 403);
    expectError(await get(t, "/navigation/targets?type=post"), 401);
    expectError(await get(t, "/navigation/references", { token: a.author.token }), 403);
  });

  it("only admins save the menus, and a save is audited", async () => {
    expectError(await save({ showAdminButton: false }, a.editor.token), 403);
    expectError(await save({ showAdminButton: false }, a.author.token), 403);
    expectError(await put(t, "/settings/navigation", { body: { showAdminButton: false } }), 401);
    expectOk(await save({ showAdminButton: true, header: [{ label: "Home", url: "/" }] }));
    const log = await get(t, "/audit-log?entity_type=settings&limit=1", { token: a.admin.token });
    expect(log.body.data.entries[0]).toMatchObject({
      action: "updated",
      entity_id: "navigation",
      entity_label: "Navigation settings",
    });
  });
});
