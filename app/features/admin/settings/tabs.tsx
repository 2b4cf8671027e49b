import { type KeyboardEvent, useRef } from "react";

export type TabItem<T extends string> = { id: T; label: string };

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * A WAI-ARIA tablist: one tab in the Tab order (roving tabindex), arrow keys,
 * Home and End move between tabs and select them.
 */
export function Tabs<T extends string>({
  label,
  prefix,
  tabs,
  selected,
  onSelect,
  unsaved,
}: {
  label: string;
  prefix: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** Tabs holding changes not saved yet: marked with a dot (and named so to screen readers). */
  unsaved?: ReadonlySet<T>;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((t) => t.id === selected);
    let next = -1;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp")
      next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1 dark:border-slate-800"
    >
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(prefix, tab.id)}
            aria-selected={active}
            aria-controls={panelId(prefix, tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={onKeyDown}
            className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium ${
              active
                ? "border-brand-strong text-slate-900 dark:border-brand-light dark:text-white"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
            }`}
          >
            {tab.label}
            {unsaved?.has(tab.id) ? (
              <>
                <span aria-hidden="true" className="ml-1 text-brand-strong dark:text-brand-light">
                  •
                </span>
                <span className="sr-only"> (unsaved changes)</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
