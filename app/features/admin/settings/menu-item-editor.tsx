import type { ReactNode } from "react";
import { TextField } from "#app/components/ui/form.tsx";
import { dangerButton, smallButton } from "#app/features/admin/ui.tsx";
import {
  MENU_REFERENCE_TYPES,
  MENU_TARGET_LABELS,
  MENU_TARGET_TYPES,
  type MenuLink,
  type MenuReferenceType,
  type MenuTarget,
  type MenuTargetType,
  NAV_ROUTE_NAMES,
  NAV_ROUTES,
} from "#common/navigation.ts";
import { SelectField } from "./controls.tsx";
import { TargetPicker } from "./menu-targets.tsx";

/** A new target of the chosen type (a reference starts unchosen). */
function emptyTarget(type: MenuTargetType): MenuTarget {
  if (type === "route") return { type, route: "home" };
  if (type === "url") return { type, url: "" };
  return { type, id: 0 };
}

const isReference = (type: string): type is MenuReferenceType =>
  (MENU_REFERENCE_TYPES as readonly string[]).includes(type);

export type ItemMoves = {
  /** "Home", or "item 3" while it has no label: what the buttons' names say. */
  name: string;
  first: boolean;
  last: boolean;
  onMove(direction: -1 | 1): void;
  onRemove(): void;
};

/**
 * One link of a menu: its label, what it links to (one of our pages, a page,
 * service, post or category chosen from a list, or a custom URL), whether it
 * opens a new tab, and buttons to move or remove it. `path` is the item's
 * place in the section ("header.0.children.1"): its fields' ids and the
 * server's messages for them are keyed by it.
 */
export function MenuItemEditor({
  legend,
  path,
  link,
  errors,
  onChange,
  moves,
  children,
}: {
  legend: string;
  path: string;
  link: MenuLink;
  errors: Record<string, string>;
  onChange(link: MenuLink): void;
  moves: ItemMoves;
  /** A header item's dropdown editor. */
  children?: ReactNode;
}) {
  const id = `settings-navigation-${path.replaceAll(".", "-")}`;
  const { target } = link;
  const error = (field: string) => errors[`${path}.${field}`];
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-label`}
          name="label"
          label="Label"
          value={link.label}
          error={error("label")}
          maxLength={60}
          onChange={(event) => onChange({ ...link, label: event.target.value })}
        />
        <SelectField
          id={`${id}-type`}
          label="Links to"
          value={target.type}
          options={MENU_TARGET_TYPES.map((type) => ({
            value: type,
            label: MENU_TARGET_LABELS[type],
          }))}
          error={error("target.type") ?? (isReference(target.type) ? undefined : error("target"))}
          onChange={(type) => onChange({ ...link, target: emptyTarget(type as MenuTargetType) })}
        />
        {target.type === "route" ? (
          <SelectField
            id={`${id}-route`}
            label="Site page"
            value={target.route}
            options={NAV_ROUTE_NAMES.map((route) => ({
              value: route,
              label: `${NAV_ROUTES[route].label} (${NAV_ROUTES[route].path})`,
            }))}
            error={error("target.route")}
            onChange={(route) =>
              onChange({ ...link, target: { type: "route", route: route as typeof target.route } })
            }
          />
        ) : null}
        {target.type === "url" ? (
          <TextField
            id={`${id}-url`}
            name="url"
            label="URL"
            value={target.url}
            error={error("target.url")}
            hint="A path of this site such as /careers, or an address starting with https://"
            inputMode="url"
            spellCheck={false}
            onChange={(event) =>
              onChange({ ...link, target: { type: "url", url: event.target.value } })
            }
          />
        ) : null}
        {isReference(target.type) && "id" in target ? (
          <div className="sm:col-span-2">
            <TargetPicker
              idPrefix={id}
              type={target.type}
              value={target.id}
              error={error("target.id") ?? error("target")}
              onChange={(chosen) =>
                onChange({
                  ...link,
                  // A new item takes the title of what it links to.
                  label: link.label.trim() ? link.label : chosen.title.slice(0, 60),
                  target: { type: chosen.type, id: chosen.id },
                })
              }
            />
          </div>
        ) : null}
        <div className="flex items-center gap-3 sm:col-span-2">
          <input
            id={`${id}-newTab`}
            type="checkbox"
            checked={link.newTab}
            onChange={(event) => onChange({ ...link, newTab: event.target.checked })}
            className="h-4 w-4 rounded border-slate-400 accent-brand-strong"
          />
          <label htmlFor={`${id}-newTab`} className="text-sm">
            Open in a new tab
          </label>
        </div>
      </div>
      {children}
      <MoveButtons id={id} moves={moves} />
    </fieldset>
  );
}

/** Up, down and remove for one item of a list. */
export function MoveButtons({ id, moves }: { id: string; moves: ItemMoves }) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button
        type="button"
        id={`${id}-up`}
        className={smallButton}
        disabled={moves.first}
        aria-label={`Move ${moves.name} up`}
        onClick={() => moves.onMove(-1)}
      >
        ↑ Up
      </button>
      <button
        type="button"
        id={`${id}-down`}
        className={smallButton}
        disabled={moves.last}
        aria-label={`Move ${moves.name} down`}
        onClick={() => moves.onMove(1)}
      >
        ↓ Down
      </button>
      <button
        type="button"
        className={dangerButton}
        aria-label={`Remove ${moves.name}`}
        onClick={moves.onRemove}
      >
        Remove
      </button>
    </div>
  );
}

/** A list with one item moved one place up or down. */
export function moved<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const to = index + direction;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
