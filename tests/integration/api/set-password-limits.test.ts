import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TEXTS, PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import { createLinkTokens } from "#server/auth/link-tokens.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { createAccountService, issueAccountLink } from "#server/modules/auth/account.service.ts";
import { createUser, expectError, post } from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const PASSWORD = "Cobalt-Meadow-84";
const TOO_MANY =
  "Too many attempts to set a password from your address. Please try again in 15 minutes.";

describe("setting a password with a link: no hashing for a bogus token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("looks the link up first: only a usable one gets its password hashed", async () => {
    const hashed: string[] = [];
    const links = createLinkTokens("s".repeat(40));
    const account = createAccountService(t.db, {
      mail: t.services.mail,
      links,
      hash: async (password) => {
        hashed.push(password);
        return hashPassword(password);
      },
    });

    // Made-up, used and expired tokens: refused, nothing hashed.
    for (const token of ["made-up", "x".repeat(43), links.tokenOf("never-issued")]) {
      await expect(account.resetPassword({ token, password: PASSWORD })).rejects.toMatchObject({
        status: 400,
        message: PASSWORD_RESET_TEXTS.invalidLink,
      });
      await expect(account.acceptInvitation({ token, password: PASSWORD })).rejects.toMatchObject({
        status: 400,
        message: INVITATION_TEXTS.invalidLink,
      });
    }
    expect(hashed).toEqual([]);

    // A usable link: hashed once, used once; the second use hashes nothing.
    const { user } = await createUser(t);
    const nonce = await issueAccountLink(t.db, links, new Date(), "password_reset", user);
    const token = links.tokenOf(nonce);
    expect(await account.resetPassword({ token, password: PASSWORD })).toEqual({
      email: user.email,
    });
    expect(hashed).toEqual([PASSWORD]);
    await expect(account.resetPassword({ token, password: PASSWORD })).rejects.toMatchObject({
      status: 400,
    });
    expect(hashed).toEqual([PASSWORD]);
  });
});

describe("setting a password with a link: per-client limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1", SET_PASSWORD_RATE_LIMIT: "3/15m" } });
  });
  afterAll(() => t?.close());

  const from = (client: string) => ({ "x-forwarded-for": client });
  const attempt = (call: string, client: string) =>
    post(t, call, { body: { token: "made-up", password: PASSWORD }, headers: from(client) });

  it("counts reset and invitation calls together per client; past the limit 429 with Retry-After", async () => {
    const client = "198.51.100.20";
    expectError(await attempt("/auth/reset-password", client), 400);
    expectError(await attempt("/auth/accept-invite", client), 400);
    expectError(await attempt("/auth/reset-password", client), 400);
    for (const call of ["/auth/reset-password", "/auth/accept-invite"]) {
      const refused = await attempt(call, client);
      expectError(refused, 429, TOO_MANY);
      expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(800);
    }
    // Another client is not affected.
    expectError(await attempt("/auth/reset-password", "198.51.100.21"), 400);
  });
});
