import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { formatBytes } from "#server/modules/uploads/uploads.service.ts";
import { checkFetchable, isPrivateAddress } from "./media-urls.ts";

/**
 * Downloads one image of the old site with the importer's guards: http or
 * https only; never a private, loopback or link-local address (checked again
 * on every connection and every redirect, so a name that resolves elsewhere
 * the second time gains nothing) unless the operator allowed the host; a
 * deadline for the whole download; a size limit counted while reading.
 */
export type FetchLimits = {
  timeoutMs: number;
  maxBytes: number;
  allowedHosts: readonly string[];
  maxRedirects?: number;
};

export type FetchResult = { ok: true; bytes: Buffer } | { ok: false; reason: string };

const USER_AGENT = "Beranda-Importer/1.0 (+moving a site in; one request per image)";

export async function fetchImage(address: string, limits: FetchLimits): Promise<FetchResult> {
  const deadline = Date.now() + limits.timeoutMs;
  let current = address;
  for (let hop = 0; hop <= (limits.maxRedirects ?? 5); hop++) {
    const allowed = await checkFetchable(current, limits.allowedHosts);
    if (!allowed.ok) return allowed;
    const answer = await request(current, limits, deadline);
    if (answer.kind === "redirect") {
      try {
        current = new URL(answer.location, current).toString();
      } catch {
        return { ok: false, reason: "the server redirected to an address that is not valid" };
      }
      continue;
    }
    return answer.result;
  }
  return { ok: false, reason: "too many redirects" };
}

type Answer = { kind: "redirect"; location: string } | { kind: "done"; result: FetchResult };

function request(address: string, limits: FetchLimits, deadline: number): Promise<Answer> {
  const url = new URL(address);
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const hostAllowed = limits.allowedHosts.some(
    (allowed) => allowed.toLowerCase() === host || allowed.toLowerCase() === url.host,
  );
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve) => {
    const done = (result: FetchResult) => resolve({ kind: "done", result });
    const remaining = deadline - Date.now();
    if (remaining <= 0) return done({ ok: false, reason: "timed out" });
    const req = client.get(
      url,
      {
        headers: { "user-agent": USER_AGENT, accept: "image/*,*/*;q=0.5" },
        // Every connection resolves through this guard: a public name that
        // resolves to a private address now is refused here.
        lookup: hostAllowed ? undefined : guardedLookup,
        timeout: remaining,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ kind: "redirect", location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          return done({ ok: false, reason: `the old site answered ${status}` });
        }
        const declared = Number(res.headers["content-length"] ?? 0);
        if (declared > limits.maxBytes) {
          res.destroy();
          return done({ ok: false, reason: tooLarge(limits.maxBytes) });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            res.destroy();
            done({ ok: false, reason: tooLarge(limits.maxBytes) });
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => done({ ok: true, bytes: Buffer.concat(chunks) }));
        res.on("error", (error) => done({ ok: false, reason: reasonOf(error) }));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error("timed out")), remaining);
    timer.unref();
    req.on("close", () => clearTimeout(timer));
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) => done({ ok: false, reason: reasonOf(error) }));
  });
}

function tooLarge(max: number) {
  return `the image is larger than ${formatBytes(max)}`;
}

function reasonOf(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (error.message === "timed out" || code === "ETIMEDOUT") return "timed out";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the host was not found";
  if (code === "ECONNREFUSED") return "the old site refused the connection";
  if (code === "PRIVATE_ADDRESS") return error.message;
  return error.message || "the download failed";
}

function guardedLookup(
  hostname: string,
  options: object,
  callback: (
    error: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family?: number,
  ) => void,
) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address))) {
      const refused = Object.assign(
        new Error(`the host ${hostname} is a private or local address`),
        { code: "PRIVATE_ADDRESS" },
      );
      return callback(refused, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}
