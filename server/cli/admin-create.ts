// `npm run admin:create -- --email you@example.com --password '…' [--username you]`
// Creates an active admin account (the way to the first admin outside demo mode).
import { parseArgs } from "node:util";
import { z } from "zod";
import { hashPassword } from "#server/auth/passwords.ts";
import { prepareDatabase } from "#server/boot.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { nowIso } from "#server/db/normalize.ts";
import { createLogger } from "#server/logger.ts";
import { insertUser } from "#server/modules/users/users.repository.ts";
import { emailArg, errorText, failCommand, passwordArg } from "./cli-args.ts";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    username: { type: "string" },
    "first-name": { type: "string", default: "Site" },
    "last-name": { type: "string", default: "Admin" },
  },
});

const Input = z.object({
  email: emailArg,
  password: passwordArg,
  username: z
    .string()
    .trim()
    .min(3, "--username must be at least 3 characters")
    .regex(/^[A-Za-z0-9_.-]+$/, "--username may hold letters, digits, dot, dash and underscore"),
});

const parsed = Input.safeParse({
  email: values.email ?? "",
  password: values.password,
  username: values.username ?? values.email?.split("@")[0] ?? "",
});
if (!parsed.success) {
  failCommand(
    "admin:create",
    parsed.error.issues[0]!.message,
    "usage: npm run admin:create -- --email you@example.com --password 'secret123' [--username you]",
  );
}

try {
  // A command may wait for a running site's write to finish (the server itself keeps this short).
  const config = { ...loadConfig(), dbLockTimeoutMs: 5000 };
  const logger = createLogger("warn");
  const { handle } = await prepareDatabase(config, logger, { command: true });
  try {
    const user = await insertUser(
      handle.db,
      {
        email: parsed.data.email,
        username: parsed.data.username,
        first_name: values["first-name"] ?? "Site",
        last_name: values["last-name"] ?? "Admin",
        role: "admin",
        status: "active",
        password_hash: await hashPassword(parsed.data.password),
      },
      nowIso(),
    );
    console.log(`Created admin ${user.username} <${user.email}>`);
  } finally {
    await handle.close();
  }
} catch (error) {
  failCommand(
    "admin:create",
    error instanceof ConfigError
      ? error.message
      : /unique|UNIQUE/.test(String(error))
        ? "a user with that e-mail or username already exists"
        : errorText(error),
  );
}
