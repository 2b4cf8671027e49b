// `npm run admin:password -- --email you@example.com --password '…'`
// Sets the password of an existing account and ends its sessions and one-time links: how the
// users of an imported site (exports carry no password hashes) and anyone
// locked out of the last admin account get back in. Works while the site runs.
import { parseArgs } from "node:util";
import { z } from "zod";
import { hashPassword } from "#server/auth/passwords.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDb } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { nowIso } from "#server/db/normalize.ts";
import { deleteAccountTokens } from "#server/modules/auth/account-tokens.repository.ts";
import { deleteSessionsOfUser } from "#server/modules/auth/sessions.repository.ts";
import { findUserIdByEmail, updateUser } from "#server/modules/users/users.repository.ts";
import { emailArg, errorText, failCommand, passwordArg } from "./cli-args.ts";

const USAGE = "usage: npm run admin:password -- --email you@example.com --password 'secret123'";

let values: { email?: string; password?: string };
try {
  values = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" } },
  }).values;
} catch (error) {
  failCommand("admin:password", errorText(error), USAGE);
}

const Input = z.object({
  email: emailArg,
  password: passwordArg,
});

const parsed = Input.safeParse({ email: values.email ?? "", password: values.password });
if (!parsed.success) failCommand("admin:password", parsed.error.issues[0]!.message, USAGE);

try {
  const config = loadConfig();
  // The command-line default lock wait (not the server's short one): a
  // running site's write may hold the database for a moment.
  const handle = await openDb({ database: config.database });
  try {
    await migrateToLatest(handle.db);
    const id = await findUserIdByEmail(handle.db, parsed.data.email);
    if (id === null) {
      console.error(`admin:password: no user with the e-mail ${parsed.data.email}`);
      process.exitCode = 1;
    } else {
      const passwordHash = await hashPassword(parsed.data.password);
      const user = await handle.db.transaction().execute(async (trx) => {
        const updated = await updateUser(trx, id, { password_hash: passwordHash }, nowIso());
        await deleteSessionsOfUser(trx, id);
        // A new password ends every one-time link (reset, invitation, e-mail change).
        await deleteAccountTokens(trx, id);
        return updated;
      });
      console.log(
        `Set the password of ${user?.username} <${user?.email}> (${user?.role}, ${user?.status})`,
      );
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  failCommand("admin:password", error instanceof ConfigError ? error.message : errorText(error));
}
