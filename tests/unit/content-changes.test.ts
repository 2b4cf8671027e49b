import { describe, expect, test } from "vitest";
import { type ContentChange, createContentChanges } from "#server/cache/content-changes.ts";

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("content changes", () => {
  test("listeners here hear each change at once", () => {
    const changes = createContentChanges({ relay: async () => {} });
    const heard: ContentChange[] = [];
    changes.subscribe((change) => heard.push(change));
    changes.publish({ stale: ["post:1"], purge: [] });
    changes.publish({ stale: [], purge: ["site"] });
    expect(heard).toEqual([
      { stale: ["post:1"], purge: [] },
      { stale: [], purge: ["site"] },
    ]);
  });

  test("a save and the purge published after it in one turn go elsewhere as one change", async () => {
    const relayed: ContentChange[] = [];
    const changes = createContentChanges({
      relay: async (change) => {
        relayed.push(change);
      },
    });
    changes.publish({ stale: ["site"], purge: [] });
    await Promise.resolve();
    changes.publish({ stale: [], purge: ["site"] });
    await changes.flushed?.();
    expect(relayed).toEqual([{ stale: ["site"], purge: ["site"] }]);

    // A later turn's change is relayed on its own.
    await turn();
    changes.publish({ stale: ["post:2"], purge: [] });
    await changes.flushed?.();
    expect(relayed).toHaveLength(2);
    expect(relayed[1]).toEqual({ stale: ["post:2"], purge: [] });
  });

  test("flushed waits until the gathered change has been relayed", async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    let done = false;
    const changes = createContentChanges({ relay: () => arrived });
    changes.publish({ stale: ["posts"], purge: [] });
    const flushed = changes.flushed?.().then(() => {
      done = true;
    });
    await turn();
    await turn();
    expect(done).toBe(false);
    release();
    await flushed;
    expect(done).toBe(true);
  });
});
