import { type Actor, can } from "#common/permissions.ts";
import { contactSettingsIssues } from "#common/schemas/contact.ts";
import {
  SECTION_DEFAULTS,
  SettingsSchemas,
  withSectionDefaults,
} from "#common/schemas/settings.ts";
import {
  isSettingsSection,
  type PublicSiteSettings,
  SETTINGS_SECTIONS,
  type SettingsSection,
  type SiteSettings,
  toPublicGeneralSettings,
  toPublicSettings,
} from "#common/settings.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { ContentChanges } from "#server/cache/content-changes.ts";
import { keptRead } from "#server/cache/kept-read.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import { SITE_TAG } from "#server/lib/cache-tags.ts";
import { zodErrors } from "#server/lib/parse-input.ts";
import type { Logger } from "#server/logger.ts";
import { changedFields } from "#server/modules/audit/audit.repository.ts";
import { writeWithAudit } from "#server/modules/audit/with-audit.ts";
import { requireNewReferencesExist } from "#server/modules/navigation/menu-references.ts";
import { findAllSettingsRows, findSettingsRow, upsertSettingsRow } from "./settings.repository.ts";
import { takesAwayFromView } from "./settings-removals.ts";

/** A settings object shared by every request: frozen, so no caller can change what the next one reads. */
function frozen<T extends object>(settings: T): T {
  for (const section of Object.values(settings)) Object.freeze(section);
  return Object.freeze(settings);
}

/**
 * What the pages show when the settings cannot be read: the defaults. A
 * settings load failure is only logged (the site keeps its title "Company
 * Profile", default texts, navigation and footer); this exact object marks a
 * page that must not be stored by the page cache.
 */
export const FALLBACK_SETTINGS: PublicSiteSettings = frozen(toPublicSettings(SECTION_DEFAULTS));

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
  const kept = keptRead(loadAllSettings, { changes });
  /** The public projection of each loaded settings object, made once. */
  const projections = new WeakMap<SiteSettings, PublicSiteSettings>();
  const publicOf = (settings: SiteSettings) => {
    let shown = projections.get(settings);
    if (!shown) {
      shown = frozen(toPublicSettings(settings));
      projections.set(settings, shown);
    }
    return shown;
  };

  async function loadAllSettings(): Promise<SiteSettings> {
    const rows = await findAllSettingsRows(db);
    const settings = Object.fromEntries(
      SETTINGS_SECTIONS.map((section) => [section, withSectionDefaults(section, rows[section])]),
    ) as SiteSettings;
    // Shared by every request until the next change.
    return frozen(settings);
  }

  async function getAllSettings(): Promise<SiteSettings> {
    return kept.get();
  }

  /**
   * The settings for a public page, without the staff-only fields
   * (`toPublicSettings`): the defaults (FALLBACK_SETTINGS) when they cannot be
   * read, so a broken settings table never takes the site down. The next call
   * tries the database again.
   */
  async function getPublicSettings(): Promise<PublicSiteSettings> {
    try {
      return publicOf(await getAllSettings());
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

  /** Everything for a caller who may manage the settings; what public pages show for anyone else. */
  async function getVisibleSettings(actor: Actor | null): Promise<PublicSiteSettings> {
    const settings = await getAllSettings();
    return can(actor, "settings:manage") ? settings : publicOf(settings);
  }

  /** One section as `getVisibleSettings` shows it. */
  async function getVisibleSettingsSection(actor: Actor | null, section: string) {
    const name = requireSection(section);
    const values = (await getAllSettings())[name];
    if (name !== "general" || can(actor, "settings:manage")) return values;
    return toPublicGeneralSettings(values as SiteSettings["general"]);
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
    if (name === "contact") {
      const issues = contactSettingsIssues(next as SiteSettings["contact"]);
      if (Object.keys(issues).length > 0) throw AppError.validation(issues);
    }
    if (name === "navigation") {
      await requireNewReferencesExist(
        db,
        current as SiteSettings["navigation"],
        next as SiteSettings["navigation"],
      );
    }
    kept.forget();
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
    kept.forget();
    // The save itself stales every page (server/cache/public-writes.ts); what it
    // took out of view is purged, so no visitor is shown it again.
    const shown = (values: object) =>
      name === "general" ? toPublicGeneralSettings(values as SiteSettings["general"]) : values;
    if (takesAwayFromView(shown(current), shown(next))) {
      changes?.publish({ stale: [], purge: [SITE_TAG] });
    }
    return next;
  }

  return {
    getAllSettings,
    getPublicSettings,
    getVisibleSettings,
    getSettingsSection,
    getVisibleSettingsSection,
    updateSettingsSection,
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
