import {
  buildSiteMenus,
  menuReferences,
  type NavigationSettings,
  type SiteMenus,
  visibleNavigation,
} from "#common/navigation.ts";
import { type Actor, can } from "#common/permissions.ts";
import { NavigationTargetQuerySchema } from "#common/schemas/navigation.ts";
import { DEFAULT_SETTINGS } from "#common/settings.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { MENUS_TAG, pageTag, postTag, readTagged, tagRead } from "#server/lib/cache-tags.ts";
import { parseInput } from "#server/lib/parse-input.ts";
import type { Logger } from "#server/logger.ts";
import type { PostsService } from "#server/modules/posts/posts.service.ts";
import type { ServicesService } from "#server/modules/services/services.service.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import { findReferencedTargets } from "./menu-references.ts";
import { findTargets, type NavigationTarget } from "./navigation.repository.ts";

/** How many choices a picker gets at most (posts: the best matches of the search). */
const PICKER_LIMIT = { page: 500, service: 500, category: 500, post: 50 } as const;

/**
 * The menus: resolved for the pages (references to live content become links,
 * everything else is left out), the admin's pickers, and the menus as the
 * public API shows them.
 */
export function createNavigationService(
  db: Db,
  deps: {
    settings: SettingsService;
    services: Pick<ServicesService, "listServices">;
    posts: Pick<PostsService, "listPosts">;
    logger?: Pick<Logger, "error">;
  },
) {
  let failures = 0;

  async function liveLinks(navigation: NavigationSettings): Promise<Map<string, string>> {
    // Tagged by reference in getSiteMenus (post:<id>, page:<id>).
    const targets = await readTagged(() => findReferencedTargets(db, menuReferences(navigation)));
    const links = new Map<string, string>();
    for (const [key, target] of targets) if (target.live) links.set(key, target.href);
    return links;
  }

  /**
   * The header and footer as the public layout renders them. Never fails:
   * when the content cannot be read the menus keep their fixed links (our
   * routes, custom URLs), the footer lists no services, the failure is logged
   * and counted (`failureCount`: the page is then not stored by the cache).
   */
  async function getSiteMenus(): Promise<SiteMenus> {
    tagRead(MENUS_TAG);
    let navigation = DEFAULT_SETTINGS.navigation;
    try {
      navigation = (await deps.settings.getAllSettings()).navigation;
      // Cache tags: the posts and pages the menus link to (by reference).
      for (const reference of menuReferences(navigation)) {
        if (reference.type === "post") tagRead(postTag(reference.id));
        if (reference.type === "page") tagRead(pageTag(reference.id));
      }
      const [links, services] = await Promise.all([
        liveLinks(navigation),
        deps.services.listServices(),
      ]);
      return buildSiteMenus(navigation, links, services);
    } catch (error) {
      failures += 1;
      deps.logger?.error(
        { err: error },
        "Menus could not be resolved; their fixed links are shown",
      );
      return buildSiteMenus(navigation, new Map(), []);
    }
  }

  /** The section for the caller: all of it to those who edit it, else only what the site shows. */
  async function getVisibleNavigation(actor: Actor | null): Promise<NavigationSettings> {
    const { navigation } = await deps.settings.getAllSettings();
    if (can(actor, "settings:manage")) return navigation;
    return visibleNavigation(navigation, await liveLinks(navigation));
  }

  /** What a menu item can point at, for the admin's pickers. */
  async function listNavigationTargets(actor: Actor | null, input: unknown) {
    requirePermission(actor, "settings:manage");
    const { type, search } = parseInput(NavigationTargetQuerySchema, input);
    const now = nowIso();
    const limit = PICKER_LIMIT[type];
    const matches = (title: string) =>
      !search || title.toLowerCase().includes(search.toLowerCase());
    if (type !== "post") {
      return (await findTargets(db, type, { limit, now })).filter((t) => matches(t.title));
    }
    // The posts list's own search (full text), newest first; drafts too.
    const { posts } = await deps.posts.listPosts(actor, {
      status: "all",
      limit,
      ...(search ? { search } : {}),
    });
    const ids = posts.map((p) => p.id);
    const byId = new Map(
      (await findTargets(db, "post", { ids, limit, now })).map((t) => [t.id, t]),
    );
    return posts.flatMap((p) => byId.get(p.id) ?? []);
  }

  /** The content the saved menus point at that still exists (a missing one is broken). */
  async function listNavigationReferences(actor: Actor | null): Promise<NavigationTarget[]> {
    requirePermission(actor, "settings:manage");
    const { navigation } = await deps.settings.getAllSettings();
    return [...(await findReferencedTargets(db, menuReferences(navigation))).values()];
  }

  return {
    getSiteMenus,
    getVisibleNavigation,
    listNavigationTargets,
    listNavigationReferences,
    /** How many times the menus fell back to their fixed links (pages rendered then are not stored). */
    failureCount: () => failures,
  };
}

export type NavigationService = ReturnType<typeof createNavigationService>;
