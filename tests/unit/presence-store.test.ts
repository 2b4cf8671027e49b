import { describe, expect, it } from "vitest";
import { createMemoryPresenceStore } from "#server/modules/presence/presence-store.ts";

describe("presence store (in memory)", () => {
  it("lists the others editing a document until their entry expires or they leave", async () => {
    let now = 1_000_000;
    const store = createMemoryPresenceStore({ ttlMs: 45_000, now: () => now });
    const ana = { id: 1, name: "Ana Lee" };
    const ben = { id: 2, name: "Ben Ode" };
    expect(await store.beat("post:1", ana)).toEqual([]);
    expect(await store.beat("post:1", ben)).toEqual([ana]);
    expect(await store.beat("post:2", ben)).toEqual([]);
    now += 30_000;
    expect(await store.beat("post:1", ben)).toEqual([ana]);
    // Ana sent no heartbeat for 45 s: she is gone.
    now += 15_000;
    expect(await store.beat("post:1", ben)).toEqual([]);
    expect(await store.beat("post:1", ana)).toEqual([ben]);
    await store.leave("post:1", ben.id);
    expect(await store.beat("post:1", ana)).toEqual([]);
  });
});
