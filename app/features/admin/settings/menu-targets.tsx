import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { TextField } from "#app/components/ui/form.tsx";
import { apiData } from "#app/lib/api.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import {
  MENU_REFERENCE_TYPES,
  MENU_TARGET_LABELS,
  type MenuReferenceType,
} from "#common/navigation.ts";
import type { NavigationTarget } from "#common/types.ts";
import { SelectField } from "./controls.tsx";

type Targets = {
  /** What each type can link to (posts: the newest 50), from GET /api/navigation/targets. */
  lists: Record<MenuReferenceType, NavigationTarget[]>;
  /** What the saved menus link to and still exists (GET /api/navigation/references). */
  saved: NavigationTarget[];
  loading: boolean;
};

const NONE: Targets = {
  lists: { page: [], service: [], post: [], category: [] },
  saved: [],
  loading: false,
};

const TargetsContext = createContext<Targets>(NONE);

/** Loads the pickers' choices once for the whole menu editor. */
export function MenuTargetsProvider({ children }: { children: ReactNode }) {
  const query = useApiQuery<Targets>("/navigation/references", {
    load: async (path, signal) => {
      const [saved, ...lists] = await Promise.all([
        apiData<NavigationTarget[]>(path, { signal }),
        ...MENU_REFERENCE_TYPES.map((type) =>
          apiData<NavigationTarget[]>(`/navigation/targets?type=${type}`, { signal }),
        ),
      ]);
      return {
        saved,
        lists: Object.fromEntries(
          MENU_REFERENCE_TYPES.map((type, i) => [type, lists[i] ?? []]),
        ) as Targets["lists"],
        loading: false,
      };
    },
  });
  return (
    <TargetsContext.Provider value={query.data ?? { ...NONE, loading: query.loading }}>
      {children}
    </TargetsContext.Provider>
  );
}

/** What a reference points at, as far as the editor knows; null when it no longer exists. */
function useTarget(type: MenuReferenceType, id: number, extra: NavigationTarget[] = []) {
  const { lists, saved } = useContext(TargetsContext);
  const same = (t: NavigationTarget) => t.type === type && t.id === id;
  return saved.find(same) ?? lists[type].find(same) ?? extra.find(same) ?? null;
}

/** Waits a moment after typing before searching again. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Chooses the page, service, post or category an item links to, and says
 * what becomes of it: its address, "not published" (the site leaves the item
 * out until it is) or "no longer exists" (broken, left out).
 */
export function TargetPicker({
  idPrefix,
  type,
  value,
  error,
  onChange,
}: {
  idPrefix: string;
  type: MenuReferenceType;
  value: number;
  error?: string;
  onChange(target: NavigationTarget): void;
}) {
  const targets = useContext(TargetsContext);
  const [search, setSearch] = useState("");
  const settled = useSettled(search.trim());
  // Posts can be many: the list holds the newest, a search finds the others.
  const found = useApiQuery<NavigationTarget[]>(
    type === "post" && settled
      ? `/navigation/targets?type=post&search=${encodeURIComponent(settled)}`
      : null,
  );
  const searched = found.data ?? [];
  const current = useTarget(type, value, searched);
  const choices = type === "post" && settled ? searched : targets.lists[type];
  const what = MENU_TARGET_LABELS[type];
  const options = [
    { value: "", label: `Choose a ${what.toLowerCase()}…` },
    ...(current && !choices.some((c) => c.id === current.id) ? [current] : []).map(optionOf),
    ...(value > 0 && !current && !targets.loading
      ? [{ value: String(value), label: `${what} #${value} (deleted)` }]
      : []),
    ...choices.map(optionOf),
  ];

  return (
    <div className="grid gap-2">
      {type === "post" ? (
        <TextField
          id={`${idPrefix}-search`}
          name="search"
          type="search"
          label="Find a post"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches (as typing does); it must not save the settings form.
            if (event.key === "Enter") event.preventDefault();
          }}
          hint={settled ? `${searched.length} found` : "The newest 50 posts are listed"}
        />
      ) : null}
      <SelectField
        id={`${idPrefix}-target`}
        label={what}
        value={value > 0 ? String(value) : ""}
        options={options}
        error={error}
        onChange={(next) => {
          const chosen = [...choices, ...(current ? [current] : [])].find(
            (c) => String(c.id) === next,
          );
          if (chosen) onChange(chosen);
        }}
      />
      <TargetStatus type={type} id={value} target={current} loading={targets.loading} />
    </div>
  );
}

function optionOf(target: NavigationTarget) {
  return {
    value: String(target.id),
    label: target.live ? target.title : `${target.title} (not published)`,
  };
}

function TargetStatus({
  type,
  id,
  target,
  loading,
}: {
  type: MenuReferenceType;
  id: number;
  target: NavigationTarget | null;
  loading: boolean;
}) {
  if (id <= 0 || loading) return null;
  const what = MENU_TARGET_LABELS[type].toLowerCase();
  if (!target) {
    return (
      <p className="text-sm font-medium text-red-700 dark:text-red-400">
        Broken link: this {what} no longer exists, so the site leaves the item out. Choose another
        or remove the item.
      </p>
    );
  }
  if (!target.live) {
    return (
      <p className="text-sm text-amber-800 dark:text-amber-300">
        Not shown yet: this {what} is not published. The site shows the item once it is.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      Links to <span className="font-mono">{target.href}</span>
    </p>
  );
}
