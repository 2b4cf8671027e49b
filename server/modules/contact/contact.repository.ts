import type { ContactMessage } from "#common/types.ts";
import type { Db } from "#server/db/client.ts";
import { toBool, toCount, toIso } from "#server/db/normalize.ts";
import { deleteById, insertRow, updateById } from "#server/db/rows.ts";

const columns = ["id", "name", "email", "subject", "message", "is_read", "created_at"] as const;

export function toContactMessage(row: {
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

export type ContactMessageInsert = Pick<ContactMessage, "name" | "email" | "subject" | "message">;

/** The highest message id so far (0 when there is none). */
export async function findLastContactMessageId(db: Db): Promise<number> {
  const last = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(last?.id ?? 0);
}

export async function insertContactMessage(
  db: Db,
  values: ContactMessageInsert,
  now: string,
): Promise<ContactMessage> {
  const stored = { ...values, is_read: false, created_at: now };
  const row = await insertRow(db, "contact_messages", stored, columns);
  return toContactMessage(row);
}

/** Newest first; only the unread ones with `unread`. */
export async function findContactMessages(
  db: Db,
  { unread, limit, offset }: { unread?: boolean; limit: number; offset: number },
): Promise<ContactMessage[]> {
  let query = db.selectFrom("contact_messages").select(columns);
  if (unread) query = query.where("is_read", "=", false);
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toContactMessage);
}

export async function countContactMessages(
  db: Db,
  { unread }: { unread?: boolean } = {},
): Promise<number> {
  let query = db.selectFrom("contact_messages");
  if (unread) query = query.where("is_read", "=", false);
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

export async function updateContactMessageRead(
  db: Db,
  id: number,
  read: boolean,
): Promise<ContactMessage | null> {
  const row = await updateById(db, "contact_messages", id, { is_read: read }, columns);
  return row ? toContactMessage(row) : null;
}

export async function deleteContactMessage(db: Db, id: number): Promise<boolean> {
  return (await deleteById(db, "contact_messages", id, ["id"])) !== null;
}
