import type { DocumentType } from "#common/documents.ts";

/**
 * The browser's own copy of an editor's fields, written on every change, so
 * that a network failure or a closed tab loses nothing (decision 018). Keyed
 * by user, kind and document ("new" for a document never saved).
 */
export type LocalCopy = {
  fields: Record<string, unknown>;
  saved_at: string;
  version: number | null;
  /** These fields reached the server's autosave (until then the work is only here). */
  sent?: boolean;
};

export function localCopyKey(userId: number | undefined, kind: DocumentType, id: number | null) {
  return `beranda:autosave:${userId ?? 0}:${kind}:${id ?? "new"}`;
}

export function readLocalCopy(key: string): LocalCopy | null {
  try {
    const text = localStorage.getItem(key);
    if (!text) return null;
    const parsed = JSON.parse(text) as LocalCopy;
    return parsed && typeof parsed.fields === "object" && typeof parsed.saved_at === "string"
      ? parsed
      : null;
  } catch {
    return null;
  }
}

export function writeLocalCopy(key: string, copy: LocalCopy) {
  try {
    localStorage.setItem(key, JSON.stringify(copy));
  } catch {
    // Storage full or refused: the server autosave still runs.
  }
}

export function removeLocalCopy(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** HH:MM in the browser's time zone. */
export function clockTime(when: Date | string) {
  const date = typeof when === "string" ? new Date(when) : when;
  return date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false });
}

/** Whether `fields` say something other than `current` (only the keys `fields` has). */
export function differsFrom(fields: Record<string, unknown>, current: Record<string, unknown>) {
  return Object.keys(fields).some(
    (key) => JSON.stringify(fields[key]) !== JSON.stringify(current[key]),
  );
}
