import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Accounts,
  createAccounts,
  createUser,
  del,
  expectError,
  expectFieldError,
  expectOk,
  expectSuccess,
  get,
  login,
  post,
  put,
  unique,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const LAST_ADMIN = "Cannot delete the last admin user";
const ALL_ADMINS = "Cannot delete all admin users";
const LAST_ACTIVE = "Cannot demote or deactivate the last active admin user";

function newUser(overrides: Record<string, unknown> = {}) {
  const username = unique("new").replace(/-/g, "_");
  return {
    username,
    email: `${username}@example.com`,
    first_name: "New",
    last_name: "Person",
    password: "Long-enough-1",
    ...overrides,
  };
}

describe("users API", () => {
  let t: TestApp;
  let a: Accounts;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccounts(t);
  });
  afterAll(() => t?.close());

  async function users(query = "") {
    const result = await get(t, `/users${query}`, { token: a.admin.token });
    expectOk(result);
    return result.body.data as any[];
  }

  async function userById(id: number) {
    return (await users()).find((u) => u.id === id);
  }

  const signInStatus = async (email: string, password: string) =>
    (await post(t, "/auth/login", { body: { email, password } })).status;

  describe("GET /users", () => {
    it("lists every user without passwords", async () => {
      const list = await users();
      const ids = list.map((u) => u.id);
      for (const account of [a.admin, a.editor, a.author, a.otherAuthor]) {
        expect(ids).toContain(account.id);
      }
      for (const user of list) {
        for (const field of [
          "id",
          "username",
          "email",
          "first_name",
          "last_name",
          "role",
          "status",
          "last_login",
          "created_at",
        ]) {
          expect(user).toHaveProperty(field);
        }
        expect(user).not.toHaveProperty("password");
        expect(user).not.toHaveProperty("password_hash");
      }
      expect(JSON.stringify(list)).not.toContain("$argon2");
    });

    it("search matches username, e-mail and names", async () => {
      const marker = unique("zq").replace(/-/g, "");
      const byName = await createUser(t, { first_name: `Zelda${marker}` });
      const byUsername = await createUser(t, { username: `user_${marker}` });
      const byEmail = await createUser(t, { email: `${marker}@mail.example.com` });
      const found = (await users(`?search=${marker}`)).map((u) => u.id).sort();
      expect(found).toEqual([byName.user.id, byUsername.user.id, byEmail.user.id].sort());
      expect(await users(`?search=${unique("nobody").replace(/-/g, "")}`)).toEqual([]);
    });
  });

  describe("POST /users", () => {
    it("creates an active editor by default who can sign in", async () => {
      const body = newUser({ username: `  ${unique("trim").replace(/-/g, "_")}  ` });
      const result = await post(t, "/users", { token: a.admin.token, body });
      expectOk(result, 201);
      expect(result.body.data).toMatchObject({
        username: (body.username as string).trim(),
        email: body.email,
        first_name: "New",
        last_name: "Person",
        role: "editor",
        status: "active",
      });
      expect(result.body.data).not.toHaveProperty("password");
      expect(await signInStatus(body.email as string, body.password as string)).toBe(200);
      expect(await userById(result.body.data.id)).toMatchObject({ role: "editor" });
    });

    it("keeps the given role and status", async () => {
      const body = newUser({ role: "author", status: "inactive" });
      const result = await post(t, "/users", { token: a.admin.token, body });
      expectOk(result, 201);
      expect(result.body.data).toMatchObject({ role: "author", status: "inactive" });
      expect(await signInStatus(body.email as string, body.password as string)).toBe(403);
    });

    it.each([
      ["username", { username: "" }, "Username is required"],
      ["username", { username: undefined }, "Username is required"],
      ["email", { email: "" }, "Email is required"],
      ["email", { email: "no-at-sign" }, "Email is invalid"],
      ["first_name", { first_name: " " }, "First name is required"],
      ["last_name", { last_name: "" }, "Last name is required"],
      ["password", { password: "" }, "Password is required"],
      ["password", { password: undefined }, "Password is required"],
      ["password", { password: "1234567" }, "Password must be at least 8 characters"],
      ["password", { password: "12345678" }, "This password is too common. Please choose another."],
      [
        "password",
        { password: "Qwerty123" },
        "This password is too common. Please choose another.",
      ],
    ])("refuses a bad %s: %j → %s", async (field, override, message) => {
      const body = newUser(override);
      const result = await post(t, "/users", { token: a.admin.token, body });
      expectFieldError(result, field, message);
      expect(result.body.message).toBe(message);
    });

    it("accepts a password of exactly 8 characters", async () => {
      const body = newUser({ password: "x7#kQ2!m" });
      expectOk(await post(t, "/users", { token: a.admin.token, body }), 201);
      expect(await signInStatus(body.email as string, "x7#kQ2!m")).toBe(200);
    });

    it("refuses an unknown role", async () => {
      expectFieldError(
        await post(t, "/users", { token: a.admin.token, body: newUser({ role: "owner" }) }),
        "role",
        "Role must be admin, editor or author",
      );
    });

    it("refuses a taken username or e-mail with 409", async () => {
      expectError(
        await post(t, "/users", {
          token: a.admin.token,
          body: newUser({ username: a.editor.user.username }),
        }),
        409,
        "Username already exists",
      );
      expectError(
        await post(t, "/users", {
          token: a.admin.token,
          body: newUser({ email: a.editor.email.toUpperCase() }),
        }),
        409,
        "Email already exists",
      );
    });
  });

  describe("PUT /users/{id}", () => {
    it("changes a subset and keeps the rest", async () => {
      const target = await createUser(t, { role: "author" });
      const result = await put(t, `/users/${target.user.id}`, {
        token: a.admin.token,
        body: { first_name: "Changed", role: "editor" },
      });
      expectSuccess(result);
      expect(await userById(target.user.id)).toMatchObject({
        first_name: "Changed",
        last_name: target.user.last_name,
        email: target.email,
        username: target.user.username,
        role: "editor",
        status: "active",
      });
      expect(await signInStatus(target.email, target.password)).toBe(200);
    });

    it("accepts the whole user sent back with a new status", async () => {
      const target = await createUser(t, { role: "editor" });
      const whole = await userById(target.user.id);
      const result = await put(t, `/users/${target.user.id}`, {
        token: a.admin.token,
        body: { ...whole, status: "inactive" },
      });
      expectSuccess(result);
      expect((await userById(target.user.id)).status).toBe("inactive");
      expect(await signInStatus(target.email, target.password)).toBe(403);
    });

    it("changes the password only when one is given", async () => {
      const target = await createUser(t, { role: "editor" });
      expectSuccess(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { last_name: "Same", password: "" },
        }),
      );
      expect(await signInStatus(target.email, target.password)).toBe(200);
      expectSuccess(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { password: "Brand-new-pass-9" },
        }),
      );
      expect(await signInStatus(target.email, target.password)).toBe(401);
      expect(await signInStatus(target.email, "Brand-new-pass-9")).toBe(200);
      expectFieldError(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { password: "short" },
        }),
        "password",
        "Password must be at least 8 characters",
      );
      expectFieldError(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { password: "Sunshine1" },
        }),
        "password",
        "This password is too common. Please choose another.",
      );
      // Refused: the password in force stays.
      expect(await signInStatus(target.email, "Brand-new-pass-9")).toBe(200);
    });

    it("refuses another user's username or e-mail with 409", async () => {
      const target = await createUser(t);
      expectError(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { username: a.editor.user.username },
        }),
        409,
        "Username already exists",
      );
      expectError(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { email: a.editor.email },
        }),
        409,
        "Email already exists",
      );
      // Its own username and e-mail are fine.
      expectSuccess(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { username: target.user.username, email: target.email },
        }),
      );
    });

    it("validates and answers 404 for an unknown user", async () => {
      const target = await createUser(t);
      expectFieldError(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { email: "nope" },
        }),
        "email",
        "Email is invalid",
      );
      expectFieldError(
        await put(t, `/users/${target.user.id}`, {
          token: a.admin.token,
          body: { hobby: "chess" },
        }),
        "body",
        "Unknown field: hobby",
      );
      expectError(
        await put(t, "/users/987654", { token: a.admin.token, body: { first_name: "X" } }),
        404,
      );
    });
  });

  describe("DELETE /users/{id}", () => {
    it("deletes a user, who can no longer sign in", async () => {
      const target = await createUser(t, { role: "editor" });
      const token = await login(t, target.email, target.password);
      expectSuccess(await del(t, `/users/${target.user.id}`, { token: a.admin.token }));
      expect(await userById(target.user.id)).toBeUndefined();
      expect(await signInStatus(target.email, target.password)).toBe(401);
      expectError(await get(t, "/auth/me", { token }), 401);
      expectError(await del(t, `/users/${target.user.id}`, { token: a.admin.token }), 404);
    });

    it("keeps the deleted author's posts readable", async () => {
      const target = await createUser(t, { role: "author" });
      const token = await login(t, target.email, target.password);
      const created = await post(t, "/blog/posts", {
        token,
        body: {
          title: "Orphan",
          slug: unique("orphan"),
          excerpt: "e",
          content: "<p>c</p>",
          status: "published",
        },
      });
      expectOk(created, 201);
      expectSuccess(await del(t, `/users/${target.user.id}`, { token: a.admin.token }));
      const read = await get(t, `/blog/posts/id/${created.body.data.id}`);
      expectOk(read);
      expect(read.body.data.title).toBe("Orphan");
    });
  });

  describe("POST /users/bulk", () => {
    it("deactivates, activates and deletes", async () => {
      const one = await createUser(t, { role: "editor" });
      const two = await createUser(t, { role: "author" });
      const ids = [one.user.id, two.user.id];

      expectSuccess(
        await post(t, "/users/bulk", { token: a.admin.token, body: { action: "deactivate", ids } }),
      );
      for (const u of [one, two]) {
        expect((await userById(u.user.id)).status).toBe("inactive");
        expect(await signInStatus(u.email, u.password)).toBe(403);
      }

      expectSuccess(
        await post(t, "/users/bulk", { token: a.admin.token, body: { action: "activate", ids } }),
      );
      for (const u of [one, two]) {
        expect((await userById(u.user.id)).status).toBe("active");
        expect(await signInStatus(u.email, u.password)).toBe(200);
      }

      expectSuccess(
        await post(t, "/users/bulk", { token: a.admin.token, body: { action: "delete", ids } }),
      );
      for (const u of [one, two]) expect(await userById(u.user.id)).toBeUndefined();
    });

    it("validates the action and the selection", async () => {
      expectFieldError(
        await post(t, "/users/bulk", { token: a.admin.token, body: { action: "delete", ids: [] } }),
        "ids",
        "Please select users first",
      );
      const empty = await post(t, "/users/bulk", {
        token: a.admin.token,
        body: { action: "activate", ids: [] },
      });
      expectError(empty, 400, "Please select users first");
      expectFieldError(
        await post(t, "/users/bulk", {
          token: a.admin.token,
          body: { action: "promote", ids: [1] },
        }),
        "action",
        "Action must be activate, deactivate or delete",
      );
    });
  });

  describe("admins only", () => {
    it("refuses editors and authors with 403 and anonymous callers with 401", async () => {
      const target = await createUser(t);
      for (const token of [a.editor.token, a.author.token]) {
        expectError(
          await get(t, "/users", { token }),
          403,
          "You do not have permission to do this",
        );
        expectError(await post(t, "/users", { token, body: newUser() }), 403);
        expectError(
          await put(t, `/users/${target.user.id}`, { token, body: { role: "admin" } }),
          403,
        );
        expectError(await del(t, `/users/${target.user.id}`, { token }), 403);
        expectError(
          await post(t, "/users/bulk", {
            token,
            body: { action: "delete", ids: [target.user.id] },
          }),
          403,
        );
      }
      expectError(await get(t, "/users"), 401, "Authentication required");
      expect(await userById(target.user.id)).toMatchObject({ role: "author", status: "active" });
    });

    it("an editor cannot promote themselves", async () => {
      expectError(
        await put(t, `/users/${a.editor.id}`, { token: a.editor.token, body: { role: "admin" } }),
        403,
      );
      expect((await userById(a.editor.id)).role).toBe("editor");
    });
  });

  describe("the last admin", () => {
    it("cannot be deleted", async () => {
      const admins = (await users()).filter((u) => u.role === "admin");
      expect(admins.map((u) => u.id)).toEqual([a.admin.id]);
      expectError(await del(t, `/users/${a.admin.id}`, { token: a.admin.token }), 409, LAST_ADMIN);
      expect(await userById(a.admin.id)).toBeDefined();
    });

    it("cannot be demoted or deactivated, one by one or in bulk", async () => {
      expectError(
        await put(t, `/users/${a.admin.id}`, { token: a.admin.token, body: { role: "editor" } }),
        409,
        LAST_ACTIVE,
      );
      expectError(
        await put(t, `/users/${a.admin.id}`, {
          token: a.admin.token,
          body: { status: "inactive" },
        }),
        409,
        LAST_ACTIVE,
      );
      const whole = await userById(a.admin.id);
      expectError(
        await put(t, `/users/${a.admin.id}`, {
          token: a.admin.token,
          body: { ...whole, status: "inactive" },
        }),
        409,
        LAST_ACTIVE,
      );
      expectError(
        await post(t, "/users/bulk", {
          token: a.admin.token,
          body: { action: "deactivate", ids: [a.admin.id] },
        }),
        409,
        LAST_ACTIVE,
      );
      expect(await userById(a.admin.id)).toMatchObject({ role: "admin", status: "active" });
      // Saving the admin unchanged is fine.
      expectSuccess(
        await put(t, `/users/${a.admin.id}`, { token: a.admin.token, body: { ...whole } }),
      );
    });

    it("a bulk delete that would remove every admin is refused", async () => {
      const bystander = await createUser(t);
      expectError(
        await post(t, "/users/bulk", {
          token: a.admin.token,
          body: { action: "delete", ids: [a.admin.id, bystander.user.id] },
        }),
        409,
        ALL_ADMINS,
      );
      expect(await userById(a.admin.id)).toBeDefined();
    });

    it("with two admins: one may go, never both", async () => {
      const created = await post(t, "/users", {
        token: a.admin.token,
        body: newUser({ role: "admin" }),
      });
      expectOk(created, 201);
      const second = created.body.data;

      expectError(
        await post(t, "/users/bulk", {
          token: a.admin.token,
          body: { action: "delete", ids: [a.admin.id, second.id] },
        }),
        409,
        ALL_ADMINS,
      );
      expect(await userById(second.id)).toBeDefined();

      // With the second admin inactive, the first is the last active admin.
      expectSuccess(
        await put(t, `/users/${second.id}`, { token: a.admin.token, body: { status: "inactive" } }),
      );
      expectError(
        await put(t, `/users/${a.admin.id}`, { token: a.admin.token, body: { role: "author" } }),
        409,
        LAST_ACTIVE,
      );
      expectError(
        await post(t, "/users/bulk", {
          token: a.admin.token,
          body: { action: "deactivate", ids: [a.admin.id, second.id] },
        }),
        409,
        LAST_ACTIVE,
      );

      // Active again, the second admin may be demoted, then deleted.
      expectSuccess(
        await put(t, `/users/${second.id}`, { token: a.admin.token, body: { status: "active" } }),
      );
      expectSuccess(
        await put(t, `/users/${second.id}`, { token: a.admin.token, body: { role: "editor" } }),
      );
      expectSuccess(await del(t, `/users/${second.id}`, { token: a.admin.token }));
      expect(await userById(second.id)).toBeUndefined();
      expectError(await del(t, `/users/${a.admin.id}`, { token: a.admin.token }), 409, LAST_ADMIN);
    });

    it("an invited admin who has not set a password yet does not count as a remaining admin", async () => {
      const invited = await post(t, "/users/invite", {
        token: a.admin.token,
        body: { ...newUser({ role: "admin" }), password: undefined },
      });
      expectOk(invited, 201);
      const { id } = invited.body.data;
      expect(invited.body.data).toMatchObject({ role: "admin", invitation_pending: true });
      expectError(
        await put(t, `/users/${a.admin.id}`, { token: a.admin.token, body: { role: "editor" } }),
        409,
        LAST_ACTIVE,
      );
      expectError(
        await post(t, "/users/bulk", {
          token: a.admin.token,
          body: { action: "deactivate", ids: [a.admin.id] },
        }),
        409,
        LAST_ACTIVE,
      );
      expectError(await del(t, `/users/${a.admin.id}`, { token: a.admin.token }), 409, LAST_ADMIN);
      expect(await userById(a.admin.id)).toMatchObject({ role: "admin", status: "active" });
      // Sent back whole, as GET answers it (invitation_pending included), it saves.
      const whole = await userById(id);
      expect(whole.invitation_pending).toBe(true);
      expectSuccess(
        await put(t, `/users/${id}`, { token: a.admin.token, body: { ...whole, last_name: "Z" } }),
      );
      expectSuccess(await del(t, `/users/${id}`, { token: a.admin.token }));
    });
  });
});
