import type { Kysely } from "kysely";

// Frozen in time: never imports application code.
// The contact page's and the setup page's forms, sent without JavaScript, let
// NUL characters into SQLite (the JSON API refused them; the forms did from
// 2026-12-07). PostgreSQL refuses NUL in text, so such a site could not move
// there (`npm run export`, then `npm run import`). A NUL means nothing in a
// name or a message: it is removed. PostgreSQL never held one.
const COLUMNS: Record<string, string[]> = {
  contact_messages: ["name", "email", "subject", "message"],
  users: ["first_name", "last_name"],
};
const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  const adapter = db.getExecutor().adapter.constructor.name;
  if (!adapter.toLowerCase().includes("sqlite")) return;
  for (const [table, columns] of Object.entries(COLUMNS)) {
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom(table)
        .select(["id", ...columns])
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const cleaned = columns.filter(
          (column) => typeof row[column] === "string" && row[column].includes("\0"),
        );
        if (cleaned.length === 0) continue;
        const values = Object.fromEntries(
          cleaned.map((column) => [column, row[column].replaceAll("\0", "")]),
        );
        await db.updateTable(table).set(values).where("id", "=", row.id).execute();
      }
      if (rows.length < BATCH) break;
      after = Number(rows[rows.length - 1]?.id);
    }
  }
}

export async function down(): Promise<void> {
  // The characters removed carried nothing to put back.
}
