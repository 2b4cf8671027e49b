import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import {
  type Account,
  createAccount,
  createUser,
  expectError,
  expectOk,
  get,
  post,
} from "#tests/factories/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

type Entry = {
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  entity_label: string;
  details: Record<string, unknown> | null;
};

describe("audit log: password reset and e-mail change requests", () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1", PASSWORD_RESET_RATE_LIMIT: "2/1h" } });
    admin = await createAccount(t, "admin");
  });
  afterAll(() => t?.close());

  async function entries(action: string): Promise<Entry[]> {
    const result = await get(t, `/audit-log?action=${action}&limit=200`, { token: admin.token });
    expectOk(result);
    return result.body.data.entries;
  }

  const ask = (email: string, client: string) =>
    post(t, "/auth/forgot-password", { body: { email }, headers: { "x-forwarded-for": client } });

  it("records a reset request for an active account, from where; the answer stays the same for every address", async () => {
    const active = await createUser(t, { first_name: "Rhea", last_name: "Reset" });
    const inactive = await createUser(t, { status: "inactive" });
    const answers = [];
    const asked = [
      [active.email, "203.0.113.9"],
      ["nobody-at-all@example.com", "203.0.113.7"],
      [inactive.email, "203.0.113.8"],
    ] as const;
    for (const [email, client] of asked) {
      const answer = await ask(email, client);
      expectOk(answer);
      answers.push(answer.body);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0].message).toBe(PASSWORD_RESET_TEXTS.requested);

    const recorded = await entries("password_reset_requested");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actor_id: null,
      actor_name: "Visitor at 203.0.113.9",
      entity_type: "user",
      entity_id: String(active.user.id),
      entity_label: `Rhea Reset (${active.user.username})`,
      details: { client: "203.0.113.9" },
    });

    // Past the per-address limit nothing is mailed, and nothing more is recorded.
    expectOk(await ask(active.email, "203.0.113.10"));
    expectOk(await ask(active.email, "203.0.113.11"));
    expect(
      (await entries("password_reset_requested")).filter(
        (entry) => entry.entity_id === String(active.user.id),
      ),
    ).toHaveLength(2);
  });

  it("records an e-mail change request by the user, from which address to which", async () => {
    const me = await createAccount(t, "author");
    expectError(
      await post(t, "/auth/me/email", {
        token: me.token,
        body: { email: `new-${me.id}@example.org`, current_password: "not-the-password" },
      }),
      400,
    );
    expect(await entries("email_change_requested")).toEqual([]);
    expectOk(
      await post(t, "/auth/me/email", {
        token: me.token,
        body: { email: `new-${me.id}@example.org`, current_password: me.password },
      }),
    );
    const recorded = await entries("email_change_requested");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actor_id: me.id,
      entity_type: "user",
      entity_id: String(me.id),
      details: { from: me.email, to: `new-${me.id}@example.org` },
    });
  });
});
