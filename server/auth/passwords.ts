import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes).
// (argon2id is the library default.)
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Whether `password` matches `passwordHash`. A stored value that is not an
 * argon2 hash (an invited or imported account's marker, or no account at all:
 * pass the dummy hash) matches nothing, but is answered only after the same
 * argon2 work against a dummy hash, so timing does not tell such accounts apart.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const real = passwordHash.startsWith("$argon2");
  try {
    const ok = await verify(real ? passwordHash : await dummyPasswordHash(), password);
    return real && ok;
  } catch {
    return false;
  }
}

/** A hash to verify against when no real one is stored, so every path takes as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  return dummyHash;
}

/**
 * The password hash of a user invited without a password: not a valid argon2
 * hash, so no password matches it until the user sets one through the link.
 */
export const INVITED_NO_PASSWORD_HASH = "!invited-without-password";
