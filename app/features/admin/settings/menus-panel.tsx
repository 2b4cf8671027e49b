import type { ReactNode } from "react";
import { CheckboxField, FieldError, TextField } from "#app/components/ui/form.tsx";
import {
  type FooterColumn,
  type HeaderMenuItem,
  MENU_LIMITS,
  type MenuLink,
} from "#common/navigation.ts";
import { MenuItemEditor, MoveButtons, moved } from "./menu-item-editor.tsx";
import { MenuTargetsProvider } from "./menu-targets.tsx";
import type { PanelProps } from "./panel-parts.tsx";

const NEW_LINK: MenuLink = { label: "", target: { type: "route", route: "home" }, newTab: false };

/** Puts the focus on an element once React has drawn it (after adding, moving, removing). */
function focusSoon(id: string, fallback?: string) {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    const usable = element instanceof HTMLButtonElement ? !element.disabled : !!element;
    (usable ? element : fallback ? document.getElementById(fallback) : null)?.focus();
  });
}

/** A list's Add button: off at the list's limit; adds `item` and moves the focus to `focus` (its first field). */
function AddButton<T>({
  id,
  list,
  limit,
  item,
  onAdd,
  focus,
  children,
}: {
  id: string;
  list: T[];
  limit: number;
  item: T;
  onAdd(list: T[]): void;
  focus: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      id={id}
      className="btn-outline"
      disabled={list.length >= limit}
      onClick={() => {
        onAdd([...list, item]);
        focusSoon(focus);
      }}
    >
      {children}
    </button>
  );
}

const fieldId = (path: string) => `settings-navigation-${path.replaceAll(".", "-")}`;
const nameOf = (link: MenuLink, fallback: string) => link.label.trim() || fallback;

/**
 * The Menus tab: the header's items (each with an optional dropdown of one
 * level), whether the Admin button shows, and the footer's link columns.
 * Saved as the `navigation` section with the tab's Save Settings button; the
 * server's messages appear at the fields they name ("header.0.label").
 */
