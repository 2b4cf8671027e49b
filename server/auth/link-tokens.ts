import { createHmac, randomBytes } from "node:crypto";

/**
 * One-time links (password reset, invitation, e-mail change) are never stored
 * in a usable form. The link's token is derived from a random per-mail nonce
 * and the server's secret (server/auth/secret-key.ts), which is not in the
 * database: token = base64url(HMAC-SHA256(secret, nonce)).
 *
 * - `account_tokens` keeps only the token's SHA-256 (as before);
 * - the outbox keeps the mail with the link's token replaced by HIDDEN_TOKEN,
 *   and the nonce (`mail_outbox.link_nonce`) while the mail waits;
 * - the mail sender rebuilds the token from the nonce, puts it into the mail
 *   in memory only, sends, and clears the nonce.
 *
 * A read of the database or a backup therefore yields no link that works.
 */
export const HIDDEN_TOKEN = "(hidden)";

/** `path` with the token hidden: how a link is written into a stored mail. */
export function hiddenLink(path: string): string {
  return `${path}?token=${HIDDEN_TOKEN}`;
}

/** The stored mail's hidden links, with `token` put in (for sending only). */
export function revealLinks(content: string, token: string): string {
  return content.replaceAll(`?token=${HIDDEN_TOKEN}`, `?token=${token}`);
}

export type LinkTokens = {
  /** A fresh random nonce (32 bytes, base64url). */
  newNonce(): string;
  /** The token a nonce stands for under this server's secret. */
  tokenOf(nonce: string): string;
};

export function createLinkTokens(secret: string): LinkTokens {
  return {
    newNonce: () => randomBytes(32).toString("base64url"),
    tokenOf: (nonce) =>
      createHmac("sha256", secret).update(`beranda one-time link\0${nonce}`).digest("base64url"),
  };
}
