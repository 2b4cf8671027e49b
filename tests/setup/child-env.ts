/**
 * What every process the tests start inherits from the run, whatever else its
 * environment sets: PATH and HOME, and Node's compile cache when the run has
 * one (`npm test` sets NODE_COMPILE_CACHE: the server's and the commands'
 * modules are compiled once per run instead of once per process;
 * docs/performance.md, "Test schemas from a dump; Node's compile cache").
 */
export function inheritedEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...(process.env.NODE_COMPILE_CACHE
      ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }
      : {}),
  };
}
