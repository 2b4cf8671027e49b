import { SCRIPT_NEEDED } from "#common/account-texts.ts";
import { expect, test } from "./fixtures.ts";
import { apiAs, tokenFor, unique } from "./helpers.ts";
import { linkIn, mailsTo } from "./mail.ts";

test.describe("contact", () => {
  test("validates on submit, clears an error on edit, and stores the message", async ({ page }) => {
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact | Company Profile");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("button", { name: "Send Message" }).click();
    for (const text of [
      "Name is required",
      "Email is required",
      "Subject is required",
      "Message is required",
    ]) {
      await expect(form.getByText(text)).toBeVisible();
    }
    await form.getByLabel("Name", { exact: true }).fill("  Rina  ");
    await expect(form.getByText("Name is required")).toBeHidden();
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Email is invalid")).toBeVisible();

    const subject = unique("Quote");
    await form.getByLabel("Email").fill("rina@example.com");
    await form.getByLabel("Subject").fill(subject);
    await form
      .getByLabel("Message", { exact: true })
      .fill("Please send a quote for a new website.");
    await form.getByRole("button", { name: "Send Message" }).click();
    const success = page.getByText(
      "Your message has been sent successfully! We'll get back to you soon.",
    );
    await expect(success).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");

    const { token } = await tokenFor(page, "admin");
    const { body } = await apiAs(page, token, "GET", "/contact/messages?limit=100");
    const stored = body.data.messages.find((m: { subject: string }) => m.subject === subject);
    expect(stored).toMatchObject({ name: "Rina", email: "rina@example.com", read: false });

    // The success text goes away after 5 seconds.
    await expect(success).toBeHidden({ timeout: 7_000 });
  });

  test("shows contact details from the settings, social links and a map area", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Contact Information" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Facebook" })).toBeVisible();
    await expect(page.getByRole("figure", { name: "Map" })).toBeVisible();
  });
});

test.describe("blog", () => {
  test("search, category and tag filters live in the URL and paginate by 6", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.locator("main article")).toHaveCount(6);
    await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);

    // A page past the last is the site's 404 in its layout, not "Page 99 of 3".
    const pastTheEnd = await page.request.get("/blog?page=99");
    expect(pastTheEnd.status()).toBe(404);
    const html = await pastTheEnd.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain("data-footer-style=");
    expect(html).not.toContain("Page 99 of");

    // Choosing a category resets to page 1.
    await page.goto("/blog?page=2");
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Marketing" })
      .click();
    await expect(page).toHaveURL(/\/blog\?category=marketing$/);
    await expect(
      page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Marketing" }),
    ).toHaveAttribute("aria-current", "page");
    for (const card of await page.locator("main article").all()) {
      await expect(card).toBeVisible();
    }

    await page.getByRole("searchbox", { name: "Search posts" }).fill("bakery");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/search=bakery/);
    await expect(page.locator("main article")).toHaveCount(0);
    await expect(page.getByText("No posts found matching your criteria.")).toBeVisible();

    await page.goto("/blog?search=bakery");
    await expect(page.locator("main article")).toHaveCount(1);
    await expect(
      page.getByRole("heading", { name: "From Idea to Launch: A Case Study" }),
    ).toBeVisible();

    await page.goto("/blog?tag=seo");
    await expect(page.getByText("Tagged #seo")).toBeVisible();
    await expect(page.locator("main article")).toHaveCount(1);
  });

  test("a post shows breadcrumb, body, sidebar, share links and related posts", async ({
    page,
  }) => {
    const response = await page.goto("/blog/getting-started-with-search-engine-optimisation");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(
      /Home\s*\/\s*Blog\s*\//,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Getting Started With Search Engine Optimisation",
    );
    await expect(page.locator(".prose-content")).toContainText(
      "Search engines want to show people useful",
    );
    await expect(page.getByTestId("view-count")).toHaveText(/^3,9\d\d views$/);
    const share = page.getByRole("link", { name: "Share on Facebook" });
    await expect(share).toHaveAttribute(
      "href",
      /facebook\.com\/sharer\/sharer\.php\?u=http.*getting-started/,
    );
    await expect(page.getByRole("link", { name: "Share on Twitter" })).toHaveAttribute(
      "href",
      /twitter\.com\/intent\/tweet/,
    );
    await expect(page.getByRole("link", { name: "Share on LinkedIn" })).toHaveAttribute(
      "href",
      /linkedin\.com/,
    );
    await expect(page.getByRole("heading", { name: "Related Posts" })).toBeVisible();
    await page.getByRole("link", { name: "#seo" }).click();
    await expect(page).toHaveURL(/\/blog\?tag=seo/);
  });

  test("counts a view per visit", async ({ page }) => {
    await page.goto("/blog/designing-forms-people-actually-finish");
    const first = Number((await page.getByTestId("view-count").innerText()).replace(/\D/g, ""));
    await page.reload();
    await expect(page.getByTestId("view-count")).toHaveText(
      `${(first + 1).toLocaleString("en-US")} views`,
    );
  });
});

