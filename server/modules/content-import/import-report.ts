import {
  IMPORT_KINDS,
  type ImportCountKind,
  type ImportCounts,
  type ImportOutcome,
  type ImportReport,
  type ImportWarning,
} from "#common/schemas/imports.ts";
import { counted } from "#common/text.ts";

/**
 * What a dry run or an import did, as it goes: a count per kind and outcome
 * (created, matched, skipped, failed) and every warning with the item it is
 * about. Items skipped for one common reason (menu items, revisions, unused
 * attachments) are counted under that reason and listed once.
 */
export function createReport() {
  const counts = Object.fromEntries(
    IMPORT_KINDS.map((kind) => [kind, { created: 0, matched: 0, skipped: 0, failed: 0 }]),
  ) as ImportCounts;
  const warnings: ImportWarning[] = [];
  const groups = new Map<string, number>();

  return {
    count(kind: ImportCountKind, outcome: ImportOutcome, n = 1) {
      counts[kind][outcome] += n;
    },
    warn(item: string, message: string) {
      warnings.push({ item, message });
    },
    /** A skipped item of a common kind: counted, listed once with how many. */
    skipGroup(kind: ImportCountKind | null, reason: string) {
      if (kind) counts[kind].skipped += 1;
      groups.set(reason, (groups.get(reason) ?? 0) + 1);
    },
    /** One outcome for an item, with a warning when it was skipped or failed. */
    outcome(kind: ImportCountKind, outcome: ImportOutcome, item: string, reason?: string) {
      counts[kind][outcome] += 1;
      if (reason) warnings.push({ item, message: reason });
    },
    get counts() {
      return counts;
    },
    toJSON(): ImportReport {
      const grouped = [...groups].map(([reason, n]) => ({
        item: counted(n, "item"),
        message: reason,
      }));
      return { counts: structuredClone(counts), warnings: [...warnings, ...grouped] };
    },
  };
}

export type Report = ReturnType<typeof createReport>;

/** "Post 12 “Hello world”": how the report names an item of the export. */
export function itemLabel(kind: string, id: string | number, title: string): string {
  const name = title.trim() ? ` “${title.trim().slice(0, 80)}”` : "";
  return `${kind} ${id}${name}`;
}
