import type { ComponentType } from "react";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import type { Permission } from "#common/permissions.ts";
import { RequireAuth } from "./guard.tsx";

/** The `meta` of an admin page: its title and path, never indexed. */
export function adminMeta(title: string, path: string) {
  return ({ matches }: { matches: readonly unknown[] }) =>
    pageMeta({ title, root: rootFromMatches(matches), path, noindex: true });
}

/**
 * The default export of an admin route: the screen behind the permission
 * guard, so none of its loads start before the user is known to be allowed.
 */
export function guarded(permission: Permission, Screen: ComponentType) {
  return function GuardedScreen() {
    return (
      <RequireAuth permission={permission}>
        <Screen />
      </RequireAuth>
    );
  };
}
