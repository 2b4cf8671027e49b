import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { isActivePath, Link, NavLink } from "#app/components/ui/link.tsx";
import { StaticDocumentContext } from "#app/lib/static-page.ts";

/** Renders `node` at `path`, on a static page or on one React renders in the browser. */
function render(node: ReactNode, options: { path: string; staticPage: boolean }) {
  return renderToStaticMarkup(
    h(
      MemoryRouter,
      { initialEntries: [options.path] },
      h(StaticDocumentContext, { value: options.staticPage }, node),
    ),
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off");

describe("links of the public pages", () => {
  it("are plain links on a static page, with the address, class and the attributes given", () => {
    const html = render(
      h(Link, { to: "/blog?category=news", className: "tag", title: "News" }, "News"),
      {
        path: "/blog",
        staticPage: true,
      },
    );
    expect(html).toBe('<a href="/blog?category=news" class="tag" title="News">News</a>');
  });

  it("are the router's links on a page React renders (client navigation)", () => {
    const html = render(h(Link, { to: "/register" }, "Register"), {
      path: "/login",
      staticPage: false,
    });
    expect(html).toBe('<a href="/register" data-discover="true">Register</a>');
  });

  it("mark the menu entry of the page being read, as the router's NavLink does", () => {
    const menu = (path: string) =>
      render(
        h("nav", null, [
          h(NavLink, { key: "h", to: "/", end: true, className: navClass }, "Home"),
          h(NavLink, { key: "b", to: "/blog", className: navClass }, "Blog"),
        ]),
        { path, staticPage: true },
      );
    expect(menu("/")).toBe(
      '<nav><a href="/" class="on" aria-current="page">Home</a><a href="/blog" class="off">Blog</a></nav>',
    );
    expect(menu("/blog/a-post")).toBe(
      '<nav><a href="/" class="off">Home</a><a href="/blog" class="on" aria-current="page">Blog</a></nav>',
    );
    const routed = render(h(NavLink, { to: "/blog", className: navClass }, "Blog"), {
      path: "/blog/a-post",
      staticPage: false,
    });
    expect(routed).toContain('aria-current="page"');
    expect(routed).toContain('class="on"');
  });

  it("decide the active entry by the router's rule", () => {
    expect(isActivePath("/blog", "/blog")).toBe(true);
    expect(isActivePath("/Blog/x", "/blog")).toBe(true);
    expect(isActivePath("/Blog/x", "/blog", { caseSensitive: true })).toBe(false);
    expect(isActivePath("/blogs", "/blog")).toBe(false);
    expect(isActivePath("/blog/x", "/blog", { end: true })).toBe(false);
    expect(isActivePath("/about", "/")).toBe(false);
    expect(isActivePath("/blog", "/blog?category=x")).toBe(true);
  });
});
