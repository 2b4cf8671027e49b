import type { OutboxMail } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toCount, toIso } from "#server/db/normalize.ts";

export type { OutboxMail };

export type MailStatus = OutboxMail["status"];

export type NewMail = {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  kind: string;
  /** A one-time-link mail: the nonce its token is derived from (the text and HTML hide it). */
  linkNonce?: string;
};

export async function insertMails(db: Db, mails: NewMail[], at: string): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto("mail_outbox")
    .values(
      mails.map((mail) => ({
        created_at: at,
        to: mail.to,
        reply_to: mail.replyTo ?? null,
        subject: mail.subject.slice(0, 500),
        text: mail.text,
        html: mail.html,
        kind: mail.kind,
        status: "queued" as const,
        attempts: 0,
        next_attempt_at: at,
        link_nonce: mail.linkNonce ?? null,
      })),
    )
    .execute();
}

/** Queued mails whose time has come, oldest first. */
export async function findDueMails(db: Db, now: string, limit: number) {
  const rows = await db
    .selectFrom("mail_outbox")
    .select([
      "id",
      "to",
      "reply_to",
      "subject",
      "text",
      "html",
      "kind",
      "attempts",
      "next_attempt_at",
      "link_nonce",
    ])
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, next_attempt_at: toIso(row.next_attempt_at) ?? now }));
}

/**
 * Takes a due mail for one sending attempt: moves its next attempt to `lease`
 * only if nobody else did (another instance, an overlapping run).
 */
export async function claimMail(db: Db, id: number, seen: string, lease: string): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: lease })
    .where("id", "=", id)
    .where("status", "=", "queued")
    .where("next_attempt_at", "=", seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sent: a link mail's nonce goes (the mail keeps no secret). */
export async function markMailSent(db: Db, id: number, attempts: number, at: string) {
  await db
    .updateTable("mail_outbox")
    .set({ status: "sent", attempts, sent_at: at, last_error: null, link_nonce: null })
    .where("id", "=", id)
    .execute();
}

/** Not sent and never will be (its link no longer works): failed, without its nonce. */
export async function markMailNotSent(db: Db, id: number, error: string) {
  await db
    .updateTable("mail_outbox")
    .set({ status: "failed", last_error: error.slice(0, 2000), link_nonce: null })
    .where("id", "=", id)
    .execute();
}

/** A failed attempt: tried again at `retryAt`, or given up (null; a link mail's nonce goes). */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  { attempts, error, retryAt }: { attempts: number; error: string; retryAt: string | null },
) {
  await db
    .updateTable("mail_outbox")
    .set({
      attempts,
      last_error: error.slice(0, 2000),
      ...(retryAt ? { next_attempt_at: retryAt } : { status: "failed" as const, link_nonce: null }),
    })
    .where("id", "=", id)
    .execute();
}

export async function findOutboxMails(
  db: Db,
  { page, limit, status }: { page: number; limit: number; status?: MailStatus },
): Promise<{ mails: OutboxMail[]; count: number }> {
  let query = db.selectFrom("mail_outbox");
  if (status) query = query.where("status", "=", status);
  const [rows, total] = await Promise.all([
    query
      .select([
        "id",
        "created_at",
        "to",
        "reply_to",
        "subject",
        "text",
        "kind",
        "status",
        "attempts",
        "next_attempt_at",
        "last_error",
        "sent_at",
      ])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    count: toCount(total.count),
    mails: rows.map((row) => ({
      ...row,
      created_at: toIso(row.created_at) ?? row.created_at,
      next_attempt_at: row.status === "queued" ? toIso(row.next_attempt_at) : null,
      sent_at: toIso(row.sent_at),
    })),
  };
}

/** The addresses of the active admins (told of new registrations). */
export async function findActiveAdminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("email")
    .where("role", "=", "admin")
    .where("status", "=", "active")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.email);
}

/** Of these users, the self-registrations still waiting for approval. */
export async function findUsersAwaitingApproval(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("users")
    .select(["id", "email", "username", "first_name", "last_name"])
    .where("id", "in", ids)
    .where("awaiting_approval_since", "is not", null)
    .execute();
}
