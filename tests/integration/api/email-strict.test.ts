import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createUser,
  expectFieldError,
  expectOk,
  get,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

/** Addresses that change a mailto link or a header; all but the first passed the old pattern. */
const HOSTILE = [
  "a@b.co?cc=x@evil",
  "me@example.com?cc=spy%40evil.example",
  "a?cc=x@evil.example",
  "me@example.com&body=Click-here",
];

describe("e-mail addresses are strict everywhere (one rule, the spec's messages)", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  it("the contact API refuses them with errors.email, and stores nothing", async () => {
    for (const email of HOSTILE) {
      const subject = unique("Hostile");
      const result = await post(t, "/contact", {
        body: { name: "Mallory", email, subject, message: "Hi" },
      });
      expectFieldError(result, "email", "Email is invalid");
      expect(result.body.message).toBe("Email is invalid");
      const inbox = await get(t, "/contact/messages?limit=100", { token: a.admin.token });
      expect(inbox.body.data.messages.some((m: any) => m.subject === subject)).toBe(false);
    }
    expectFieldError(
      await post(t, "/contact", { body: { name: "A", email: " ", subject: "S", message: "M" } }),
      "email",
      "Email is required",
    );
    const ok = await post(t, "/contact", {
      body: { name: "Ann", email: " Ann.Lee+site@Example.COM ", subject: "Hello", message: "Hi" },
    });
    expect(ok.status).toBe(201);
  });

  it("the contact page's form (without JavaScript) refuses them too", async () => {
    const form = new URLSearchParams({
      name: "Mallory",
      email: HOSTILE[2]!,
      subject: "Page form",
      message: "Hi",
    });
    const response = await t.request("/contact", { method: "POST", body: form });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Email is invalid");
    // The field says it; no "Failed to submit the form" notice besides (as with script).
    expect(page).not.toContain("Failed to submit the form");
  });

  it("registration refuses them", async () => {
    const result = await post(t, "/auth/register", {
      body: {
        username: unique("reg").replace(/-/g, "_"),
        email: HOSTILE[1],
        password: "Long-enough-42",
        first_name: "Mal",
        last_name: "Lory",
      },
    });
    expectFieldError(result, "email", "Email is invalid");
  });

  it("users (create and edit) refuse them", async () => {
    for (const email of HOSTILE.slice(0, 2)) {
      expectFieldError(
        await post(t, "/users", {
          token: a.admin.token,
          body: {
            username: unique("u").replace(/-/g, "_"),
            email,
            first_name: "A",
            last_name: "B",
            password: "Long-enough-42",
          },
        }),
        "email",
        "Email is invalid",
      );
    }
    const { user } = await createUser(t, { role: "editor" });
    expectFieldError(
      await put(t, `/users/${user.id}`, { token: a.admin.token, body: { email: HOSTILE[2] } }),
      "email",
      "Email is invalid",
    );
  });

  it("the site's contact e-mail setting refuses them", async () => {
    expectFieldError(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { contactEmail: HOSTILE[1] },
      }),
      "contactEmail",
      "Contact email is invalid",
    );
    expectOk(
      await put(t, "/settings/general", {
        token: a.admin.token,
        body: { contactEmail: "hello@example.com" },
      }),
    );
  });
});
