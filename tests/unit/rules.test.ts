import { describe, expect, it } from "vitest";
import { fieldErrors } from "#app/components/ui/form.tsx";
import {
  CONTACT_RULES,
  LOGIN_RULES,
  REGISTER_RULES,
  type TextRule,
  validateFields,
} from "#common/rules.ts";
import { ContactSchema } from "#common/schemas/content.ts";
import { LoginSchema, RegisterSchema } from "#common/schemas/users.ts";

// The public forms check the rules without zod; the API checks the zod
// schemas built from the same rules. Both must say the same thing.
function zodReading(schema: typeof ContactSchema | typeof RegisterSchema | typeof LoginSchema) {
  return (input: Record<string, unknown>) => {
    const parsed = schema.safeParse(input);
    return parsed.success
      ? { data: parsed.data as Record<string, string>, errors: {} }
      : { data: null, errors: fieldErrors(parsed.error.issues) };
  };
}

function agree(
  rules: Record<string, TextRule>,
  schema: Parameters<typeof zodReading>[0],
  inputs: Record<string, unknown>[],
) {
  const zod = zodReading(schema);
  for (const input of inputs) {
    expect(validateFields(rules, input), JSON.stringify(input)).toEqual(zod(input));
  }
}

describe("form rules without zod", () => {
  it("contact: the spec's messages, trimmed values, lowercased email", () => {
    expect(
      validateFields(CONTACT_RULES, { name: " ", email: "", subject: "", message: "" }),
    ).toEqual({
      data: null,
      errors: {
        name: "Name is required",
        email: "Email is required",
        subject: "Subject is required",
        message: "Message is required",
      },
    });
    expect(
      validateFields(CONTACT_RULES, { name: "A", email: "a@b", subject: "S", message: "M" }),
    ).toMatchObject({ errors: { email: "Email is invalid" } });
    expect(
      validateFields(CONTACT_RULES, {
        name: "  Ann ",
        email: " Ann@Example.COM ",
        subject: "Hi",
        message: " Hello ",
      }),
    ).toEqual({
      data: { name: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello" },
      errors: {},
    });
  });

  it("register: lengths, username pattern, password as typed", () => {
    const ok = {
      first_name: "Ann",
      last_name: "Lee",
      username: "ann",
      email: "ann@example.com",
      password: " secret ",
    };
    expect(validateFields(REGISTER_RULES, ok).data?.password).toBe(" secret ");
    expect(validateFields(REGISTER_RULES, { ...ok, username: "an" }).errors).toEqual({
      username: "Username must be at least 3 characters",
    });
    expect(validateFields(REGISTER_RULES, { ...ok, password: "1234567" }).errors).toEqual({
      password: "Password must be at least 8 characters",
    });
    expect(validateFields(REGISTER_RULES, {}).errors).toEqual({
      first_name: "First name is required",
      last_name: "Last name is required",
      username: "Username is required",
      email: "Email is required",
      password: "Password is required",
    });
    // A value of another type is not a missing one.
    expect(
      validateFields(REGISTER_RULES, { ...ok, first_name: 7, last_name: null }).errors,
    ).toEqual({ first_name: "First name must be text", last_name: "Last name is required" });
  });

  it("give the same values and first messages as the API's zod schemas", () => {
    const long = (n: number) => "x".repeat(n);
    agree(CONTACT_RULES, ContactSchema, [
      { name: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello" },
      { name: " Ann ", email: " ANN@EXAMPLE.COM ", subject: " Hi ", message: " Hello " },
      { name: "", email: "", subject: "", message: "" },
      { name: "   ", email: "   ", subject: "\n", message: "\t" },
      { name: long(201), email: `${long(250)}@x.io`, subject: long(301), message: long(10_001) },
      { name: "Ann", email: "not an address", subject: "Hi", message: "Hello" },
      { name: 1, email: null, subject: undefined, message: false },
      {},
    ]);
    agree(REGISTER_RULES, RegisterSchema, [
      {
        first_name: "Ann",
        last_name: "Lee",
        username: "ann_lee",
        email: "Ann@Example.com",
        password: "secret",
      },
      { first_name: " ", last_name: " ", username: " ab ", email: "x", password: "     " },
      { first_name: "A", last_name: "B", username: "has space", email: "a@b.co", password: "1" },
      {
        first_name: long(101),
        last_name: long(101),
        username: `${long(51)}!`,
        email: "a@b.co",
        password: long(201),
      },
      {},
    ]);
    agree(LOGIN_RULES, LoginSchema, [
      { email: "Admin@Example.com ", password: "x" },
      { email: " ", password: "" },
      { email: long(255), password: long(201) },
      {},
    ]);
  });
});
