import { sql } from "kysely";
import {
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from "kysely/migration";
import { type Db, dialectOf } from "./client.ts";
import * as createSchema from "./migrations/2026_11_21_0001_create_schema.ts";
import * as createSlugRedirects from "./migrations/2026_11_21_0002_create_slug_redirects.ts";
import * as indexPostsPublishedAt from "./migrations/2026_11_21_0003_index_posts_published_at.ts";
import * as postsSearchAndListIndexes from "./migrations/2026_11_23_0001_posts_search_and_list_indexes.ts";
import * as postsSearchTiers from "./migrations/2026_11_23_0002_posts_search_tiers.ts";
import * as postsSearchTierTables from "./migrations/2026_11_23_0003_posts_search_tier_tables.ts";
import * as usersAwaitingApproval from "./migrations/2026_11_23_0004_users_awaiting_approval.ts";
import * as createAuditLogs from "./migrations/2026_11_23_0005_create_audit_logs.ts";
import * as createMailOutbox from "./migrations/2026_11_23_0006_create_mail_outbox.ts";
import * as createAccountTokens from "./migrations/2026_11_23_0007_create_account_tokens.ts";
import * as mailOutboxLinkNonce from "./migrations/2026_11_24_0001_mail_outbox_link_nonce.ts";
import * as accountTokensAccountEmail from "./migrations/2026_11_24_0002_account_tokens_account_email.ts";
import * as createPages from "./migrations/2026_11_25_0001_create_pages.ts";
import * as createTeamMembers from "./migrations/2026_11_25_0002_create_team_members.ts";
import * as createRevisions from "./migrations/2026_11_26_0001_create_revisions.ts";
import * as versionsAndAutosaves from "./migrations/2026_11_26_0002_versions_and_autosaves.ts";
import * as createPreviewLinks from "./migrations/2026_11_26_0003_create_preview_links.ts";
import * as createContentImports from "./migrations/2026_11_27_0001_create_content_imports.ts";
import * as createRateLimits from "./migrations/2026_11_27_0002_create_rate_limits.ts";
import * as createUploadFiles from "./migrations/2026_11_27_0003_create_upload_files.ts";
import * as postsLiveAddresses from "./migrations/2026_12_06_0001_posts_live_addresses.ts";
import * as textWithoutNul from "./migrations/2026_12_07_0001_text_without_nul.ts";
import * as createUploadOwners from "./migrations/2026_12_07_0002_create_upload_owners.ts";

// Listed explicitly (not read from the folder) so the set is the same from
// source, from tests and from any bundle. Names sort by date.
const migrations: Record<string, Migration> = {
  "2026_11_21_0001_create_schema": createSchema,
  "2026_11_21_0002_create_slug_redirects": createSlugRedirects,
  "2026_11_21_0003_index_posts_published_at": indexPostsPublishedAt,
  "2026_11_23_0001_posts_search_and_list_indexes": postsSearchAndListIndexes,
  "2026_11_23_0002_posts_search_tiers": postsSearchTiers,
  "2026_11_23_0003_posts_search_tier_tables": postsSearchTierTables,
  "2026_11_23_0004_users_awaiting_approval": usersAwaitingApproval,
  "2026_11_23_0005_create_audit_logs": createAuditLogs,
  "2026_11_23_0006_create_mail_outbox": createMailOutbox,
  "2026_11_23_0007_create_account_tokens": createAccountTokens,
  "2026_11_24_0001_mail_outbox_link_nonce": mailOutboxLinkNonce,
  "2026_11_24_0002_account_tokens_account_email": accountTokensAccountEmail,
  "2026_11_25_0001_create_pages": createPages,
  "2026_11_25_0002_create_team_members": createTeamMembers,
  "2026_11_26_0001_create_revisions": createRevisions,
  "2026_11_26_0002_versions_and_autosaves": versionsAndAutosaves,
  "2026_11_26_0003_create_preview_links": createPreviewLinks,
  "2026_11_27_0001_create_content_imports": createContentImports,
  "2026_11_27_0002_create_rate_limits": createRateLimits,
  "2026_11_27_0003_create_upload_files": createUploadFiles,
  "2026_12_06_0001_posts_live_addresses": postsLiveAddresses,
  "2026_12_07_0001_text_without_nul": textWithoutNul,
  "2026_12_07_0002_create_upload_owners": createUploadOwners,
};

/** The migrations this version knows, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * The migrator for `db` (a database or a transaction). On PostgreSQL it must
 * look for its tables in our own schema: left alone it finds them in any
 * schema of the database and skips creating them.
 */
async function migratorFor(db: Db): Promise<Migrator> {
  const schema =
    dialectOf(db) === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  return new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function applied(result: MigrationResultSet): string[] {
  const { error, results } = result;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Raised when the database holds migrations this version of the code does not know. */
export class NewerDatabaseError extends Error {}

/**
 * Refuses a database that a newer version of Beranda migrated (migrations this
 * code does not know): running old code on it could misread or damage data
 * it does not understand. Nothing is changed.
 */
export async function requireKnownMigrations(db: Db): Promise<void> {
  const known = new Set(MIGRATION_NAMES);
  const unknown = (await executedMigrationNames(db)).filter((name) => !known.has(name));
  if (unknown.length) {
    throw new NewerDatabaseError(
      `the database was upgraded by a newer version of Beranda (migration ${unknown.at(-1)}, unknown to this version): run that version or newer, or restore a backup made before the upgrade`,
    );
  }
}

/** The migrations the database has had, by name (none for a new, empty database). */
async function executedMigrationNames(db: Db): Promise<string[]> {
  const exists =
    dialectOf(db) === "postgres"
      ? (
          await sql<{
            found: string | null;
          }>`select to_regclass('kysely_migration') as found`.execute(db)
        ).rows[0]?.found
      : (
          await sql<{ found: string }>`select name as found from sqlite_master
            where type = 'table' and name = 'kysely_migration'`.execute(db)
        ).rows[0]?.found;
  if (!exists) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name).sort();
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  await requireKnownMigrations(db);
  return applied(await (await migratorFor(db)).migrateToLatest());
}

/**
 * Runs our migrations up to exactly `name` (one of MIGRATION_NAMES), no
 * further: the schema a database of that version has. Restore builds the
 * tables it loads this way. On PostgreSQL `db` may be a transaction.
 */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  if (!MIGRATION_NAMES.includes(name)) throw new Error(`unknown migration ${name}`);
  return applied(await (await migratorFor(db)).migrateTo(name));
}

/**
 * Back to the database as migration `name` left it (the later ones' `down`),
 * as an older version had it: how the tests upgrade a site with old data.
 */
export async function migrateDownTo(db: Db, name: string): Promise<void> {
  applied(await (await migratorFor(db)).migrateTo(name));
}