test.describe("not found pages", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("an unknown post says so, answers 404 and goes to /blog after 3 seconds", async ({
    page,
  }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The post you are looking for does not exist.")).toBeVisible();
    await expect(page).toHaveURL(/\/blog$/, { timeout: 6_000 });
  });

  test("an unknown service shows Service Not Found with status 404", async ({ page }) => {
    const response = await page.goto("/services/no-such-service");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Service Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Homepage" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("services", () => {
  test("lists services and opens the detail page with the full details", async ({ page }) => {
    await page.goto("/services");
    await expect(page).toHaveTitle("Services | Company Profile");
    await page.getByRole("link", { name: "Learn more about Consulting" }).click();
    await expect(page).toHaveURL("/services/consulting");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Consulting");
    await expect(page.getByText("We review your current setup")).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Technology advice that helps you choose well and spend wisely.",
    );
  });
});

test.describe("gallery", () => {
  test("autoplays, pauses, opens the lightbox, wraps around and closes with Escape", async ({
    page,
  }) => {
    // The page's clock runs as usual; runFor moves it on (firing the timers due) at once.
    await page.clock.install();
    await page.goto("/gallery");
    const counter = page.getByText(/^\d+ \/ \d+$/).first();
    await expect(counter).toHaveText(/^1 \/ (\d+)$/);
    const total = Number((await counter.innerText()).split("/")[1]);
    await expect(counter).toHaveText(`2 / ${total}`, { timeout: 5_000 });
    await page.getByRole("button", { name: "Pause" }).click();
    const paused = await counter.innerText();
    await page.clock.runFor(10_000);
    // Read once, not retried: a carousel still turning comes round to any text.
    expect(await counter.innerText()).toBe(paused);

    const firstThumb = page.getByRole("list", { name: "Thumbnails" }).getByRole("button").first();
    await firstThumb.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`(1 / ${total})`);
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(dialog).toContainText(`(${total} / ${total})`);
    await page.keyboard.press("ArrowRight");
    await expect(dialog).toContainText(`(1 / ${total})`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(firstThumb).toBeFocused();
  });

  test("starts paused for a visitor who prefers reduced motion, and Play starts it", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/gallery");
    const counter = page.getByText(/^\d+ \/ \d+$/).first();
    const play = page.getByRole("button", { name: "Play" });
    await expect(play).toBeVisible();
    await page.clock.runFor(10_000);
    expect(await counter.innerText()).toMatch(/^1 \/ \d+$/);
    await play.click();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(counter).toHaveText(/^2 \/ \d+$/);
  });

  test("View Larger opens the current image and stops autoplay", async ({ page }) => {
    await page.clock.install();
    await page.goto("/gallery");
    const counter = page.getByText(/^\d+ \/ \d+$/).first();
    await page.getByRole("button", { name: "Next ›" }).click();
    const current = await counter.innerText();
    await page.getByRole("button", { name: "View Larger" }).click();
    await expect(page.getByRole("dialog")).toContainText(`(${current})`);
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    await page.clock.runFor(10_000);
    expect(await counter.innerText()).toBe(current);
  });
});

