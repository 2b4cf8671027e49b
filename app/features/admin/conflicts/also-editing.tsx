import type { PresenceState } from "./use-presence.ts";

/** "Also editing: Ana Lee" while others have the document open (nothing is locked). */
export function AlsoEditing({ presence }: { presence: PresenceState }) {
  if (presence.editors.length === 0) return null;
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="also-editing"
    >
      <strong>Also editing:</strong> {presence.editors.map((editor) => editor.name).join(", ")}
    </p>
  );
}
