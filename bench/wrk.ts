// wrk, shared by the load benchmarks (bench/run.ts, bench/instances.ts): one run
// against a URL, its output read into numbers.
import { ROOT, requireDebianTool, round, run } from "./harness.ts";

export const ACCEPT_ENCODING = "br, gzip";

export type WrkResult = {
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p75Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  bytesPerResponse: number;
  /** wrk's "Non-2xx or 3xx responses" (status 400 and above). */
  httpErrors: number;
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  /** httpErrors plus all socket errors. */
  errors: number;
};

let wrkPath = "wrk";

/** Finds wrk (installs Debian's package when missing). */
export async function findWrk(): Promise<void> {
  wrkPath = await requireDebianTool("wrk", ["wrk", "nginx-light"]);
}

export const wrkBinary = () => wrkPath;

export async function wrk(
  url: string,
  options: { seconds: number; connections: number; acceptEncoding: boolean; script?: string },
): Promise<WrkResult> {
  const args = [
    `-t${Math.min(2, options.connections)}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    // wrk's default 2 s timeout drops the slowest responses from the percentiles.
    "--timeout",
    "10s",
  ];
  if (options.acceptEncoding) args.push("-H", `Accept-Encoding: ${ACCEPT_ENCODING}`);
  if (options.script) args.push("-s", options.script);
  const output = await run(wrkPath, [...args, url], { cwd: ROOT, quiet: true });
  return parseWrk(output);
}

function parseWrk(output: string): WrkResult {
  const toMs = (value: string, unit: string) =>
    Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? Number.NaN);
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(output);
    return match ? round(toMs(match[1]!, match[2]!), 2) : Number.NaN;
  };
  const toBytes = (value: string, unit: string) =>
    Number(value) * ({ B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[unit] ?? Number.NaN);
  const totals = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(output);
  const latencyMax = /^\s+Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)/m.exec(output);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!totals || !rate) throw new Error(`cannot read wrk's output:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const socketErrors = {
    connect: Number(socket?.[1] ?? 0),
    read: Number(socket?.[2] ?? 0),
    write: Number(socket?.[3] ?? 0),
    timeout: Number(socket?.[4] ?? 0),
  };
  const httpErrors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const requests = Number(totals[1]);
  return {
    requests,
    reqPerSec: round(Number(rate[1])),
    p50Ms: percentile(50),
    p75Ms: percentile(75),
    p90Ms: percentile(90),
    p99Ms: percentile(99),
    maxMs: latencyMax ? round(toMs(latencyMax[1]!, latencyMax[2]!), 2) : Number.NaN,
    bytesPerResponse: requests > 0 ? round(toBytes(totals[2]!, totals[3]!) / requests) : 0,
    httpErrors,
    socketErrors,
    errors: httpErrors + Object.values(socketErrors).reduce((sum, count) => sum + count, 0),
  };
}
