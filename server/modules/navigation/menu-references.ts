import {
  MENU_TARGET_LABELS,
  type MenuReference,
  type MenuReferenceType,
  menuReferences,
  type NavigationSettings,
  referenceKey,
} from "#common/navigation.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { AppError } from "#server/lib/app-error.ts";
import { findTargets, type NavigationTarget } from "./navigation.repository.ts";

/** The referenced content that exists, keyed `type:id` (live or not). */
export async function findReferencedTargets(
  db: Db,
  references: readonly MenuReference[],
  now = nowIso(),
): Promise<Map<string, NavigationTarget>> {
  const ids = (type: MenuReferenceType) => [
    ...new Set(references.filter((r) => r.type === type).map((r) => r.id)),
  ];
  const types: MenuReferenceType[] = ["page", "service", "post", "category"];
  const found = await Promise.all(
    types.map((type) => findTargets(db, type, { ids: ids(type), limit: 500, now })),
  );
  return new Map(found.flat().map((target) => [referenceKey(target), target]));
}

/** Each reference of the menus with its field path ("header.0.children.1.target.id"). */
function referencesWithPaths(navigation: NavigationSettings) {
  const found: { reference: MenuReference; path: string }[] = [];
  const add = (target: { type: string }, path: string) => {
    if ("id" in target)
      found.push({ reference: target as MenuReference, path: `${path}.target.id` });
  };
  for (const [i, item] of navigation.header.entries()) {
    add(item.target, `header.${i}`);
    for (const [j, child] of item.children.entries()) {
      add(child.target, `header.${i}.children.${j}`);
    }
  }
  for (const [c, column] of navigation.footer.columns.entries()) {
    for (const [k, item] of column.items.entries()) {
      add(item.target, `footer.columns.${c}.items.${k}`);
    }
  }
  return found;
}

/**
 * A save may keep a reference that broke since (the admin shows it as broken,
 * the site leaves it out), but may not add one to content that does not exist:
 * 400 naming the field ("Service 42 does not exist").
 */
export async function requireNewReferencesExist(
  db: Db,
  current: NavigationSettings,
  next: NavigationSettings,
) {
  const known = new Set(menuReferences(current).map(referenceKey));
  const added = referencesWithPaths(next).filter(
    ({ reference }) => !known.has(referenceKey(reference)),
  );
  if (added.length === 0) return;
  const found = await findReferencedTargets(
    db,
    added.map((a) => a.reference),
  );
  const errors: Record<string, string> = {};
  for (const { reference, path } of added) {
    if (!found.has(referenceKey(reference))) {
      errors[path] = `${MENU_TARGET_LABELS[reference.type]} ${reference.id} does not exist`;
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}
