import { useId } from "react";
import { inputClass, smallButton } from "#app/features/admin/ui.tsx";

export type BulkAction = "" | "activate" | "deactivate" | "delete";

/** The users list's search box and bulk action (with how many rows are selected). */
export function UsersToolbar({
  search,
  onSearch,
  bulkAction,
  onBulkAction,
  busy,
  selected,
  onApply,
}: {
  search: string;
  onSearch(search: string): void;
  bulkAction: BulkAction;
  onBulkAction(action: BulkAction): void;
  /** A bulk action runs: Apply waits. */
  busy: boolean;
  selected: number;
  onApply(): void;
}) {
  const searchId = useId();
  const bulkId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
      <div className="w-full sm:w-72">
        <label htmlFor={searchId} className="sr-only">
          Search users
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Search users..."
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className={inputClass}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <label htmlFor={bulkId} className="sr-only">
          Bulk Actions
        </label>
        <select
          id={bulkId}
          value={bulkAction}
          onChange={(e) => onBulkAction(e.target.value as BulkAction)}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">Bulk Actions</option>
          <option value="activate">Activate</option>
          <option value="deactivate">Deactivate</option>
          <option value="delete">Delete</option>
        </select>
        <button
          type="button"
          className={`${smallButton} px-4 py-2 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          aria-disabled={selected === 0 || busy ? true : undefined}
          onClick={() => {
            if (!busy) onApply();
          }}
        >
          {busy ? "Applying..." : "Apply"}
        </button>
        <span className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {selected ? `${selected} selected` : ""}
        </span>
      </div>
    </div>
  );
}
