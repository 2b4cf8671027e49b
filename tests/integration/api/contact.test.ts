import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  del,
  expectError,
  expectFieldError,
  expectOk,
  expectSuccess,
  get,
  patch,
  post,
  sendContactMessage,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const SENT = "Your message has been sent successfully! We'll get back to you soon.";

describe("contact API", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    // Many messages from one (in-process) client: the limit has its own tests (anonymous-limits).
    t = await createTestApp({ env: { CONTACT_RATE_LIMIT: "off" } });
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function inbox(query = "", token = a.admin.token) {
    const result = await get(t, `/contact/messages?limit=50${query}`, { token });
    expectOk(result);
    return result.body.data;
  }

  async function find(subject: string) {
    return ((await inbox()).messages as any[]).find((m) => m.subject === subject);
  }

  describe("POST /contact", () => {
    it("accepts a message from anyone and stores it trimmed", async () => {
      const subject = unique("Hello");
      const result = await post(t, "/contact", {
        body: {
          name: "  Jane Doe ",
          email: " Jane@Example.COM ",
          subject: `  ${subject}  `,
          message: "  I would like a quote.  ",
        },
      });
      expect(result.status).toBe(201);
      expect(result.body).toMatchObject({ success: true, message: SENT });
      const stored = await find(subject);
      expect(stored).toMatchObject({
        name: "Jane Doe",
        subject,
        message: "I would like a quote.",
        read: false,
      });
      expect(stored.email.toLowerCase()).toBe("jane@example.com");
      for (const field of [
        "id",
        "name",
        "email",
        "subject",
        "message",
        "read",
        "date",
        "created_at",
      ]) {
        expect(stored).toHaveProperty(field);
      }
    });

    it.each([
      ["name", { name: "" }, "Name is required"],
      ["name", { name: "   " }, "Name is required"],
      ["name", { name: undefined }, "Name is required"],
      ["email", { email: "" }, "Email is required"],
      ["email", { email: undefined }, "Email is required"],
      ["email", { email: "not-an-email" }, "Email is invalid"],
      ["email", { email: "a@b" }, "Email is invalid"],
      ["email", { email: "two words@example.com" }, "Email is invalid"],
      ["subject", { subject: "" }, "Subject is required"],
      ["subject", { subject: " " }, "Subject is required"],
      ["message", { message: "" }, "Message is required"],
      ["message", { message: "\n\t " }, "Message is required"],
    ])("refuses a bad %s: %j → %s", async (field, override, message) => {
      const subject = unique("Refused");
      const result = await post(t, "/contact", {
        body: {
          name: "Visitor",
          email: "visitor@example.com",
          subject,
          message: "Hi",
          ...override,
        },
      });
      expectFieldError(result, field, message);
      expect(result.body.message).toBe(message);
      expect(await find(subject)).toBeUndefined();
    });

    it("names every missing field", async () => {
      const result = await post(t, "/contact", { body: {} });
      expectError(result, 400);
      expect(result.body.errors).toMatchObject({
        name: "Name is required",
        email: "Email is required",
        subject: "Subject is required",
        message: "Message is required",
      });
    });

    it("refuses unknown fields", async () => {
      expectFieldError(
        await post(t, "/contact", {
          body: { name: "A", email: "a@example.com", subject: "S", message: "M", read: true },
        }),
        "body",
        "Unknown field: read",
      );
    });
  });

  describe("staff inbox", () => {
    it("lists newest first with counts", async () => {
      const first = await sendContactMessage(t);
      // Distinct timestamps, so "newest" is well defined.
      await new Promise((resolve) => setTimeout(resolve, 10));
      const second = await sendContactMessage(t);
      const data = await inbox();
      expect(Object.keys(data)).toEqual(
        expect.arrayContaining(["messages", "count", "unread", "totalPages"]),
      );
      const subjects = data.messages.map((m: any) => m.subject);
      expect(subjects.indexOf(second.subject)).toBeLessThan(subjects.indexOf(first.subject));
      expect(data.count).toBe(data.messages.length);
      expect(data.unread).toBe(data.messages.filter((m: any) => !m.read).length);
      expect(data.totalPages).toBe(1);
    });

    it("pages with page and limit", async () => {
      for (let i = 0; i < 3; i++) await sendContactMessage(t);
      const all = await inbox();
      const page = await get(t, "/contact/messages?limit=2&page=2", { token: a.admin.token });
      expectOk(page);
      expect(page.body.data.messages).toHaveLength(2);
      expect(page.body.data.count).toBe(all.count);
      expect(page.body.data.totalPages).toBe(Math.ceil(all.count / 2));
      expect(page.body.data.messages.map((m: any) => m.id)).toEqual(
        all.messages.slice(2, 4).map((m: any) => m.id),
      );
    });

    it("PATCH marks read and unread; unread=true lists unread only", async () => {
      const sent = await sendContactMessage(t);
      const message = await find(sent.subject as string);
      const unreadBefore = (await inbox()).unread;

      const result = await patch(t, `/contact/messages/${message.id}`, {
        token: a.editor.token,
        body: { read: true },
      });
      expectSuccess(result);
      expect((await find(sent.subject as string)).read).toBe(true);
      expect((await inbox()).unread).toBe(unreadBefore - 1);
      const unreadOnly = await inbox("&unread=true");
      expect(unreadOnly.messages.map((m: any) => m.id)).not.toContain(message.id);
      for (const m of unreadOnly.messages) expect(m.read).toBe(false);

      expectSuccess(
        await patch(t, `/contact/messages/${message.id}`, {
          token: a.admin.token,
          body: { read: false },
        }),
      );
      expect((await find(sent.subject as string)).read).toBe(false);
      expect((await inbox("&unread=true")).messages.map((m: any) => m.id)).toContain(message.id);
    });

    it("PATCH validates and answers 404 for an unknown message", async () => {
      const sent = await sendContactMessage(t);
      const message = await find(sent.subject as string);
      expectFieldError(
        await patch(t, `/contact/messages/${message.id}`, {
          token: a.admin.token,
          body: { read: "yes" },
        }),
        "read",
        "read must be true or false",
      );
      expectError(
        await patch(t, "/contact/messages/987654", { token: a.admin.token, body: { read: true } }),
        404,
      );
    });

    it("DELETE removes a message", async () => {
      const sent = await sendContactMessage(t);
      const message = await find(sent.subject as string);
      expectSuccess(await del(t, `/contact/messages/${message.id}`, { token: a.editor.token }));
      expect(await find(sent.subject as string)).toBeUndefined();
      expectError(await del(t, `/contact/messages/${message.id}`, { token: a.admin.token }), 404);
    });

    it("is for admins and editors only", async () => {
      expectError(
        await get(t, "/contact/messages", { token: a.author.token }),
        403,
        "You do not have permission to do this",
      );
      expectError(await get(t, "/contact/messages"), 401, "Authentication required");
      const sent = await sendContactMessage(t);
      const message = await find(sent.subject as string);
      expectError(
        await patch(t, `/contact/messages/${message.id}`, {
          token: a.author.token,
          body: { read: true },
        }),
        403,
      );
      expectError(await del(t, `/contact/messages/${message.id}`, { token: a.author.token }), 403);
      expectError(await del(t, `/contact/messages/${message.id}`), 401);
      expect(await find(sent.subject as string)).toMatchObject({ read: false });
    });
  });
});
