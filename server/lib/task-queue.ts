/**
 * Runs at most `slots` tasks at once; the others wait their turn, in order.
 * With `waiting`, at most that many wait: past it a task is refused at once
 * with the error `refuse` makes (an upload refused with 429 rather than held
 * in memory behind a long line): a bounded line always says how it refuses.
 * Without a limit the line has no end.
 */
export function createTaskQueue(slots: number, limit?: { waiting: number; refuse: () => Error }) {
  const waiting = limit?.waiting ?? Number.POSITIVE_INFINITY;
  let running = 0;
  const line: (() => void)[] = [];
  function next() {
    const start = line.shift();
    // The slot passes straight to the next in line.
    if (start) start();
    else running -= 1;
  }
  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) {
      if (limit && line.length >= waiting) throw limit.refuse();
      await new Promise<void>((resolve) => line.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      next();
    }
  }
  return { run, stats: () => ({ running, waiting: line.length }) };
}
