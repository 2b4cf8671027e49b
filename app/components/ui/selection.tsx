import { useEffect, useRef, useState } from "react";

export type Selection = {
  /** The selected ids (also those not shown any more, until cleared). */
  ids: ReadonlySet<number>;
  has(id: number): boolean;
  toggle(id: number, checked: boolean): void;
  /** Selects every shown row, or none. */
  toggleAll(checked: boolean): void;
  /** Drops one id (a row deleted on its own). */
  remove(id: number): void;
  clear(): void;
  /** How many of the shown rows are selected, and whether that is all of them. */
  shownSelected: number;
  allShownSelected: boolean;
  shownCount: number;
};

/**
 * Row selection for an admin table whose shown rows have these ids. When
 * `resetKey` changes (another page, filter or search of the list) the
 * selection starts again empty.
 */
export function useSelection(shownIds: readonly number[], resetKey?: unknown): Selection {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    // Adjusted while rendering rather than in an effect: no frame shows the old selection.
    setKey(resetKey);
    if (ids.size) setIds(new Set());
  }
  const shownSelected = shownIds.filter((id) => ids.has(id)).length;
  return {
    ids,
    has: (id) => ids.has(id),
    toggle(id, checked) {
      setIds((current) => {
        const next = new Set(current);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    toggleAll(checked) {
      setIds(checked ? new Set(shownIds) : new Set());
    },
    remove(id) {
      setIds((current) => {
        if (!current.has(id)) return current;
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    },
    clear() {
      setIds((current) => (current.size ? new Set() : current));
    },
    shownSelected,
    allShownSelected: shownIds.length > 0 && shownSelected === shownIds.length,
    shownCount: shownIds.length,
  };
}

/** The header checkbox: checked when every shown row is, half-checked when some are. */
export function SelectAllCheckbox({
  selection,
  label,
  disabled = false,
}: {
  selection: Selection;
  label: string;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const partly = selection.shownSelected > 0 && !selection.allShownSelected;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = partly;
  }, [partly]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={selection.allShownSelected}
      disabled={disabled}
      onChange={(e) => selection.toggleAll(e.target.checked)}
      className="h-4 w-4"
    />
  );
}

/** A row's checkbox. */
export function RowCheckbox({
  selection,
  id,
  label,
  className = "h-4 w-4",
}: {
  selection: Selection;
  id: number;
  label: string;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={selection.has(id)}
      onChange={(e) => selection.toggle(id, e.target.checked)}
      className={className}
    />
  );
}
