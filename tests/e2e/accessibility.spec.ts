import { expect, test } from "./fixtures.ts";
import { axeScan, axeViolations } from "./helpers.ts";

const PAGES = [
  "/",
  "/about",
  "/services",
  "/services/web-development",
  "/blog",
  "/blog/five-signs-your-website-needs-a-redesign",
  "/gallery",
  "/contact",
  "/login",
  "/register",
  "/terms",
  "/unauthorized",
];

// One test a page and theme: each stands alone (its own time limit, a failure
// names its page), and the workers share them (they only read).
test.describe.configure({ mode: "parallel" });

for (const theme of ["light", "dark"] as const) {
  for (const path of PAGES) {
    test(`${path} has no serious or critical axe violations (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      expect(await axeViolations(page, { seriousOnly: true }), `${path} (${theme})`).toEqual([]);
    });
  }
}

test("the scan finds what it should: an image without alt text, faint text, in the part asked for", async ({
  page,
}) => {
  await page.goto("/privacy");
  const scan = async (part?: { include?: string; exclude?: string }) => {
    const builder = axeScan(page);
    if (part?.include) builder.include(part.include);
    if (part?.exclude) builder.exclude(part.exclude);
    const results = await builder.withTags(["wcag2a", "wcag2aa"]).analyze();
    return results.violations.map((v) => v.id).sort();
  };
  expect(await scan()).toEqual([]);
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
    document.querySelector("main")?.append(image);
    const faint = document.createElement("p");
    faint.textContent = "Hardly readable";
    faint.style.color = "#eeeeee";
    document.querySelector("footer")?.append(faint);
  });
  expect(await scan()).toEqual(["color-contrast", "image-alt"]);
  expect(await scan({ include: "main" })).toEqual(["image-alt"]);
  expect(await scan({ exclude: "main" })).toEqual(["color-contrast"]);
});
