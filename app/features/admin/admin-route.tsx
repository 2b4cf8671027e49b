import type { ComponentType } from "react";
import { pageMeta, rootFromMatches, unlistedMeta } from "#app/lib/seo.ts";
import type { Permission } from "#common/permissions.ts";
import { RequireAuth } from "./guard.tsx";

/** The `meta` of an admin page: its title and path, never indexed. */
export const adminMeta = unlistedMeta;

/**
 * The `meta` of the post or page editor's route, which serves both
 * /admin/{noun}s/new and /admin/{noun}s/:id/edit.
 */
export function editorMeta(noun: "post" | "page") {
  const Noun = noun === "post" ? "Post" : "Page";
  return ({ matches, params }: { matches: readonly unknown[]; params: { id?: string } }) =>
    pageMeta({
      title: params.id ? `Edit ${Noun}` : `Create ${Noun}`,
      root: rootFromMatches(matches),
      path: params.id ? `/admin/${noun}s/${params.id}/edit` : `/admin/${noun}s/new`,
      noindex: true,
    });
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
