import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ImportFileError } from "#server/modules/content-import/import-errors.ts";
import {
  readWxr,
  type WxrEvent,
  type WxrItem,
} from "#server/modules/content-import/wordpress/wxr-reader.ts";
import { buildWxr, cdata, WXR_TAIL, wxrHead } from "#tests/factories/wxr.ts";

async function read(source: string | Buffer, chunkSize = 64) {
  const bytes = typeof source === "string" ? Buffer.from(source) : source;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const events: WxrEvent[] = [];
  await readWxr(Readable.from(chunks), (event) => {
    events.push(event);
  });
  return events;
}

const items = (events: WxrEvent[]) =>
  events.flatMap((e) => (e.type === "item" ? [e.item] : [])) as WxrItem[];

describe("reading a WordPress export", () => {
  const file = buildWxr({
    authors: [
      {
        id: 2,
        login: "maya",
        email: "maya@old.example.com",
        display: "Maya &amp; Co",
        first: "Maya",
        last: "Putri",
      },
    ],
    categories: [
      { slug: "news", name: "News" },
      { slug: "caf%c3%a9", name: "Café", parent: "news" },
    ],
    tags: [{ slug: "launch", name: "Launch" }],
    items: [
      {
        id: 11,
        title: "Fish & Chips — “quoted”",
        content: "A line with ]]> inside\n\nSecond paragraph",
        excerpt: "Short",
        creator: "maya",
        categories: ["news"],
        tags: ["launch"],
        sticky: true,
        meta: { _thumbnail_id: "31", _yoast_wpseo_title: "SEO title" },
      },
      { id: 12, title: "Draft", status: "draft", slug: "café-draft" },
      {
        id: 31,
        title: "photo",
        type: "attachment",
        status: "inherit",
        attachmentUrl: "https://old.example.com/wp-content/uploads/2024/03/photo.jpg",
      },
    ],
  });

  it("yields the site, authors, terms and items, in small chunks as in one", async () => {
    for (const size of [7, 64, 1 << 20]) {
      const events = await read(file, size);
      const site = events.find((e) => e.type === "site");
      expect(site).toMatchObject({
        site: { wxrVersion: "1.2", baseSiteUrl: "https://old.example.com" },
      });
      expect(events.filter((e) => e.type === "author")).toEqual([
        {
          type: "author",
          author: {
            id: 2,
            login: "maya",
            email: "maya@old.example.com",
            displayName: "Maya & Co",
            firstName: "Maya",
            lastName: "Putri",
          },
        },
      ]);
      expect(events.flatMap((e) => (e.type === "term" ? [e.term] : []))).toEqual([
        { kind: "category", slug: "news", name: "News", parentSlug: "", description: "" },
        { kind: "category", slug: "café", name: "Café", parentSlug: "news", description: "" },
        { kind: "tag", slug: "launch", name: "Launch", parentSlug: "", description: "" },
      ]);
      const [post, draft, attachment] = items(events);
      expect(post).toMatchObject({
        id: 11,
        type: "post",
        status: "publish",
        title: "Fish & Chips — “quoted”",
        content: "A line with ]]> inside\n\nSecond paragraph",
        excerpt: "Short",
        creator: "maya",
        sticky: true,
        dateGmt: "2024-03-05 09:30:00",
        terms: [
          { domain: "category", slug: "news", name: "news" },
          { domain: "post_tag", slug: "launch", name: "launch" },
        ],
        meta: { _thumbnail_id: "31", _yoast_wpseo_title: "SEO title" },
      });
      expect(draft).toMatchObject({ id: 12, status: "draft", dateGmt: null, slug: "café-draft" });
      expect(attachment).toMatchObject({
        id: 31,
        type: "attachment",
        attachmentUrl: "https://old.example.com/wp-content/uploads/2024/03/photo.jpg",
      });
    }
  });

  it("reads a gzipped export as the plain one", async () => {
    expect(items(await read(gzipSync(file)))).toEqual(items(await read(file)));
  });

  it("reads HTML entities and stray control characters as written, with a warning", async () => {
    const events = await read(
      `${wxrHead({})}<item><title>Caf&eacute; &nbsp;menu\u000b card</title><wp:post_id>5</wp:post_id><wp:post_type>post</wp:post_type></item>${WXR_TAIL}`,
    );
    expect(items(events)[0]!.title).toBe("Café \u00a0menu\u000b card");
    expect(
      events.filter((e) => e.type === "warning").map((e) => (e as { message: string }).message),
    ).toEqual([
      "The file uses HTML entities XML does not define (such as &nbsp;); they were read as written.",
      "The file holds control characters XML does not allow; they were kept as written.",
    ]);
  });

  it("reads a title's text without its markup, as WordPress shows it", async () => {
    const item = (title: string) =>
      `<item><title>${title}</title><wp:post_id>6</wp:post_id><wp:post_type>post</wp:post_type></item>`;
    const events = await read(
      `${wxrHead({})}${item(cdata('Hello <em>World</em> &amp; <b class="x">Friends</b>'))}${item(cdata("I <3 tea > coffee"))}${WXR_TAIL}`,
    );
    expect(items(events).map((i) => i.title)).toEqual([
      "Hello World & Friends",
      "I <3 tea > coffee",
    ]);
  });

  it("refuses a cut-off file, another XML file, a non-XML file and invalid UTF-8", async () => {
    await expect(read(file.slice(0, file.length - 40))).rejects.toThrow(
      new ImportFileError(
        "The file ends too soon: it was cut off while downloading or uploading. Export it again.",
      ),
    );
    await expect(read(gzipSync(file).subarray(0, 300))).rejects.toThrow(ImportFileError);
    await expect(
      read(
        '<?xml version="1.0"?><rss><channel><title>Feed</title><item><title>x</title></item></channel></rss>',
      ),
    ).rejects.toThrow("This file is not a WordPress export");
    // A Ghost export sent as WordPress's is named as such.
    await expect(read('{ "db": [] }')).rejects.toThrow(
      "This file is not a WordPress export: it looks like a Ghost export (JSON). Choose Ghost as the source",
    );
    // Pretty-printed, with HTML the XML parser reads as tags: still named.
    const ghost = JSON.stringify(
      { db: [{ meta: {}, data: { posts: [{ id: "1", html: "<p>Hello <b>there</b></p>" }] } }] },
      null,
      2,
    );
    await expect(read(ghost)).rejects.toThrow("it looks like a Ghost export (JSON)");
    await expect(read("plain text")).rejects.toThrow(
      "This file is not a WordPress export: choose the .xml file",
    );
    await expect(
      read(
        Buffer.concat([Buffer.from(wxrHead({})), Buffer.from([0xc3, 0x28]), Buffer.from(WXR_TAIL)]),
      ),
    ).rejects.toThrow("The file is not valid UTF-8");
    await expect(read(Buffer.alloc(0))).rejects.toThrow("The file is empty.");
  });

  it("keeps CDATA that WordPress split around ]]>", () => {
    expect(cdata("a]]>b")).toBe("<![CDATA[a]]]]><![CDATA[>b]]>");
  });
});
