import { describe, expect, it } from "vitest";
import { createSaveQueue, type SaveState } from "#app/features/admin/autosave/save-queue.ts";

describe("the autosave queue", () => {
  it("sends one save at a time; while one is in flight only the latest change waits", async () => {
    const sent: string[] = [];
    const answers: (() => void)[] = [];
    const states: SaveState["state"][] = [];
    const queue = createSaveQueue<string>(
      (item) =>
        new Promise<void>((resolve) => {
          sent.push(item);
          answers.push(resolve);
        }),
      (state) => states.push(state.state),
      () => "failed",
    );
    queue.push("a");
    queue.push("b");
    queue.push("c");
    expect(sent).toEqual(["a"]);
    answers.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(["a", "c"]);
    answers.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(["a", "c"]);
    expect(states).toEqual(["saving", "saved", "saving", "saved"]);
  });

  it("reports a failure with its reason and goes on with the next change", async () => {
    const states: SaveState[] = [];
    let fail = true;
    const queue = createSaveQueue<string>(
      async () => {
        if (fail) throw new Error("offline");
      },
      (state) => states.push(state),
      (error) => (error as Error).message,
    );
    queue.push("a");
    await new Promise((r) => setTimeout(r, 0));
    expect(states.at(-1)).toEqual({ state: "failed", reason: "offline" });
    fail = false;
    queue.push("b");
    await new Promise((r) => setTimeout(r, 0));
    expect(states.at(-1)?.state).toBe("saved");
  });
});
