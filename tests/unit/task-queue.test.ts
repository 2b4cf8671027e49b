import { describe, expect, test } from "vitest";
import { createTaskQueue } from "#server/lib/task-queue.ts";

/** A task that finishes when told to, recording when it started. */
function gate(started: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
  };
}

describe("createTaskQueue", () => {
  test("runs at most `slots` tasks at once and the rest in the order they came", async () => {
    const queue = createTaskQueue(2);
    const started: string[] = [];
    const tasks = ["a", "b", "c", "d"].map((name) => gate(started, name));
    const results = tasks.map((t) => queue.run(t.task));
    await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
    expect(queue.stats()).toEqual({ running: 2, waiting: 2 });
    tasks[1]!.open();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["a", "b", "c"]);
    for (const t of tasks) t.open();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  test("a failed task frees its slot", async () => {
    const queue = createTaskQueue(1);
    await expect(queue.run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await queue.run(async () => "next")).toBe("next");
  });

  test("refuses at once past `waiting`, with the error asked for", async () => {
    const queue = createTaskQueue(1, { waiting: 1, refuse: () => new Error("Busy") });
    const started: string[] = [];
    const first = gate(started, "first");
    const second = gate(started, "second");
    const running = queue.run(first.task);
    const queued = queue.run(second.task);
    await expect(queue.run(async () => "third")).rejects.toThrow("Busy");
    first.open();
    second.open();
    expect(await Promise.all([running, queued])).toEqual(["first", "second"]);
  });
});
