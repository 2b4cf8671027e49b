import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { apiAs, axeViolations, loginAs, tokenFor, unique } from "./helpers.ts";

type ApiUser = { id: number; username: string; email: string; role: string; status: string };

/** Collects window.alert/confirm messages; confirms are answered with `answer`. */
function collectDialogs(page: Page, answer: () => boolean = () => true) {
  const messages: string[] = [];
  page.on("dialog", async (dialog) => {
    messages.push(dialog.message());
    if (dialog.type() === "confirm" && !answer()) await dialog.dismiss();
    else await dialog.accept();
  });
  return messages;
}

async function adminToken(page: Page) {
  return (await tokenFor(page, "admin")).token;
}

async function createUser(
  page: Page,
  token: string,
  overrides: Partial<{ username: string; role: string; status: string; first_name: string }> = {},
): Promise<ApiUser> {
  const username = overrides.username ?? unique("u");
  const { status, body } = await apiAs(page, token, "POST", "/users", {
    username,
    email: `${username}@example.test`,
    first_name: "Test",
    last_name: "Person",
    password: "Harbor-lamp-82",
    role: "editor",
    ...overrides,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data as ApiUser;
}

async function openUsers(page: Page) {
  await loginAs(page, "admin");
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "User Management", level: 1 })).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
}

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test.describe("user management: access", () => {
  for (const role of ["author", "editor"] as const) {
    test(`an ${role} cannot reach /admin/users`, async ({ page }) => {
      await loginAs(page, role);
      await page.goto("/admin/users");
      await expect(page).toHaveURL(/\/unauthorized$/);
    });
  }
});

