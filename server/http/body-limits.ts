import type { Config } from "#server/config.ts";
import type { DrainLimit } from "./unread-bodies.ts";

/**
 * How large a request body may be, by call. The app refuses a larger body
 * with 413 (server/app.ts); the server reads and drops at most this much of a
 * body it did not need (server/http/unread-bodies.ts).
 */

/** JSON bodies: a post's content may be long, nothing else comes close. */
export const JSON_BODY_LIMIT = 4 * 1024 * 1024;
/** Page form posts (the contact form without JavaScript): far more than any form needs. */
export const PAGE_BODY_LIMIT = 64 * 1024;

/** `POST /api/upload` itself (its query aside): the only call that takes a file. */
export const isUploadUrl = (url = "") => url === "/api/upload" || url.startsWith("/api/upload?");

/**
 * `POST /api/imports` (a WordPress or Ghost export, issue 27): its body is
 * streamed to disk under the importer's own limit, and may take the upload time.
 */
export const isImportFileUrl = (url = "") =>
  url === "/api/imports" || url.startsWith("/api/imports?");

/** The upload call's bound: the file limit plus room for the form's other parts. */
export const uploadBodyLimit = (uploadMaxBytes: number) => uploadMaxBytes + 64 * 1024;

/**
 * The most of an unneeded body (a refused request's) the server reads and
 * drops to keep the connection: the largest body any call at `url` takes,
 * within the time its whole request may take.
 */
export function drainLimit(
  config: Pick<Config, "uploadMaxBytes" | "timeouts">,
): (url: string | undefined) => DrainLimit {
  const upload = { bytes: uploadBodyLimit(config.uploadMaxBytes), ms: config.timeouts.uploadMs };
  const other = { bytes: JSON_BODY_LIMIT, ms: config.timeouts.requestMs };
  return (url) => (isUploadUrl(url) ? upload : other);
}
