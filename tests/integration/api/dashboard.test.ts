import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createPost,
  createUser,
  expectError,
  expectOk,
  get,
  minutesFromNow,
  patch,
  sendContactMessage,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

describe("dashboard API", () => {
  let t: TestApp;
  let a: Accounts;
  const authorPosts: any[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
    await createUser(t, { role: "author", status: "inactive" });
    // 3 published, 2 drafts, 2 scheduled (one explicit, one published with a future date).
    await createPost(t, a.admin.token, { published_at: minutesFromNow(-300) });
    await createPost(t, a.editor.token, { published_at: minutesFromNow(-200) });
    authorPosts.push(await createPost(t, a.author.token, { published_at: minutesFromNow(-100) }));
    authorPosts.push(await createPost(t, a.author.token, { status: "draft" }));
    await createPost(t, a.admin.token, { status: "draft" });
    await createPost(t, a.admin.token, {
      status: "scheduled",
      published_at: minutesFromNow(600),
    });
    await createPost(t, a.editor.token, {
      status: "published",
      published_at: minutesFromNow(900),
    });
    for (let i = 0; i < 4; i++) {
      await sendContactMessage(t, { subject: `Dashboard ${i}` });
      // Distinct timestamps, so "most recent" is well defined.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const inbox = await get(t, "/contact/messages", { token: a.admin.token });
    const oldest = inbox.body.data.messages.find((m: any) => m.subject === "Dashboard 0");
    await patch(t, `/contact/messages/${oldest.id}`, {
      token: a.admin.token,
      body: { read: true },
    });
  });
  afterAll(() => t?.close());

  it("answers the counts to admins and editors", async () => {
    for (const token of [a.admin.token, a.editor.token]) {
      const result = await get(t, "/dashboard", { token });
      expectOk(result);
      expect(result.body.data.counts).toEqual({
        posts: 7,
        published: 3,
        drafts: 2,
        scheduled: 2,
        users: 5,
        messages: 4,
        unreadMessages: 3,
      });
    }
  });

  it("answers the 5 most recent posts and 3 most recent messages", async () => {
    const result = await get(t, "/dashboard", { token: a.admin.token });
    expect(result.body.data.recentPosts).toHaveLength(5);
    expect(result.body.data.recentMessages).toHaveLength(3);
    expect(result.body.data.recentMessages.map((m: any) => m.subject)).not.toContain("Dashboard 0");
  });

  it("shows authors only their own recent posts and no messages", async () => {
    const result = await get(t, "/dashboard", { token: a.author.token });
    expectOk(result);
    expect(result.body.data.recentPosts.map((p: any) => p.id).sort()).toEqual(
      authorPosts.map((p) => p.id).sort(),
    );
    expect(result.body.data.recentMessages).toEqual([]);
  });

  it("refuses anonymous callers with 401", async () => {
    expectError(await get(t, "/dashboard"), 401, "Authentication required");
  });
});
