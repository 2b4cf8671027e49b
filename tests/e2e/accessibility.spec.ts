import { expect, test } from "./fixtures.ts";
import { axeScan } from "./helpers.ts";

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
      const results = await axeScan(page)
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        );
      expect(serious, `${path} (${theme})`).toEqual([]);
    });
  }
}
