import { describe, expect, it } from "vitest";
import {
  ghostAddress,
  normalizeOldAddress,
  wordpressItemAddresses,
  wordpressTermAddress,
} from "#server/modules/content-import/old-addresses.ts";

describe("an imported site's old addresses", () => {
  it("meet in one form whatever the slash, case, encoding or tracking parameters", () => {
    const form = "/2019/05/café-news";
    for (const asked of [
      "/2019/05/caf%C3%A9-news/",
      "/2019/05/Café-News",
      "//2019/05/café-news//?utm_source=x",
    ]) {
      expect(normalizeOldAddress(asked)).toBe(form);
    }
    expect(normalizeOldAddress("/?utm_campaign=y&p=123")).toBe("/?p=123");
    expect(normalizeOldAddress("/")).toBe("/");
  });

  it("are a post's permalink and its ?p= form, a page's ?page_id=, a term's archive", () => {
    expect(
      wordpressItemAddresses({
        id: 123,
        type: "post",
        link: "https://old.example.com/2019/05/our-news/",
        guid: "https://old.example.com/?p=123",
      }),
    ).toEqual(["/2019/05/our-news", "/?p=123"]);
    expect(
      wordpressItemAddresses({
        id: 7,
        type: "page",
        link: "https://old.example.com/about/team/",
        guid: "https://old.example.com/?page_id=7",
      }),
    ).toEqual(["/about/team", "/?page_id=7"]);
    expect(
      wordpressItemAddresses({
        id: 9,
        type: "post",
        link: "https://old.example.com/?p=9",
        guid: "",
      }),
    ).toEqual(["/?p=9"]);
    expect(wordpressTermAddress("category", "news")).toBe("/category/news");
    expect(wordpressTermAddress("tag", "café")).toBe("/tag/café");
    expect(ghostAddress("post", "hello-world")).toBe("/hello-world");
    expect(ghostAddress("tag", "news")).toBe("/tag/news");
  });
});