test.describe("user management", () => {
  test("lists users with role and status badges, search and empty state", async ({ page }) => {
    const token = await adminToken(page);
    const user = await createUser(page, token, { role: "author", first_name: "Zed" });
    await openUsers(page);
    await expect(page).toHaveTitle(/^User Management \| /);
    const headers = page.getByRole("columnheader");
    await expect(headers).toHaveText([
      "",
      "User",
      "Role",
      "Status",
      "Last Login",
      "Created",
      "Actions",
    ]);
    await expect(page.getByRole("checkbox", { name: "Select all users" })).toBeVisible();

    const mine = row(page, `@${user.username}`);
    await expect(mine).toContainText("Zed Person");
    await expect(mine).toContainText(user.email);
    await expect(mine).toContainText("author");
    await expect(mine).toContainText("Never");
    await expect(mine.getByRole("button", { name: /^Active/ })).toBeVisible();
    await expect(row(page, "admin@example.com")).toContainText("admin");

    const search = page.getByRole("searchbox", { name: "Search users" });
    await expect(search).toHaveAttribute("placeholder", "Search users...");
    await search.fill(user.username.toUpperCase());
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await search.fill("ZED PERSON");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await search.fill("EDITOR@EXAMPLE.COM");
    await expect(row(page, "@editor")).toBeVisible();
    await search.fill("admin");
    await expect(row(page, "admin@example.com")).toBeVisible();
    await search.fill(`nobody-${unique()}`);
    await expect(page.getByText("No users found.")).toBeVisible();
  });

  test("add user: validation, duplicates, then the new active user", async ({ page }) => {
    const dialogs = collectDialogs(page);
    await openUsers(page);
    const open = page.getByRole("button", { name: "Add New User" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByLabel("Username")).toBeFocused();
    await expect(dialog.getByLabel("Role")).toHaveValue("editor");
    await expect(dialog.getByLabel("Role").locator("option")).toHaveText([
      "Admin",
      "Editor",
      "Author",
    ]);

    await dialog.getByRole("button", { name: "Add User" }).click();
    for (const message of [
      "Username is required",
      "Email is required",
      "First name is required",
      "Last name is required",
      "Password is required",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByLabel("Username")).toBeFocused();

    await dialog.getByLabel("Username").fill("editor");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("First Name").fill("  New ");
    await dialog.getByLabel("Last Name").fill(" Person  ");
    await dialog.getByLabel("Password", { exact: true }).fill("short");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expect(dialog.getByText("Username already exists")).toBeVisible();
    await expect(dialog.getByText("Email is invalid")).toBeVisible();
    await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();

    await dialog.getByLabel("Email").fill("EDITOR@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("Harbor-lamp-82");
    await dialog.getByLabel("Confirm Password").fill("Harbor-lamp-83");
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expect(dialog.getByText("Email already exists")).toBeVisible();
    await expect(dialog.getByText("Passwords do not match")).toBeVisible();

    const username = unique("new");
    await dialog.getByLabel("Username").fill(`  ${username} `);
    await dialog.getByLabel("Email").fill(` ${username}@example.test `);
    await dialog.getByLabel("Role").selectOption("author");
    await dialog.getByLabel("Confirm Password").fill("Harbor-lamp-82");
    const request = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith("/api/users"),
    );
    await dialog.getByRole("button", { name: "Add User" }).click();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      username,
      email: `${username}@example.test`,
      first_name: "New",
      last_name: "Person",
      role: "author",
      status: "active",
    });
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    const added = row(page, `@${username}`);
    await expect(added).toContainText("New Person");
    await expect(added.getByRole("button", { name: /^Active/ })).toBeVisible();
    expect(dialogs).toEqual([]);

    // The new user can sign in.
    const login = await page.request.post("/api/auth/login", {
      data: { email: `${username}@example.test`, password: "Harbor-lamp-82" },
    });
    expect(login.status()).toBe(200);
  });

  test("the add dialog traps focus, closes on Escape and Cancel", async ({ page }) => {
    await openUsers(page);
    const open = page.getByRole("button", { name: "Add New User" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    await expect(dialog.getByLabel("Username")).toBeFocused();
    // Tab through everything: focus never leaves the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("edit user in the Edit dialog", async ({ page }) => {
    const token = await adminToken(page);
    const user = await createUser(page, token);
    await openUsers(page);
    const target = row(page, `@${user.username}`);
    await target.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("First Name")).toHaveValue("Test");
    await expect(dialog.getByLabel("Username")).toHaveValue(user.username);
    await expect(dialog.getByLabel("Role")).toHaveValue("editor");

    await dialog.getByLabel("First Name").fill("Renamed");
    await dialog.getByLabel("Role").selectOption("author");
    await dialog.getByLabel("New Password", { exact: true }).fill("newpassword1");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Passwords do not match")).toBeVisible();
    await dialog.getByLabel("Confirm New Password").fill("newpassword1");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(target).toContainText("Renamed Person");
    await expect(target).toContainText("author");

    const { body } = await apiAs(page, token, "GET", `/users/${user.id}`);
    expect(body.data).toMatchObject({ first_name: "Renamed", role: "author", status: "active" });
    const login = await page.request.post("/api/auth/login", {
      data: { email: user.email, password: "newpassword1" },
    });
    expect(login.status()).toBe(200);
  });

  test("toggle status with the badge; pending registrations are activated", async ({ page }) => {
    const token = await adminToken(page);
    const user = await createUser(page, token);
    const pending = unique("reg");
    const reg = await page.request.post("/api/auth/register", {
      data: {
        username: pending,
        email: `${pending}@example.test`,
        password: "secret123",
        first_name: "Pending",
        last_name: "Person",
      },
    });
    expect(reg.status()).toBe(201);
    await openUsers(page);

    const target = row(page, `@${user.username}`);
    const request = page.waitForRequest((r) => r.method() === "PUT");
    await target.getByRole("button", { name: /^Active/ }).click();
    // The whole user is sent with the new status.
    expect((await request).postDataJSON()).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      role: "editor",
      status: "inactive",
    });
    await expect(target.getByRole("button", { name: /^Inactive/ })).toBeVisible();
    expect((await apiAs(page, token, "GET", `/users/${user.id}`)).body.data.status).toBe(
      "inactive",
    );
    await target.getByRole("button", { name: /^Inactive/ }).click();
    await expect(target.getByRole("button", { name: /^Active/ })).toBeVisible();

    const waiting = row(page, `@${pending}`);
    await expect(waiting).toContainText("author");
    await waiting.getByRole("button", { name: /^Inactive/ }).click();
    await expect(waiting.getByRole("button", { name: /^Active/ })).toBeVisible();
    const login = await page.request.post("/api/auth/login", {
      data: { email: `${pending}@example.test`, password: "secret123" },
    });
    expect(login.status()).toBe(200);
  });

  test("delete asks for confirmation", async ({ page }) => {
    const token = await adminToken(page);
    const user = await createUser(page, token);
    let answer = false;
    const dialogs = collectDialogs(page, () => answer);
    await openUsers(page);
    const target = row(page, `@${user.username}`);
    await target.getByRole("button", { name: "Delete" }).click();
    expect(dialogs).toEqual(["Are you sure you want to delete this user?"]);
    await expect(target).toBeVisible();
    answer = true;
    await target.getByRole("button", { name: "Delete" }).click();
    await expect(target).toHaveCount(0);
    expect((await apiAs(page, token, "GET", `/users/${user.id}`)).status).toBe(404);
  });

  for (const how of ["delete", "deactivate"] as const) {
    test(`to ${how} your own account warns, then signs you out`, async ({ page, login }) => {
      const dialogs = collectDialogs(page);
      const me = await login("admin");
      await page.goto("/admin/users");
      const mine = row(page, `@${me.user.username}`);
      await mine.getByRole("button", { name: how === "delete" ? "Delete" : /^Active/ }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
      expect(dialogs).toEqual([
        how === "delete"
          ? "You are about to delete your own account and will be signed out. This cannot be undone. Continue?"
          : "You are about to deactivate your own account and will be signed out. Continue?",
      ]);
    });
  }

  test("bulk activate, deactivate and delete", async ({ page }) => {
    const token = await adminToken(page);
    const prefix = unique("bulk");
    const a = await createUser(page, token, { username: `${prefix}-a` });
    const b = await createUser(page, token, { username: `${prefix}-b` });
    const dialogs = collectDialogs(page);
    await openUsers(page);

    const apply = page.getByRole("button", { name: "Apply" });
    const bulk = page.getByLabel("Bulk Actions");
    await expect(bulk.locator("option")).toHaveText([
      "Bulk Actions",
      "Activate",
      "Deactivate",
      "Delete",
    ]);
    await expect(apply).toBeDisabled();
    await apply.click({ force: true });
    expect(dialogs).toEqual(["Please select users first"]);

    await page.getByRole("searchbox", { name: "Search users" }).fill(prefix);
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await page.getByRole("checkbox", { name: "Select all users" }).check();
    await expect(page.getByRole("checkbox", { name: `Select ${a.username}` })).toBeChecked();
    await expect(apply).toBeEnabled();

    await bulk.selectOption("deactivate");
    const request = page.waitForRequest((r) => r.url().endsWith("/api/users/bulk"));
    await apply.click();
    expect((await request).postDataJSON()).toEqual({
      action: "deactivate",
      ids: expect.arrayContaining([a.id, b.id]),
    });
    await expect(page.getByRole("button", { name: /^Inactive/ })).toHaveCount(2);
    // Selections clear after a bulk action.
    await expect(page.getByRole("checkbox", { name: "Select all users" })).not.toBeChecked();
    await expect(apply).toBeDisabled();

    await page.getByRole("checkbox", { name: "Select all users" }).check();
    await bulk.selectOption("activate");
    await apply.click();
    await expect(page.getByRole("button", { name: /^Active/ })).toHaveCount(2);

    await page.getByRole("checkbox", { name: "Select all users" }).check();
    await bulk.selectOption("delete");
    await apply.click();
    await expect(page.getByText("No users found.")).toBeVisible();
    expect(dialogs).toEqual([
      "Please select users first",
      "Are you sure you want to delete 2 users?",
    ]);
    expect((await apiAs(page, token, "GET", `/users/${b.id}`)).status).toBe(404);
  });
});

