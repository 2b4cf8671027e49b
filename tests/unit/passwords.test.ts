import { describe, expect, it } from "vitest";
import {
  NEW_PASSWORD_RULE,
  PASSWORD_TOO_COMMON,
  REGISTER_RULES,
  validateFields,
} from "#common/rules.ts";
import { SetupSchema } from "#common/schemas/setup.ts";
import { RegisterSchema, UserCreateSchema, UserUpdateSchema } from "#common/schemas/users.ts";
import { SETUP_RULES } from "#common/setup.ts";
import { COMMON_PASSWORDS } from "#server/lib/common-passwords.data.ts";
import { isCommonPassword, requireUncommonPassword } from "#server/lib/common-passwords.ts";

const TOO_SHORT = "Password must be at least 8 characters";

describe("new passwords: 8 characters everywhere", () => {
  it("register, setup and the admin's user form share one rule", () => {
    expect(REGISTER_RULES.password).toBe(NEW_PASSWORD_RULE);
    expect(SETUP_RULES.password).toBe(NEW_PASSWORD_RULE);
    expect(validateFields({ password: NEW_PASSWORD_RULE }, { password: "1234567" }).errors).toEqual(
      { password: TOO_SHORT },
    );
  });

  it.each([
    ["register", RegisterSchema],
    ["setup", SetupSchema],
    ["new user", UserCreateSchema],
    ["user update", UserUpdateSchema],
  ])("%s: 7 characters are refused, 8 accepted", (_name, schema) => {
    const short = schema.safeParse({ password: "Abc-123" });
    expect(short.success).toBe(false);
    const issue = short.error!.issues.find((i) => i.path[0] === "password");
    expect(issue?.message).toBe(TOO_SHORT);
    const ok = schema.safeParse({ password: "Abc-1234" });
    expect(ok.error?.issues.find((i) => i.path[0] === "password")).toBeUndefined();
  });
});

describe("common passwords", () => {
  it("bundles 10,000 distinct lowercase entries a length rule would accept", () => {
    const list = COMMON_PASSWORDS.split("\n");
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    for (const entry of list) {
      expect(entry.length >= 8 && entry.length <= 200, entry).toBe(true);
      expect(entry, entry).toBe(entry.toLowerCase());
    }
  });

  it("knows the usual suspects, whatever their case", () => {
    for (const password of ["password", "12345678", "Password1", "QWERTY123", "iloveyou1"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("lets an uncommon password through, and the demo accounts' passwords", () => {
    for (const password of ["Correct-Horse-42", "x7#kQ2!m", "admin12345", "editor12345"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("refuses with a 400 naming the field", () => {
    expect(() => requireUncommonPassword("Sunshine1")).toThrow(PASSWORD_TOO_COMMON);
    try {
      requireUncommonPassword("Sunshine1");
    } catch (error) {
      expect(error).toMatchObject({ status: 400, errors: { password: PASSWORD_TOO_COMMON } });
    }
    expect(() => requireUncommonPassword(undefined)).not.toThrow();
    expect(() => requireUncommonPassword("")).not.toThrow();
  });
});
