import type { ContentChange, ContentChanges } from "./content-changes.ts";

/**
 * A read every page makes and staff seldom change (the settings, the
 * services list), kept in memory: loaded on first use and again after
 * `forget()` or a change that `reaches` it, announced on `changes` (this
 * instance's writes, or another's). A load that fails is not kept.
 */
export function keptRead<T>(
  load: () => Promise<T>,
  options: { changes?: ContentChanges; reaches?: (change: ContentChange) => boolean } = {},
) {
  let kept: Promise<T> | undefined;
  const forget = () => {
    kept = undefined;
  };
  options.changes?.subscribe((change) => {
    if (!options.reaches || options.reaches(change)) forget();
  });
  function get(): Promise<T> {
    if (kept) return kept;
    const pending = load();
    kept = pending;
    pending.catch(() => {
      if (kept === pending) kept = undefined;
    });
    return pending;
  }
  return { get, forget };
}
