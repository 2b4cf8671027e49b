import { LIST_PAGE_SIZE } from "../../../common/limits.ts";
import type { Actor } from "../../../common/permissions.ts";
import { ContactSchema, MessageUpdateSchema } from "../../../common/schemas/content.ts";
import type { ContactMessage } from "../../../common/types.ts";
import { requirePermission } from "../../auth/policy.ts";
import type { Db } from "../../db/client.ts";
import { nowIso, toBool, toCount, toIso } from "../../db/normalize.ts";
import { UNKNOWN_CLIENT } from "../../http/client-address.ts";
import { AppError } from "../../http/errors.ts";
import type { RateLimit } from "../../http/rate-limit.ts";
import { parseInput } from "../../http/validation.ts";
import type { MailService } from "../mail/mail.service.ts";
import { queueMail } from "../mail/mail.service.ts";

const columns = ["id", "name", "email", "subject", "message", "is_read", "created_at"] as const;

function toMessage(row: {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  is_read: unknown;
  created_at: string;
}): ContactMessage {
  const date = toIso(row.created_at) ?? "";
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    read: toBool(row.is_read),
    date,
    created_at: date,
  };
}

export const CONTACT_SUCCESS =
  "Your message has been sent successfully! We'll get back to you soon.";

/** The lead of the 429 a client gets past CONTACT_RATE_LIMIT ("… Please try again in N minutes."). */
export const CONTACT_TOO_MANY = "Too many messages from your address.";

export function createContactService(
  db: Db,
  { limit, mail }: { limit?: RateLimit; mail?: MailService } = {},
) {
  /**
   * Stores a message. `client` is the sender's address (http/client-address.ts)
   * for CONTACT_RATE_LIMIT; a filled honeypot is answered like a stored
   * message and nothing is stored.
   */
  async function submitContactMessage(
    input: unknown,
    { client = UNKNOWN_CLIENT }: { client?: string } = {},
  ): Promise<ContactMessage> {
    const { website, ...data } = parseInput(ContactSchema, input);
    const at = nowIso();
    if (website) {
      const last = await db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      const id = Number(last?.id ?? 0) + 1;
      return toMessage({ ...data, id, is_read: false, created_at: at });
    }
    await limit?.(client);
    // The staff notification (Site Settings → Notification emails) is queued
    // with the message: both are stored or neither. It is sent later.
    const notification = mail ? mail.contactNotification(await mail.context(), data) : null;
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("contact_messages")
        .values({ ...data, is_read: false, created_at: at })
        .returning(columns)
        .executeTakeFirstOrThrow();
      await queueMail(trx, notification, at);
      return inserted;
    });
    return toMessage(row);
  }

  async function listContactMessages(
    actor: Actor | null,
    query: { page?: number; limit?: number; unread?: boolean } = {},
  ) {
    requirePermission(actor, "messages:manage");
    const page = Math.max(1, query.page ?? 1);
    const { default: size, max } = LIST_PAGE_SIZE.messages;
    const limit = Math.min(max, Math.max(1, query.limit ?? size));
    let base = db.selectFrom("contact_messages");
    if (query.unread) base = base.where("is_read", "=", false);
    const [rows, total, unread] = await Promise.all([
      base
        .select(columns)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      db
        .selectFrom("contact_messages")
        .where("is_read", "=", false)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
    ]);
    const count = toCount(total.count);
    return {
      messages: rows.map(toMessage),
      count,
      unread: toCount(unread.count),
      page,
      limit,
      totalPages: Math.max(1, Math.ceil(count / limit)),
    };
  }

  async function markContactMessage(actor: Actor | null, id: number, input: unknown) {
    requirePermission(actor, "messages:manage");
    const { read } = parseInput(MessageUpdateSchema, input);
    const row = await db
      .updateTable("contact_messages")
      .set({ is_read: read })
      .where("id", "=", id)
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw AppError.notFound("Message not found");
    return toMessage(row);
  }

  async function deleteContactMessage(actor: Actor | null, id: number) {
    requirePermission(actor, "messages:manage");
    const result = await db.deleteFrom("contact_messages").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw AppError.notFound("Message not found");
  }

  return { submitContactMessage, listContactMessages, markContactMessage, deleteContactMessage };
}

export type ContactService = ReturnType<typeof createContactService>;
