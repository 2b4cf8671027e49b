import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/**
 * JSON lines on stdout, written asynchronously (lines that arrive while a write
 * is under way go out together in the next one), so a
 * request never waits for the terminal or a log collector; pino flushes what
 * is left when the process exits.
 */
export function createLogger(level: Config["logLevel"]): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ["req.headers.authorization", "req.headers.cookie", "password", "*.password"],
    },
    level === "silent" ? undefined : pino.destination({ dest: 1, sync: false }),
  );
}
