import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from "kysely";
import { tagTablesRead } from "#server/lib/cache-tags.ts";

/**
 * One table written by a statement; `columns` are the columns an UPDATE set
 * (`values`: the plain values it set them to), `ids` the rows its WHERE names
 * by `id` (or `post_id`/`page_id`) when it names them (`= x` or `in (...)`).
 */
export type TableWrite = {
  table: string;
  columns: readonly string[] | null;
  kind?: "insert" | "update" | "delete";
  ids?: readonly (string | number)[];
  values?: Readonly<Record<string, unknown>>;
  /** An INSERT's values of its `..._id` columns (post_categories: post_id, category_id). */
  refs?: Readonly<Record<string, readonly (string | number)[]>>;
};

export type WriteListener = (writes: readonly TableWrite[]) => void;

/** Who wants to hear of committed writes (the page and settings caches). */
export type WriteEvents = {
  subscribe(listener: WriteListener): () => void;
};

/**
 * Wraps a dialect so that every INSERT, UPDATE and DELETE built with Kysely
 * is reported once it is committed: at once outside a transaction, at COMMIT
 * inside one (never on ROLLBACK). Reporting after the commit matters: a cache
 * emptied earlier could be refilled from the old data before the commit.
 * Raw SQL (`sql` templates) is not seen.
 */
export function trackWrites(dialect: Dialect): { dialect: Dialect; events: WriteEvents } {
  const listeners = new Set<WriteListener>();
  const emit = (writes: TableWrite[]) => {
    if (writes.length === 0) return;
    for (const listener of listeners) listener(writes);
  };
  const events: WriteEvents = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    events,
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createDriver: () => trackingDriver(dialect.createDriver(), emit),
    },
  };
}

class TrackedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly emit: (writes: TableWrite[]) => void;
  inTransaction = false;
  pending: TableWrite[] = [];

  constructor(inner: DatabaseConnection, emit: (writes: TableWrite[]) => void) {
    this.inner = inner;
    this.emit = emit;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    if ((compiled.query as Node).kind === "SelectQueryNode") {
      tagTablesRead(tablesReadBy(compiled));
      return result;
    }
    const write = changedNothing(compiled, result) ? null : writeOf(compiled.query);
    if (write) {
      if (this.inTransaction) this.pending.push(write);
      else this.emit([write]);
    }
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize: number) {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

/**
 * A statement that changed no row (the start-up purge of registrations that
 * found none, an UPDATE whose WHERE matched nothing) changes nothing a cache
 * shows: it is not reported. PostgreSQL counts the rows of every INSERT,
 * UPDATE and DELETE; SQLite those without RETURNING, and a RETURNING
 * statement's rows are the rows it changed.
 */
function changedNothing(compiled: CompiledQuery, result: QueryResult<unknown>): boolean {
  if (result.numAffectedRows !== undefined) return result.numAffectedRows === 0n;
  return (compiled.query as { returning?: unknown }).returning !== undefined && !result.rows.length;
}

function trackingDriver(driver: Driver, emit: (writes: TableWrite[]) => void): Driver {
  const inner = (connection: DatabaseConnection) => (connection as TrackedConnection).inner;
  const tracked: Driver = {
    init: (options) => driver.init(options),
    acquireConnection: async (options) =>
      new TrackedConnection(await driver.acquireConnection(options), emit),
    releaseConnection: (connection, options) =>
      driver.releaseConnection(inner(connection), options),
    async beginTransaction(connection, settings: TransactionSettings) {
      await driver.beginTransaction(inner(connection), settings);
      const state = connection as TrackedConnection;
      state.inTransaction = true;
      state.pending = [];
    },
    async commitTransaction(connection) {
      await driver.commitTransaction(inner(connection));
      const state = connection as TrackedConnection;
      state.inTransaction = false;
      const writes = state.pending;
      state.pending = [];
      emit(writes);
    },
    async rollbackTransaction(connection) {
      const state = connection as TrackedConnection;
      state.inTransaction = false;
      state.pending = [];
      await driver.rollbackTransaction(inner(connection));
    },
    destroy: (options) => driver.destroy(options),
  };
  if (driver.savepoint) {
    tracked.savepoint = (connection, name, compile) =>
      driver.savepoint!(inner(connection), name, compile);
  }
  if (driver.rollbackToSavepoint) {
    tracked.rollbackToSavepoint = (connection, name, compile) =>
      driver.rollbackToSavepoint!(inner(connection), name, compile);
  }
  if (driver.releaseSavepoint) {
    tracked.releaseSavepoint = (connection, name, compile) =>
      driver.releaseSavepoint!(inner(connection), name, compile);
  }
  return tracked;
}

type Node = OperationNode & Record<string, unknown>;

function tableName(node: unknown): string | null {
  const n = node as Node | undefined;
  if (!n) return null;
  if (n.kind === "TableNode") {
    const table = n.table as { identifier: { name: string } };
    return table.identifier.name;
  }
  if (n.kind === "AliasNode") return tableName(n.node);
  return null;
}

// The tables of a SELECT follow from its SQL: the same text reads the same
// tables. Walking the query's tree on every read cost 1.2% of a render.
const tablesOfSql = new Map<string, string[]>();

function tablesReadBy(compiled: CompiledQuery): string[] {
  let tables = tablesOfSql.get(compiled.sql);
  if (!tables) {
    tables = tablesRead(compiled.query as Node);
    if (tablesOfSql.size >= 1000) tablesOfSql.clear();
    tablesOfSql.set(compiled.sql, tables);
  }
  return tables;
}

/**
 * Every table a SELECT reads, in its FROM, joins and subqueries (where the
 * cache tags of a render come from).
 */
function tablesRead(node: Node): string[] {
  const tables = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const n = value as Node;
    if (n.kind === "TableNode") {
      const name = tableName(n);
      if (name) tables.add(name);
      return;
    }
    if (n.kind === "ValueNode" || n.kind === "PrimitiveValueListNode") return;
    for (const key in n) if (key !== "kind") walk(n[key]);
  };
  walk(node);
  return [...tables];
}

