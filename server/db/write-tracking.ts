import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from "kysely";

/** One table written by a statement; `columns` are the columns an UPDATE set. */
export type TableWrite = { table: string; columns: readonly string[] | null };

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
    const write = writeOf(compiled.query);
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

function writeOf(query: OperationNode): TableWrite | null {
  const node = query as Node;
  switch (node.kind) {
    case "InsertQueryNode": {
      const table = tableName(node.into);
      return table ? { table, columns: null } : null;
    }
    case "UpdateQueryNode": {
      const table = tableName(node.table);
      if (!table) return null;
      const updates = (node.updates ?? []) as { column?: { column?: { name?: string } } }[];
      return { table, columns: updates.map((u) => u.column?.column?.name ?? "?") };
    }
    case "DeleteQueryNode": {
      const from = node.from as { froms: unknown[] };
      const table = tableName(from.froms[0]);
      return table ? { table, columns: null } : null;
    }
    default:
      return null;
  }
}