test.describe("user management: refusals and failures", () => {
  test.use({ allowedConsoleErrors: [/status of (409|500)/] });

  test("the last admin can be neither deleted nor demoted", async ({ page }) => {
    const token = await adminToken(page);
    // Only the demo admin may be an admin here.
    const list = (await apiAs(page, token, "GET", "/users")).body.data as ApiUser[];
    for (const other of list.filter((u) => u.role === "admin" && u.username !== "admin")) {
      await apiAs(page, token, "DELETE", `/users/${other.id}`);
    }
    const helper = await createUser(page, token);
    const dialogs = collectDialogs(page);
    await openUsers(page);
    const admin = row(page, "admin@example.com");

    await admin.getByRole("button", { name: "Delete" }).click();
    expect(dialogs).toEqual(["Cannot delete the last admin user"]);

    await page.getByRole("checkbox", { name: "Select admin", exact: true }).check();
    await page.getByRole("checkbox", { name: `Select ${helper.username}` }).check();
    await page.getByLabel("Bulk Actions").selectOption("delete");
    await page.getByRole("button", { name: "Apply" }).click();
    expect(dialogs.at(-1)).toBe("Cannot delete all admin users");
    await expect(row(page, `@${helper.username}`)).toBeVisible();

    // Deactivating yourself asks first; the server then refuses.
    await admin.getByRole("button", { name: /^Active/ }).click();
    await expect
      .poll(() => dialogs.at(-1))
      .toBe("Cannot demote or deactivate the last active admin user");
    await expect(admin.getByRole("button", { name: /^Active/ })).toBeVisible();

    await admin.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User" });
    await dialog.getByLabel("Role").selectOption("editor");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "Cannot demote or deactivate the last active admin user",
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(admin).toContainText("admin");

    // The server refuses the API calls too.
    const adminId = list.find((u) => u.username === "admin")!.id;
    const del = await apiAs(page, token, "DELETE", `/users/${adminId}`);
    expect(del).toMatchObject({
      status: 409,
      body: { message: "Cannot delete the last admin user" },
    });
    const bulk = await apiAs(page, token, "POST", "/users/bulk", {
      action: "delete",
      ids: [adminId, helper.id],
    });
    expect(bulk.status).toBe(409);
  });

  test("the server's duplicate refusal shows in the Edit dialog", async ({ page }) => {
    const token = await adminToken(page);
    const user = await createUser(page, token);
    await openUsers(page);
    // Created after the list loaded, so only the server knows it.
    const late = await createUser(page, token);
    await row(page, `@${user.username}`).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User" });
    await dialog.getByLabel("Username").fill(late.username);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Username already exists")).toBeVisible();
    await expect(dialog.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  });

  test("a load failure replaces the screen", async ({ page }) => {
    await page.route("**/api/users", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "boom" }),
      }),
    );
    await loginAs(page, "admin");
    await page.goto("/admin/users");
    await expect(page.getByRole("alert")).toHaveText("Failed to load users. Please try again.");
    await expect(page.getByRole("table")).toHaveCount(0);
    await page.unroute("**/api/users");
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("table")).toBeVisible();
  });

  test("a failed status change alerts", async ({ page }) => {
    const token = await adminToken(page);
    const user = await createUser(page, token);
    const dialogs = collectDialogs(page);
    await openUsers(page);
    await page.route(`**/api/users/${user.id}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Something went wrong" }),
      }),
    );
    await row(page, `@${user.username}`)
      .getByRole("button", { name: /^Active/ })
      .click();
    await expect.poll(() => dialogs).toEqual(["Failed to update user status. Please try again."]);
  });
});

test.describe("user management: layout and accessibility", () => {
  test("fits a 375px screen and passes axe in light and dark", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openUsers(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.getByRole("button", { name: "Add New User" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 1280, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => {
        document.documentElement.classList.toggle("dark", t === "dark");
      }, theme);
      expect(await axeViolations(page, { include: "main" }), theme).toEqual([]);
      await page.getByRole("button", { name: "Add New User" }).click();
      expect(await axeViolations(page, { include: "dialog" }), `${theme} dialog`).toEqual([]);
      await page.keyboard.press("Escape");
    }
  });
});
