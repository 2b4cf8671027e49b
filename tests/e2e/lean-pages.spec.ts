import { expect, test } from "./fixtures.ts";

const POST = "/blog/five-signs-your-website-needs-a-redesign";
// Lighthouse's list of link texts that say nothing about where they go, plus "View All".
const GENERIC = /^(read more|learn more|more|more info|see more|click here|here|view all)$/i;

test.describe("lean public pages", () => {
  for (const path of ["/", "/blog", "/services", POST]) {
    test(`${path}: short link texts have an accessible name that names the target`, async ({
      page,
    }) => {
      await page.goto(path);
      const links = page.locator("a[href]");
      let generic = 0;
      for (let i = 0; i < (await links.count()); i++) {
        const link = links.nth(i);
        const visible = await link.evaluate((a) => {
          const copy = a.cloneNode(true) as HTMLElement;
          for (const hidden of copy.querySelectorAll(".sr-only")) hidden.remove();
          return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
        });
        if (!GENERIC.test(visible)) continue;
        generic++;
        // The visible words start the name (WCAG 2.5.3) and more words follow.
        await expect(link).toHaveAccessibleName(new RegExp(`^${visible}\\W+\\w.{2,}`, "i"));
      }
      if (path !== POST) expect(generic).toBeGreaterThan(0);
    });
  }

  test("cards and buttons say where they lead", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("link", {
        name: "Read More about Five Signs Your Website Needs a Redesign",
        exact: true,
      }),
    ).toHaveAttribute("href", POST);
    const learnMore = page.getByRole("link", { name: "Learn More – About Us", exact: true });
    await expect(learnMore).toHaveAttribute("href", "/about");
    // The added words are for assistive technology only: nothing of them shows.
    const hidden = await learnMore
      .locator(".sr-only")
      .evaluate((span) => span.getBoundingClientRect().width);
    expect(hidden).toBeLessThanOrEqual(1);
  });

  test("every public page has a meta description", async ({ page }) => {
    for (const path of [
      "/",
      "/about",
      "/services",
      "/services/consulting",
      "/gallery",
      "/blog",
      POST,
      "/contact",
      "/login",
      "/register",
    ]) {
      await page.goto(path);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute(
        "content",
        /\S.{20,}/,
      );
    }
  });

  test("a post's featured image loads first and the other images wait", async ({ page }) => {
    await page.goto(POST);
    const featured = page.getByRole("article").getByRole("img").first();
    await expect(featured).toHaveAttribute("fetchpriority", "high");
    await expect(featured).not.toHaveAttribute("loading", /.*/);
    expect(await featured.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const others = page.locator("img:not([fetchpriority])");
    expect(await others.count()).toBeGreaterThan(0);
    for (const img of await others.all()) {
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute("width", /^\d+$/);
      await expect(img).toHaveAttribute("height", /^\d+$/);
    }
  });
});
