import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// One-time links are no longer stored in a usable form: a link mail keeps its
// link with the token hidden, plus the random nonce the sender derives the
// token from (with the server's secret, which is not in the database) while
// the mail waits to be sent.
//
// Mails queued before kept their links in plain text: those links are hidden
// now, the mails not sent yet are marked failed, and every link not used yet
// stops working (its token was readable in the outbox and in backups; the
// user asks for a new one, an admin re-sends an invitation).
const LINK_KINDS = ["password_reset", "invitation", "email_change"];
const HIDE = /\?token=[A-Za-z0-9_%-]+/g;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("link_nonce", "varchar(64)").execute();
  const mails = await db
    .selectFrom("mail_outbox")
    .select(["id", "text", "html", "status"])
    .where("kind", "in", LINK_KINDS)
    .execute();
  for (const mail of mails) {
    await db
      .updateTable("mail_outbox")
      .set({
        text: String(mail.text).replace(HIDE, "?token=(hidden)"),
        html: String(mail.html).replace(HIDE, "?token=(hidden)"),
        ...(mail.status === "queued"
          ? {
              status: "failed",
              last_error: "Queued before an upgrade that ended its link; not sent.",
            }
          : {}),
      })
      .where("id", "=", mail.id)
      .execute();
  }
  await db.deleteFrom("account_tokens").where("used_at", "is", null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("link_nonce").execute();
}
