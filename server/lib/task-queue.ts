/**
 * Runs at most `slots` tasks at once; the others wait their turn, in order.
 * With `waiting`, at most that many wait: past it a task is refused at once
 * with the error `refuse` makes (an upload refused with 429 rather than held
 * in memory behind a long line). Without it the line has no end.
 */
export function createTaskQueue(
  slots: number,
  options: { waiting?: number; refuse?: () => Error } = {},
) {
  const { waiting = Number.POSITIVE_INFINITY, refuse = () => new Error("The queue is full") } =
    options;
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
      if (line.length >= waiting) throw refuse();
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
