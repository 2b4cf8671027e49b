import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "#server/config.ts";

/** Where the generated secret lives when SECRET_KEY is unset. */
export const SECRET_KEY_FILE = "secret.key";

/** The secret cannot be read or made: one line for the operator. */
export class SecretKeyError extends Error {
  override name = "SecretKeyError";
}

/**
 * The server's secret, which never lives in the database (so neither a read
 * of the database nor a backup holds it): SECRET_KEY when set, else
 * `DATA_DIR/secret.key`, 32 random bytes made on the first start (mode 0600)
 * and read on later ones. Backups and exports copy only the database and the
 * uploads, never this file. Several servers on one PostgreSQL database need
 * the same SECRET_KEY.
 */
export function loadSecretKey(config: Pick<Config, "secretKey" | "dataDir">): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    // "wx": made only when missing, so a key is never replaced.
    fs.writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, {
      mode: 0o600,
      flag: "wx",
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
      throw new SecretKeyError(`cannot create ${file}: ${(error as Error).message}`);
    }
  }
  let key: string;
  try {
    key = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    throw new SecretKeyError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (key.length < 32) {
    throw new SecretKeyError(
      `${file} is damaged (shorter than 32 characters): delete it to make a new one, or set SECRET_KEY`,
    );
  }
  return key;
}
