import { clockTime } from "./local-copy.ts";
import type { SaveState } from "./save-queue.ts";

/** "Saving…", "Saved at 10:42" or "Not saved: reason", announced politely. */
export function AutosaveIndicator({ status }: { status: SaveState }) {
  const text =
    status.state === "saving"
      ? "Saving…"
      : status.state === "saved"
        ? `Saved at ${clockTime(status.at)}${status.local ? " in this browser" : ""}`
        : status.state === "failed"
          ? `Not saved: ${status.reason}`
          : "";
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="autosave-status"
      className={`min-h-5 text-sm ${
        status.state === "failed"
          ? "text-red-700 dark:text-red-400"
          : "text-slate-600 dark:text-slate-300"
      }`}
    >
      {text}
    </p>
  );
}