export function MenusPanel(panel: PanelProps<"navigation">) {
  const { values, patch, errors } = panel;
  const header = values.header;
  const columns = values.footer.columns;
  const setHeader = (next: HeaderMenuItem[]) => patch({ header: next });
  const setColumns = (next: FooterColumn[]) => patch({ footer: { columns: next } });

  /** Moves, removals and focus for one list of items. */
  function listMoves<T extends MenuLink>(
    list: readonly T[],
    path: string,
    update: (next: T[]) => void,
    index: number,
    addButton: string,
  ) {
    const item = list[index]!;
    return {
      name: nameOf(item, `${path.startsWith("footer") ? "link" : "item"} ${index + 1}`),
      first: index === 0,
      last: index === list.length - 1,
      onMove(direction: -1 | 1) {
        update(moved(list, index, direction));
        const to = fieldId(`${path}.${index + direction}`);
        focusSoon(
          `${to}-${direction === -1 ? "up" : "down"}`,
          `${to}-${direction === -1 ? "down" : "up"}`,
        );
      },
      onRemove() {
        update(list.filter((_, i) => i !== index));
        focusSoon(fieldId(`${path}.${Math.max(0, index - 1)}-label`), addButton);
      },
    };
  }

  return (
    <MenuTargetsProvider>
      <div className="space-y-8">
        <section aria-labelledby="menus-header-title" className="space-y-4">
          <div>
            <h2 id="menus-header-title" className="text-lg font-semibold">
              Header menu
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              The links at the top of every page, in this order. An item can hold a dropdown of
              further links. Links to pages, services, posts and categories follow them when their
              address changes; one to something unpublished or deleted is left out.
            </p>
            <FieldError id="settings-navigation-header-error" message={errors.header} />
          </div>
          <ol className="space-y-4">
            {header.map((item, index) => {
              const path = `header.${index}`;
              const update = (next: HeaderMenuItem) =>
                setHeader(header.map((h, i) => (i === index ? next : h)));
              const children = item.children;
              const setChildren = (next: MenuLink[]) => update({ ...item, children: next });
              const addChild = `${fieldId(path)}-add-child`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the list
                <li key={index}>
                  <MenuItemEditor
                    legend={`Header item ${index + 1}`}
                    path={path}
                    link={item}
                    errors={errors}
                    onChange={(link) => update({ ...item, ...link })}
                    moves={listMoves(header, "header", setHeader, index, "menus-add-header")}
                  >
                    <div className="mt-4 space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
                      <FieldError
                        id={`${fieldId(path)}-children-error`}
                        message={errors[`${path}.children`]}
                      />
                      {children.length > 0 ? (
                        <ol
                          className="space-y-3"
                          aria-label={`Dropdown of ${nameOf(item, `item ${index + 1}`)}`}
                        >
                          {children.map((child, j) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the list
                            <li key={j}>
                              <MenuItemEditor
                                legend={`Dropdown link ${j + 1} of ${nameOf(item, `item ${index + 1}`)}`}
                                path={`${path}.children.${j}`}
                                link={child}
                                errors={errors}
                                onChange={(link) =>
                                  setChildren(children.map((c, k) => (k === j ? link : c)))
                                }
                                moves={listMoves(
                                  children,
                                  `${path}.children`,
                                  setChildren,
                                  j,
                                  addChild,
                                )}
                              />
                            </li>
                          ))}
                        </ol>
                      ) : null}
                      <AddButton
                        id={addChild}
                        list={children}
                        limit={MENU_LIMITS.children}
                        item={NEW_LINK}
                        onAdd={setChildren}
                        focus={fieldId(`${path}.children.${children.length}-label`)}
                      >
                        Add dropdown link
                        <span className="sr-only"> to {nameOf(item, `item ${index + 1}`)}</span>
                      </AddButton>
                    </div>
                  </MenuItemEditor>
                </li>
              );
            })}
          </ol>
          <AddButton
            id="menus-add-header"
            list={header}
            limit={MENU_LIMITS.headerItems}
            item={{ ...NEW_LINK, children: [] }}
            onAdd={setHeader}
            focus={fieldId(`header.${header.length}-label`)}
          >
            Add header item
          </AddButton>
          <CheckboxField
            id="settings-navigation-showAdminButton"
            checked={values.showAdminButton}
            onChange={(showAdminButton) => patch({ showAdminButton })}
            note="Visitors who are not staff see the sign-in page behind it."
          >
            Show the Admin button in the header
          </CheckboxField>
        </section>

        <section aria-labelledby="menus-footer-title" className="space-y-4">
          <div>
            <h2 id="menus-footer-title" className="text-lg font-semibold">
              Footer links
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Up to {MENU_LIMITS.footerColumns} titled columns of links beside the company's
              details. The footer's Services column lists your services in their order (Services
              screen).
            </p>
            <FieldError id="settings-navigation-footer-error" message={errors["footer.columns"]} />
          </div>
          <ol className="space-y-4">
            {columns.map((column, c) => {
              const path = `footer.columns.${c}`;
              const id = fieldId(path);
              const update = (next: FooterColumn) =>
                setColumns(columns.map((col, i) => (i === c ? next : col)));
              const setItems = (items: MenuLink[]) => update({ ...column, items });
              const addLink = `${id}-add-link`;
              const columnName = column.title.trim() || `column ${c + 1}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place in the list
                <li key={c}>
                  <fieldset className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                    <legend className="px-1 text-sm font-semibold">Footer column {c + 1}</legend>
                    <TextField
                      id={`${id}-title`}
                      name="title"
                      label="Column title"
                      value={column.title}
                      maxLength={60}
                      error={errors[`${path}.title`]}
                      onChange={(event) => update({ ...column, title: event.target.value })}
                    />
                    <FieldError id={`${id}-items-error`} message={errors[`${path}.items`]} />
                    <ol className="mt-4 space-y-3" aria-label={`Links of ${columnName}`}>
                      {column.items.map((link, k) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a link is its place in the list
                        <li key={k}>
                          <MenuItemEditor
                            legend={`Link ${k + 1} of ${columnName}`}
                            path={`${path}.items.${k}`}
                            link={link}
                            errors={errors}
                            onChange={(next) =>
                              setItems(column.items.map((l, i) => (i === k ? next : l)))
                            }
                            moves={listMoves(column.items, `${path}.items`, setItems, k, addLink)}
                          />
                        </li>
                      ))}
                    </ol>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <AddButton
                        id={addLink}
                        list={column.items}
                        limit={MENU_LIMITS.columnItems}
                        item={NEW_LINK}
                        onAdd={setItems}
                        focus={fieldId(`${path}.items.${column.items.length}-label`)}
                      >
                        Add link<span className="sr-only"> to {columnName}</span>
                      </AddButton>
                    </div>
                    <MoveButtons
                      id={id}
                      moves={{
                        name: columnName,
                        first: c === 0,
                        last: c === columns.length - 1,
                        onMove(direction) {
                          setColumns(moved(columns, c, direction));
                          const to = fieldId(`footer.columns.${c + direction}`);
                          focusSoon(`${to}-${direction === -1 ? "up" : "down"}`, `${to}-title`);
                        },
                        onRemove() {
                          setColumns(columns.filter((_, i) => i !== c));
                          focusSoon("menus-add-column");
                        },
                      }}
                    />
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <AddButton
            id="menus-add-column"
            list={columns}
            limit={MENU_LIMITS.footerColumns}
            item={{ title: "", items: [] }}
            onAdd={setColumns}
            focus={fieldId(`footer.columns.${columns.length}-title`)}
          >
            Add footer column
          </AddButton>
        </section>
      </div>
    </MenuTargetsProvider>
  );
}