const ROW_ID_COLUMNS = new Set(["id", "post_id", "page_id"]);

function columnName(node: unknown): string | null {
  const n = node as Node | undefined;
  if (n?.kind !== "ReferenceNode") return null;
  const column = n.column as { kind?: string; column?: { name?: string } } | undefined;
  return column?.kind === "ColumnNode" ? (column.column?.name ?? null) : null;
}

/** The row ids a WHERE names, when it is `id = x`, `id in (...)`, possibly ANDed with more. */
function rowIds(where: unknown): (string | number)[] | undefined {
  const node = (where as Node | undefined)?.kind === "WhereNode" ? (where as Node).where : where;
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.kind === "AndNode") return rowIds(n.left) ?? rowIds(n.right);
  if (n.kind === "ParensNode") return rowIds(n.node);
  if (n.kind !== "BinaryOperationNode") return undefined;
  const column = columnName(n.leftOperand);
  const operator = (n.operator as { operator?: string } | undefined)?.operator;
  if (!column || !ROW_ID_COLUMNS.has(column)) return undefined;
  const right = n.rightOperand as Node;
  if (operator === "=" && right.kind === "ValueNode") {
    const value = right.value;
    return typeof value === "number" || typeof value === "string" ? [value] : undefined;
  }
  if (operator === "in") {
    if (right.kind === "PrimitiveValueListNode") return [...(right.values as (string | number)[])];
    if (right.kind === "ValueListNode") {
      const values = (right.values as Node[]).map((v) => (v.kind === "ValueNode" ? v.value : null));
      if (values.every((v) => typeof v === "number" || typeof v === "string")) {
        return values as (string | number)[];
      }
    }
  }
  return undefined;
}

/**
 * The values an INSERT gives its `..._id` columns (a relation's post and
 * category, not new rows' own ids), by column; undefined when not plain values.
 */
function insertedRefs(node: Node): Record<string, (string | number)[]> | undefined {
  const columns = ((node.columns ?? []) as { column?: { name?: string } }[]).map(
    (c) => c.column?.name ?? "",
  );
  const rows = (node.values as { values?: Node[] } | undefined)?.values;
  if (!rows || !columns.some((name) => name.endsWith("_id"))) return undefined;
  const refs: Record<string, (string | number)[]> = {};
  for (const row of rows) {
    const list = (row.values ?? []) as unknown[];
    for (const [at, name] of columns.entries()) {
      if (!name.endsWith("_id")) continue;
      const raw = list[at];
      const value = row.kind === "PrimitiveValueListNode" ? raw : (raw as Node | undefined)?.value;
      if (typeof value !== "number" && typeof value !== "string") return undefined;
      refs[name] = [...(refs[name] ?? []), value];
    }
  }
  return refs;
}

function writeOf(query: OperationNode): TableWrite | null {
  const node = query as Node;
  switch (node.kind) {
    case "InsertQueryNode": {
      const table = tableName(node.into);
      if (!table) return null;
      const refs = insertedRefs(node);
      return { table, columns: null, kind: "insert", ids: refs?.post_id ?? refs?.page_id, refs };
    }
    case "UpdateQueryNode": {
      const table = tableName(node.table);
      if (!table) return null;
      const updates = (node.updates ?? []) as {
        column?: { column?: { name?: string } };
        value?: Node;
      }[];
      const values: Record<string, unknown> = {};
      for (const update of updates) {
        const name = update.column?.column?.name;
        // Only plain values are known; an expression (views + 1) is left out.
        if (name && update.value?.kind === "ValueNode") values[name] = update.value.value;
      }
      return {
        table,
        kind: "update",
        columns: updates.map((u) => u.column?.column?.name ?? "?"),
        ids: rowIds(node.where),
        values,
      };
    }
    case "DeleteQueryNode": {
      const from = node.from as { froms: unknown[] };
      const table = tableName(from.froms[0]);
      return table ? { table, columns: null, kind: "delete", ids: rowIds(node.where) } : null;
    }
    default:
      return null;
  }
}