test.describe("sign in and register", () => {
  // A refused sign-in is a 401/403 response, a refused password a 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 40[013]/] });

  test("signing in sends you back to the page you asked for", async ({ page }) => {
    await page.goto("/admin/categories");
    await expect(page).toHaveURL(/\/login\?from=%2Fadmin%2Fcategories/);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Email and password are required")).toBeVisible();
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await page.getByLabel("Password").fill("admin12345");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/admin/categories");
  });

  test("the demo button signs in as the demo admin and lands on the dashboard", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in as Demo Admin" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  test("register validates, succeeds, goes to sign in, and the account awaits approval", async ({
    page,
  }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Register" }).click();
    for (const text of [
      "First name is required",
      "Last name is required",
      "Username is required",
      "Email is required",
      "Password is required",
      "You must agree to the terms and conditions",
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "terms and conditions" })).toHaveAttribute(
      "href",
      "/terms",
    );
    const name = unique("user").replace(/-/g, "_");
    await page.getByLabel("First name").fill("New");
    await page.getByLabel("Last name").fill("Writer");
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Email").fill(`  ${name.toUpperCase()}@Example.com `);
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByLabel("Confirm password").fill("54321");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm password").fill("secret123");
    await page.getByRole("checkbox").check();
    // A common password is refused by the server, under its field.
    await page.getByLabel("Password", { exact: true }).fill("Password123");
    await page.getByLabel("Confirm password").fill("Password123");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "This password is too common. Please choose another.",
    );
    await page.getByLabel("Password", { exact: true }).fill("secret123");
    await page.getByLabel("Confirm password").fill("secret123");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText(/Registration successful!/)).toBeVisible();
    await expect(page).toHaveURL("/login", { timeout: 5_000 });

    await page.getByLabel("Email").fill(`${name}@example.com`);
    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(
      page.getByText("Your account is awaiting approval by an administrator."),
    ).toBeVisible();
  });
});

test.describe("head", () => {
  test("titles, description, canonical and social tags", async ({ page }) => {
    await page.goto("/blog/five-signs-your-website-needs-a-redesign");
    await expect(page).toHaveTitle("Five Signs Your Website Needs a Redesign | Company Profile");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Slow pages, a dated look and falling enquiries are all clues. Here is what to look for.",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/blog\/five-signs-your-website-needs-a-redesign$/,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^http.*\/uploads\//,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  });
});

test.describe("reading without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pages render their content and the contact form still sends", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.locator("main article")).toHaveCount(6);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByText(/Page 2 of/)).toBeVisible();
    await page.goto("/blog/five-signs-your-website-needs-a-redesign");
    await expect(page.locator(".prose-content")).toContainText("first conversation");
    await page.goto("/services/web-development");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web Development");

    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("No Script");
    await page.getByLabel("Email").fill("noscript@example.com");
    await page.getByLabel("Subject").fill(unique("No JS"));
    await page.getByLabel("Message", { exact: true }).fill("Sent without JavaScript.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Your message has been sent successfully! We'll get back to you soon."),
    ).toBeVisible();
  });

  test.describe("a refused contact form", () => {
    // The refusal is a 400 page, which the browser reports in its console.
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test("says why at its fields, with no failure notice besides (as with script)", async ({
      page,
    }) => {
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
      await expect(page.getByText("Message is required")).toBeVisible();
      await expect(page.getByText("Failed to submit the form. Please try again.")).toHaveCount(0);
    });
  });

  test("forms that need the script wait for it: no password goes out in an address", async ({
    page,
  }) => {
    // The reset page shows its form for a link that works: a real one, mailed to a new account.
    const { token: admin } = await tokenFor(page, "admin");
    const username = unique("script").replace(/-/g, "_");
    const email = `${username}@example.com`;
    const account = { username, email, first_name: "Sam", last_name: "Script", role: "author" };
    const created = await apiAs(page, admin, "POST", "/users", {
      ...account,
      password: "Old-Harbour-1234",
    });
    expect(created.status).toBe(201);
    const asked = await page.request.post("/api/auth/forgot-password", { data: { email } });
    expect(asked.status()).toBe(200);
    const [mail] = await mailsTo(email);
    for (const [path, button] of [
      ["/login", "Sign In"],
      ["/register", "Register"],
      ["/forgot-password", "Send Reset Link"],
      [linkIn(mail!, "/reset-password"), "Set New Password"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: button, exact: true }), path).toBeDisabled();
      await expect(page.getByLabel(/^(Email|New password)$/), path).toBeDisabled();
      // What a browser without JavaScript shows there (Playwright's text matchers skip <noscript>).
      expect(await page.locator("form noscript").textContent(), path).toBe(SCRIPT_NEEDED);
    }
    // So does the demo button beside it; links inside the form still lead on.
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in as Demo Admin" })).toBeDisabled();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

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
];

test.describe("layout at every width", () => {
  for (const width of [375, 768, 1280]) {
    test(`no horizontal scrolling at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of PAGES) {
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        const unsized = await page.evaluate(() =>
          [...document.images]
            .filter((img) =>
              !img.getAttribute("alt") && img.getAttribute("alt") !== ""
                ? true
                : !img.getAttribute("width"),
            )
            .map((img) => img.src),
        );
        expect(unsized, `${path}: images need alt text and a reserved size`).toEqual([]);
      }
    });
  }
});
