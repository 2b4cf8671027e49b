import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Kysely has no dialect for Node's built-in `node:sqlite`, but its SqliteDialect
 * only needs a `prepare()` returning statements with `reader/all/run/iterate`.
 * This adapter fills that gap and converts the values node:sqlite binds badly:
 * arrays would be taken as named parameters, a Date silently binds NULL,
 * booleans and undefined are refused.
 */
export function openNodeSqlite(
  file: string,
  options: { busyTimeoutMs?: number } = {},
): SqliteDatabase & { raw: DatabaseSync } {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA foreign_keys = ON");
  // node:sqlite is synchronous: while a statement waits for a lock another
  // process holds, the whole event loop waits with it. The server keeps this
  // short (DB_LOCK_TIMEOUT_MS) and answers the rare write that still meets a
  // lock with 503 (see isDatabaseBusy); command-line tools wait longer.
  db.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  db.exec("PRAGMA synchronous = NORMAL");

  const cache = new Map<string, SqliteStatement>();

  return {
    raw: db,
    close() {
      cache.clear();
      if (db.isOpen) db.close();
    },
    prepare(sql: string): SqliteStatement {
      // Kysely begins a transaction with a plain (deferred) BEGIN. Ours all
      // write, often after reading what they check (the last admins): IMMEDIATE
      // takes the write lock at once, so another process sharing the file (the
      // admin:create command) waits instead of changing what was read.
      if (sql === "begin") sql = "begin immediate";
      let statement = cache.get(sql);
      if (!statement) {
        statement = wrap(db.prepare(sql));
        if (cache.size > 500) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

function wrap(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...toSqlite(parameters)),
    run: (parameters) => {
      const result = statement.run(...toSqlite(parameters));
      return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...toSqlite(parameters)),
  };
}

function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (value === undefined || value === null) return null;
    if (value instanceof Date) return value.toISOString();
    if (typeof value === "boolean") return value ? 1 : 0;
    if (typeof value === "object" && !(value instanceof Uint8Array)) return JSON.stringify(value);
    return value as SQLInputValue;
  });
}
