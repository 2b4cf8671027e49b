import type { Actor } from "../../../common/permissions.ts";
import { SettingsSchemas, withSectionDefaults } from "../../../common/schemas/settings.ts";
import {
  DEFAULT_SETTINGS,
  isSettingsSection,
  SETTINGS_SECTIONS,
  type SettingsSection,
  type SiteSettings,
} from "../../../common/settings.ts";
import { requirePermission } from "../../auth/policy.ts";
import type { ContentChanges } from "../../cache/content-changes.ts";
import type { Db } from "../../db/client.ts";
import { zodErrors } from "../../http/validation.ts";
import type { Logger } from "../../logger.ts";
import { AppError } from "../app-error.ts";
import { changedFields } from "../audit/audit.repository.ts";
import { writeWithAudit } from "../audit/with-audit.ts";
import { findAllSettingsRows, findSettingsRow, upsertSettingsRow } from "./settings.repository.ts";

/**
 * What the pages show when the settings cannot be read: the defaults. A
 * settings load failure is only logged (the site keeps its title "Company
 * Profile", default texts, navigation and footer); this exact object marks a
 * page that must not be stored by the page cache.
 */
export const FALLBACK_SETTINGS: SiteSettings = Object.freeze(
  Object.fromEntries(
    Object.entries(DEFAULT_SETTINGS).map(([section, values]) => [
      section,
      Object.freeze({ ...values }),
    ]),
  ),
) as SiteSettings;

/**
 * Settings are read by every page and change rarely: they are read from the
 * database once and kept until a change (this service's own updates, or any
 * change announced on `changes`, which is how other instances will tell).
 */
export function createSettingsService(
  db: Db,
  changes?: ContentChanges,
  logger?: Pick<Logger, "error">,
) {
  let cached: Promise<SiteSettings> | undefined;
  changes?.subscribe(() => {
    cached = undefined;
  });

  async function loadAllSettings(): Promise<SiteSettings> {
    const rows = await findAllSettingsRows(db);
    const settings = Object.fromEntries(
      SETTINGS_SECTIONS.map((section) => [section, withSectionDefaults(section, rows[section])]),
    ) as SiteSettings;
    // Shared by every request until the next change: frozen, so no caller can
    // change what the next one reads.
    for (const section of Object.values(settings)) Object.freeze(section);
    return Object.freeze(settings);
  }

  async function getAllSettings(): Promise<SiteSettings> {
    cached ??= loadAllSettings();
    const pending = cached;
    pending.catch(() => {
      if (cached === pending) cached = undefined;
    });
    return pending;
  }

  /**
   * The settings for a public page: the defaults (FALLBACK_SETTINGS) when they
   * cannot be read, so a broken settings table never takes the site down.
   * The next call tries the database again.
   */
  async function getPublicSettings(): Promise<SiteSettings> {
    try {
      return await getAllSettings();
    } catch (error) {
      logger?.error({ err: error }, "Site settings could not be loaded; the defaults are shown");
      return FALLBACK_SETTINGS;
    }
  }

  function requireSection(section: string): SettingsSection {
    if (!isSettingsSection(section)) {
      throw AppError.notFound(`Settings section "${section}" does not exist`);
    }
    return section;
  }

  async function getSettingsSection<S extends SettingsSection>(
    section: S,
  ): Promise<SiteSettings[S]>;
  async function getSettingsSection(section: string): Promise<SiteSettings[SettingsSection]>;
  async function getSettingsSection(section: string) {
    const name = requireSection(section);
    return (await getAllSettings())[name];
  }

  /** Validates the given fields of one section and merges them into it. */
  async function updateSettingsSection(actor: Actor | null, section: string, input: unknown) {
    requirePermission(actor, "settings:manage");
    const name = requireSection(section);
    const schema = SettingsSchemas[name].partial();
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw AppError.validation(zodErrors(parsed.error));
    const current = withSectionDefaults(name, await findSettingsRow(db, name));
    const next = { ...current, ...parsed.data };
    cached = undefined;
    await writeWithAudit(
      db,
      actor,
      (trx) => upsertSettingsRow(trx, name, next),
      () => ({
        action: "updated",
        entityType: "settings",
        entityId: name,
        label: `${name[0]!.toUpperCase()}${name.slice(1)} settings`,
        details: {
          changed: changedFields(current as Record<string, unknown>, next, Object.keys(next)),
        },
      }),
    );
    cached = undefined;
    return next;
  }

  return { getAllSettings, getPublicSettings, getSettingsSection, updateSettingsSection };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
