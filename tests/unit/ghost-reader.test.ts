import { describe, expect, it } from "vitest";
import { readGhostExport } from "#server/modules/content-import/ghost/ghost-reader.ts";
import {
  renderLexical,
  renderMobiledoc,
} from "#server/modules/content-import/ghost/ghost-render.ts";
import { ImportFileError } from "#server/modules/content-import/import-errors.ts";
import { buildGhostExport } from "#tests/factories/ghost.ts";

const text = (t: string, format = 0) => ({ type: "extended-text", text: t, format });

describe("reading a Ghost export", () => {
  const file = buildGhostExport({
    tags: [
      { id: "t1", name: "Engineering", slug: "engineering" },
      { id: "t2", name: "Bridges", slug: "bridges" },
      { id: "t3", name: "#newsletter", slug: "hash-newsletter", visibility: "internal" },
    ],
    posts: [
      {
        id: "p1",
        title: "Stronger bridges",
        html: "<p>From Ghost</p>",
        tags: ["t2", "t1", "t3"],
        featured: true,
        featureImage: "https://old.example.com/content/images/2024/02/bridge.jpg",
        metaTitle: "Bridges SEO",
        metaDescription: "About bridges",
      },
      {
        id: "p2",
        title: "About us",
        type: "page",
        status: "draft",
        publishedAt: null,
        html: "<p>Page</p>",
      },
      {
        id: "p3",
        title: "Lexical only",
        html: null,
        lexical: {
          root: { children: [{ type: "paragraph", children: [text("Hi "), text("there", 1)] }] },
        },
      },
    ],
  });

  it("gives posts and pages with their tags in order (primary first), authors and SEO fields", async () => {
    const read = await readGhostExport(file);
    expect(read.version).toBe("5.82.0");
    const [post, page, lexical] = read.posts;
    expect(post).toMatchObject({
      type: "post",
      status: "published",
      html: "<p>From Ghost</p>",
      tagIds: ["t2", "t1", "t3"],
      authorIds: ["u1"],
      featured: true,
      featureImage: "https://old.example.com/content/images/2024/02/bridge.jpg",
      metaTitle: "Bridges SEO",
      metaDescription: "About bridges",
      publishedAt: "2024-02-02T08:00:00.000Z",
    });
    expect(page).toMatchObject({ type: "page", status: "draft", publishedAt: null });
    expect(lexical!.html).toBe("<p>Hi <strong>there</strong></p>");
    expect(read.tags.map((t) => [t.slug, t.internal])).toEqual([
      ["engineering", false],
      ["bridges", false],
      ["hash-newsletter", true],
    ]);
    expect(read.users).toEqual([
      { id: "u1", name: "Rina Writer", slug: "rina", email: "rina@old.example.com", bio: "" },
    ]);
  });

  it("reads the same export however it is cut into chunks, with a byte-order mark first", async () => {
    const whole = await readGhostExport(file);
    const chunks = (size: number) =>
      Array.from({ length: Math.ceil(file.length / size) }, (_, i) =>
        file.slice(i * size, (i + 1) * size),
      );
    expect(await readGhostExport(chunks(7))).toEqual(whole);
    expect(await readGhostExport(["\uFEFF", ...chunks(1000)])).toEqual(whole);
  });

  it("reads the older shape without `db`, and SEO fields kept on the post itself", async () => {
    const older = JSON.stringify({
      meta: { version: "4.48.0" },
      data: {
        posts: [
          {
            id: "p9",
            title: "Old",
            slug: "old",
            status: "published",
            html: "<p>Old</p>",
            meta_title: "Old SEO",
          },
        ],
        settings: [{ key: "title", value: "Skipped" }],
      },
    });
    const read = await readGhostExport(older);
    expect(read.version).toBe("4.48.0");
    expect(read.posts).toEqual([
      expect.objectContaining({ id: "p9", html: "<p>Old</p>", metaTitle: "Old SEO", tagIds: [] }),
    ]);
  });

  it("refuses a file that is not a Ghost export, and one cut off", async () => {
    // A WordPress export sent as Ghost's is named as such.
    await expect(readGhostExport("<rss></rss>")).rejects.toThrow(
      "This file is not a Ghost export: it looks like a WordPress export (XML). Choose WordPress as the source",
    );
    await expect(readGhostExport('{"posts": []}')).rejects.toThrow(
      "This file is not a Ghost export",
    );
    await expect(readGhostExport("")).rejects.toThrow("This file is not a Ghost export");
    // Ghost's shape with posts that are not a list of rows: refused, not read as "no posts".
    for (const posts of ['"nope"', "{}", "7"]) {
      await expect(
        readGhostExport(`{"db":[{"meta":{},"data":{"posts":${posts}}}]}`),
      ).rejects.toThrow("This file is not a Ghost export");
    }
    await expect(readGhostExport('{"db":[{"meta":{},"data":{"posts":[5]}}]}')).rejects.toThrow(
      "The file is damaged: a row of its posts is not an object",
    );
    await expect(
      readGhostExport('{"db":[{"meta":{},"data":{"posts":[],"tags":["x"]}}]}'),
    ).rejects.toThrow("The file is damaged: a row of its tags is not an object");
    // A Ghost site without posts is still an export: nothing to bring, no error.
    expect((await readGhostExport('{"db":[{"meta":{},"data":{"posts":[]}}]}')).posts).toEqual([]);
    await expect(readGhostExport(file.slice(0, 200))).rejects.toThrow(
      "The file ends too soon or is damaged",
    );
    async function* badBytes() {
      yield file.slice(0, 100);
      throw new ImportFileError("The file is not valid UTF-8: save the export again.");
    }
    await expect(readGhostExport(badBytes())).rejects.toThrow("The file is not valid UTF-8");
    await expect(readGhostExport(`${file} trailing`)).rejects.toThrow(
      "The file ends too soon or is damaged",
    );
  });
});

