import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

type ColumnRow = {
  table: string;
  table_type: string;
  column: string;
  data_type: string;
  data_type_schema: string;
  nullable: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
};

/**
 * PostgreSQL table metadata of the connection's own schema only (the first on
 * its search_path). Kysely's own introspector reads every schema of the
 * database and asks `pg_get_serial_sequence` about each column it finds, which
 * fails with "relation … does not exist" when another connection drops a
 * table or column of another schema at that moment: one site per schema (as
 * the tests run, or several sites on one database) made migrations fail at
 * random. The migrator and the tools need nothing outside our schema.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: any database shape, migrations included
  readonly #db: Kysely<any>;

  // biome-ignore lint/suspicious/noExplicitAny: any database shape, migrations included
  constructor(db: Kysely<any>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schema: string }>`
      select current_schema() as schema,
             c.table_name as table,
             t.table_type,
             c.column_name as column,
             c.udt_name as data_type,
             c.udt_schema as data_type_schema,
             c.is_nullable = 'YES' as nullable,
             (c.column_default is not null or c.is_identity = 'YES') as has_default,
             (c.is_identity = 'YES' or coalesce(c.column_default like 'nextval(%', false)) as auto_incrementing
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema()
       order by c.table_name, c.ordinal_position`.execute(this.#db);
    const tables = new Map<
      string,
      TableMetadata & { columns: TableMetadata["columns"][number][] }
    >();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith("kysely_migration")) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === "VIEW",
          isForeign: row.table_type === "FOREIGN",
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        dataTypeSchema: row.data_type_schema,
        isNullable: row.nullable,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
      });
    }
    return [...tables.values()];
  }
}
