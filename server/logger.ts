import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

const OPTIONS = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
} satisfies pino.LoggerOptions;

/**
 * JSON lines on stdout, written asynchronously in batches: a write once 8 KB
 * have gathered or every 250 ms, whichever comes first (one write per request
 * line cost a quarter of a small request's time). A request never waits for
 * the terminal or a log collector; pino flushes what is left at exit.
 */
export function createLogger(level: Config["logLevel"]): Logger {
  return pino(
    {
      ...OPTIONS,
      level,
      redact: ["req.headers.authorization", "req.headers.cookie", "password", "*.password"],
    },
    level === "silent"
      ? undefined
      : pino.destination({ dest: 1, sync: false, minLength: 8 * 1024, periodicFlush: 250 }),
  );
}

export type AccessEntry = {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
};

/**
 * The access log: one line per request, in the same format and stream as
 * `logger`'s lines, or null below the info level. Written without pino's
 * generic serialisation and redaction, which cost a quarter of a small
 * request's time; only the request id and path are caller-supplied text.
 */
export function createAccessLog(logger: Logger): ((entry: AccessEntry) => void) | null {
  if (!logger.isLevelEnabled("info")) return null;
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[
    pino.symbols.streamSym
  ];
  if (!stream) return null;
  const level = pino.levels.values.info;
  return ({ reqId, method, path, status, ms }) => {
    stream.write(
      `{"level":${level},"time":"${new Date().toISOString()}","reqId":${JSON.stringify(reqId)},"method":"${method}","path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}
