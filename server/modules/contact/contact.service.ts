import { LIST_PAGE_SIZE } from "#common/limits.ts";
import type { Actor } from "#common/permissions.ts";
import { ContactSchema, MessageUpdateSchema } from "#common/schemas/content.ts";
import type { ContactMessage } from "#common/types.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { UNKNOWN_CLIENT } from "#server/lib/client-address.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import type { RateLimit } from "#server/lib/rate-limit.ts";
import type { MailService } from "#server/modules/mail/mail.service.ts";
import { queueMail } from "#server/modules/mail/mail.service.ts";
import {
  countContactMessages,
  deleteContactMessage,
  findContactMessages,
  findLastContactMessageId,
  insertContactMessage,
  toContactMessage,
  updateContactMessageRead,
} from "./contact.repository.ts";

export const CONTACT_SUCCESS =
  "Your message has been sent successfully! We'll get back to you soon.";

/** The lead of the 429 a client gets past CONTACT_RATE_LIMIT ("… Please try again in N minutes."). */
export const CONTACT_TOO_MANY = "Too many messages from your address.";

export function createContactService(
  db: Db,
  { limit, mail }: { limit?: RateLimit; mail?: MailService } = {},
) {
  /**
   * Stores a message. `client` is the sender's address (lib/client-address.ts)
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
      const id = (await findLastContactMessageId(db)) + 1;
      return toContactMessage({ ...data, id, is_read: false, created_at: at });
    }
    await limit?.(client);
    // The staff notification (Site Settings → Notification emails) is queued
    // with the message: both are stored or neither. It is sent later.
    const notification = mail ? mail.contactNotification(await mail.context(), data) : null;
    return db.transaction().execute(async (trx) => {
      const message = await insertContactMessage(trx, data, at);
      await queueMail(trx, notification, at);
      return message;
    });
  }

  async function listContactMessages(
    actor: Actor | null,
    query: { page?: number; limit?: number; unread?: boolean } = {},
  ) {
    requirePermission(actor, "messages:manage");
    const page = Math.max(1, query.page ?? 1);
    const { default: size, max } = LIST_PAGE_SIZE.messages;
    const limit = Math.min(max, Math.max(1, query.limit ?? size));
    const [messages, count, unread, emailed] = await Promise.all([
      findContactMessages(db, { unread: query.unread, limit, offset: (page - 1) * limit }),
      countContactMessages(db, { unread: query.unread }),
      countContactMessages(db, { unread: true }),
      mail ? mail.hasContactRecipients() : Promise.resolve(false),
    ]);
    return {
      messages,
      count,
      unread,
      emailed,
      page,
      limit,
      totalPages: Math.max(1, Math.ceil(count / limit)),
    };
  }

  async function markContactMessage(actor: Actor | null, id: number, input: unknown) {
    requirePermission(actor, "messages:manage");
    const { read } = parseInput(MessageUpdateSchema, input);
    const message = await updateContactMessageRead(db, id, read);
    if (!message) throw AppError.notFound("Message not found");
    return message;
  }

  async function deleteContactMessageById(actor: Actor | null, id: number) {
    requirePermission(actor, "messages:manage");
    if (!(await deleteContactMessage(db, id))) throw AppError.notFound("Message not found");
  }

  return {
    submitContactMessage,
    listContactMessages,
    markContactMessage,
    deleteContactMessage: deleteContactMessageById,
  };
}

export type ContactService = ReturnType<typeof createContactService>;
