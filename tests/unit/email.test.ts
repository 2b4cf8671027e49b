import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN, isEmailAddress, mailtoHref } from "#common/email.ts";
import { CONTACT_RULES, checkText, REGISTER_RULES } from "#common/rules.ts";
import { ContactSchema } from "#common/schemas/content.ts";
import { GeneralSettingsSchema } from "#common/schemas/settings.ts";
import { RegisterSchema, UserCreateSchema } from "#common/schemas/users.ts";

const VALID = [
  "a@b.co",
  "ann.lee@example.com",
  "o'brien+news@mail.example.co.uk",
  "x_y-z@sub-domain.example.org",
  "ANN@EXAMPLE.COM",
  "user@example.xn--p1ai",
  "1234@123.example",
  `${"a".repeat(64)}@example.com`,
];

const INVALID = [
  "a@b.co?cc=x@evil",
  "a@b.co?cc=x@evil.example",
  "a@b.co&cc=x@evil.example",
  "a?cc=x@evil.example",
  "a=b@example.com",
  "a%40b@example.com",
  "a@b.co%0Acc:x@evil.example",
  "a@b.co#x",
  "a/b@example.com",
  "a,b@example.com",
  "a@b.co,x@evil.example",
  "a;b@example.com",
  '"a"@example.com',
  "<a@example.com>",
  "a b@example.com",
  "a@b .co",
  "a@b.co\nbcc: x@evil.example",
  "a@b",
  "a@b.c",
  "a@.co",
  "a@b..co",
  "a@-b.co",
  "a@b-.co",
  "a@b.1co",
  ".a@b.co",
  "a.@b.co",
  "a..b@example.com",
  "a@@b.co",
  "@b.co",
  "a@",
  "josé@example.com",
  "a@exämple.com",
  `${"a".repeat(65)}@example.com`,
  `a@${"b".repeat(64)}.com`,
];

describe("the strict e-mail rule (common/email.ts)", () => {
  it.each(VALID)("accepts %j", (address) => {
    expect(EMAIL_PATTERN.test(address)).toBe(true);
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each(INVALID)("refuses %j", (address) => {
    expect(EMAIL_PATTERN.test(address)).toBe(false);
    expect(isEmailAddress(address)).toBe(false);
  });

  it("refuses addresses over 254 characters", () => {
    const long = `a@${["b", "c", "d", "e", "f"].map((c) => c.repeat(60)).join(".")}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(isEmailAddress(long)).toBe(false);
  });

  it("is the rule of the contact form, registration, users and settings, with the spec's messages", () => {
    for (const rule of [CONTACT_RULES.email, REGISTER_RULES.email]) {
      expect(checkText(rule, "")).toEqual({ ok: false, error: "Email is required" });
      expect(checkText(rule, " Ann@Example.COM ")).toEqual({ ok: true, value: "ann@example.com" });
      expect(checkText(rule, "a@b.co?cc=x@evil")).toEqual({ ok: false, error: "Email is invalid" });
    }
    const contact = ContactSchema.safeParse({
      name: "A",
      email: "a@b.co?cc=x@evil",
      subject: "S",
      message: "M",
    });
    expect(contact.error?.issues[0]).toMatchObject({
      path: ["email"],
      message: "Email is invalid",
    });
    const register = RegisterSchema.safeParse({
      first_name: "A",
      last_name: "B",
      username: "abc",
      email: "a@b.co&cc=x@evil.example",
      password: "Long-enough-1",
    });
    expect(register.error?.issues[0]).toMatchObject({
      path: ["email"],
      message: "Email is invalid",
    });
    const user = UserCreateSchema.safeParse({
      username: "abc",
      email: "a?cc=x@evil.example",
      first_name: "A",
      last_name: "B",
      password: "Long-enough-1",
    });
    expect(user.error?.issues[0]).toMatchObject({ path: ["email"], message: "Email is invalid" });
    const settings = GeneralSettingsSchema.partial().safeParse({
      contactEmail: "a@b.co?cc=x@y.co",
    });
    expect(settings.error?.issues[0]?.message).toBe("Contact email is invalid");
  });
});

describe("mailtoHref", () => {
  it("encodes the address, so nothing in it becomes a header", () => {
    const href = mailtoHref("a@b.co?cc=x@evil", { subject: "Re: Hi & bye?" });
    expect(href).toBe("mailto:a%40b.co%3Fcc%3Dx%40evil?subject=Re%3A%20Hi%20%26%20bye%3F");
    const url = new URL(href);
    expect(decodeURIComponent(url.pathname)).toBe("a@b.co?cc=x@evil");
    expect([...url.searchParams.keys()]).toEqual(["subject"]);
    expect(url.searchParams.get("subject")).toBe("Re: Hi & bye?");
  });

  it("an ordinary address and no subject", () => {
    expect(mailtoHref("ann@example.com")).toBe("mailto:ann%40example.com");
    expect(mailtoHref(" o'brien+x@example.com ")).toBe("mailto:o'brien%2Bx%40example.com");
  });

  it("never throws on text that is not well-formed UTF-16", () => {
    expect(mailtoHref("a\uD800@example.com", { subject: "x\uDC00" })).toBe(
      "mailto:a%EF%BF%BD%40example.com?subject=x%EF%BF%BD",
    );
  });
});
