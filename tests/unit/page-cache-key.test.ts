import { describe, expect, it } from "vitest";
import { createPageCacheKey } from "#server/http/page-cache-key.ts";

const keyOf = createPageCacheKey({
  originOf: () => "https://www.example.com",
  apiQueries: () => [
    { path: "/blog/posts/featured", params: ["limit"] },
    { path: "/blog/posts/{id}", params: [] },
    { path: "/blog/posts", params: ["page", "limit", "search"] },
  ],
});
const key = (path: string) => keyOf(`http://localhost:3000${path}`);

describe("the page cache's key", () => {
  it("is the site's address and the path, without parameters no page reads", () => {
    expect(key("/")).toEqual({ key: "https://www.example.com/", variant: false });
    expect(key("/?utm_source=mail&fbclid=1")).toEqual(key("/"));
    expect(key("/about?")).toEqual(key("/about"));
    expect(key("/blog/a-post?ref=x")).toEqual(key("/blog/a-post"));
  });

  it("keeps the parameters a page reads, in one order, as a variant", () => {
    const blog = key("/blog?page=2&utm_source=x&category=tech");
    expect(blog).toEqual({
      key: "https://www.example.com/blog?category=tech&page=2",
      variant: true,
    });
    expect(key("/blog?category=tech&page=2")).toEqual(blog);
    expect(key("/blog?search=a+b").key).toBe(key("/blog?search=a%20b").key);
    expect(key("/login?from=%2Fadmin&x=1").key).toBe("https://www.example.com/login?from=%2Fadmin");
  });

  it("keys a page's data request by the page's parameters and the router's", () => {
    expect(key("/blog.data?_routes=routes%2Fblog&page=2&utm=1").key).toBe(
      "https://www.example.com/blog.data?page=2&_routes=routes%2Fblog",
    );
    expect(key("/_.data?utm_source=x")).toEqual({
      key: "https://www.example.com/_.data",
      variant: false,
    });
  });

  it("keys React Router's route discovery by the paths and the build it asks about", () => {
    const about = key("/__manifest?paths=%2Fabout&version=abc");
    expect(about.key).toBe("https://www.example.com/__manifest?paths=%2Fabout&version=abc");
    expect(key("/__manifest?version=abc&paths=%2Fadmin").key).not.toBe(about.key);
  });

  it("keys an API call by its declared query parameters, sorted", () => {
    expect(key("/api/blog/posts?search=x&limit=2&page=1&ref=y").key).toBe(
      "https://www.example.com/api/blog/posts?limit=2&page=1&search=x",
    );
    expect(key("/api/blog/posts/featured?limit=3&page=9").key).toBe(
      "https://www.example.com/api/blog/posts/featured?limit=3",
    );
    expect(key("/api/blog/posts/a-slug?page=1").key).toBe(
      "https://www.example.com/api/blog/posts/a-slug",
    );
  });

  it("counts a path in any other form than its plain one as a variant", () => {
    for (const path of ["/About", "/about/", "//about", "/ab%6Fut", "/blog/A-Post"]) {
      expect(key(path).variant, path).toBe(true);
    }
    for (const path of ["/", "/about", "/blog/a-post", "/sitemap-posts-1.xml", "/blog.data"]) {
      expect(key(path).variant, path).toBe(false);
    }
  });
});