describe("rendering Ghost's editor documents", () => {
  it("renders Lexical headings, lists, links, quotes, code, images, galleries and markdown cards", () => {
    const { html, skipped } = renderLexical(
      JSON.stringify({
        root: {
          children: [
            { type: "heading", tag: "h2", children: [text("Title")] },
            {
              type: "list",
              listType: "number",
              children: [
                { type: "listitem", children: [text("One")] },
                {
                  type: "listitem",
                  children: [
                    { type: "link", url: "https://example.org", children: [text("Two", 2)] },
                  ],
                },
              ],
            },
            { type: "quote", children: [text("Said <so>")] },
            { type: "codeblock", language: "js", code: "a < b" },
            { type: "image", src: "/content/images/a.jpg", alt: "A", caption: "Cap" },
            { type: "gallery", images: [{ src: "/g1.jpg" }, { src: "/g2.jpg", caption: "Two" }] },
            { type: "markdown", markdown: "**bold** text" },
            { type: "signup", layout: "wide" },
          ],
        },
      }),
    );
    expect(html).toBe(
      [
        "<h2>Title</h2>",
        '<ol><li>One</li><li><a href="https://example.org"><em>Two</em></a></li></ol>',
        "<blockquote><p>Said &lt;so&gt;</p></blockquote>",
        '<pre><code class="language-js">a &lt; b</code></pre>',
        '<figure><img src="/content/images/a.jpg" alt="A"><figcaption>Cap</figcaption></figure>',
        '<figure><img src="/g1.jpg" alt=""></figure>\n<figure><img src="/g2.jpg" alt=""><figcaption>Two</figcaption></figure>',
        "<p><strong>bold</strong> text</p>",
      ].join("\n"),
    );
    expect(skipped).toEqual(["signup"]);
  });

  it("renders mobiledoc sections, markups, lists and cards", () => {
    const { html, skipped } = renderMobiledoc(
      JSON.stringify({
        version: "0.3.1",
        atoms: [["soft-return", "", {}]],
        cards: [
          ["image", { src: "/i.jpg", alt: "I", caption: "Seen" }],
          ["paywall", {}],
        ],
        markups: [["strong"], ["a", ["href", "https://example.org"]]],
        sections: [
          [1, "h2", [[0, [], 0, "Heading"]]],
          [
            1,
            "p",
            [
              [0, [0], 1, "Bold"],
              [0, [], 0, " and "],
              [0, [1], 1, "link"],
              [1, [], 0, 0],
              [0, [], 0, "next"],
            ],
          ],
          [3, "ul", [[[0, [], 0, "a"]], [[0, [], 0, "b"]]]],
          [10, 0],
          [10, 1],
        ],
      }),
    );
    expect(html).toBe(
      [
        "<h2>Heading</h2>",
        '<p><strong>Bold</strong> and <a href="https://example.org">link</a><br>next</p>',
        "<ul><li>a</li><li>b</li></ul>",
        '<figure><img src="/i.jpg" alt="I"><figcaption>Seen</figcaption></figure>',
      ].join("\n"),
    );
    expect(skipped).toEqual(["paywall"]);
  });
});
