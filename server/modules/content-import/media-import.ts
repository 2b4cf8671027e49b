import { createHash } from "node:crypto";
import type { Actor } from "#common/permissions.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { isAppError } from "#server/lib/app-error.ts";
import { createTaskQueue } from "#server/lib/task-queue.ts";
import type { UploadsService } from "#server/modules/uploads/uploads.service.ts";
import { findImportedItems, findUploadUrl, insertImportItem } from "./import.repository.ts";
import type { Report } from "./import-report.ts";
import { checkFetchable } from "./media-urls.ts";
import { type FetchLimits, type FetchResult, fetchImage } from "./safe-fetch.ts";

/**
 * The old site's images, each fetched once (by its original's address) with
 * at most `concurrency` downloads at a time, stored through the upload
 * pipeline (re-encoded, its own sizes made, audited as "uploaded"), and
 * remembered per origin so a second run downloads nothing again. A dry run
 * fetches nothing: it says which images would be downloaded and which
 * addresses will be refused.
 */
export type MediaImporterOptions = {
  db: Db;
  uploads: Pick<UploadsService, "uploadImage">;
  actor: Actor;
  origin: string;
  jobId: number;
  dryRun: boolean;
  report: Report;
  limits: FetchLimits;
  concurrency: number;
  missing: "keep" | "remove";
  /** Tests and the command line may give their own downloader. */
  fetcher?: (address: string, limits: FetchLimits) => Promise<FetchResult>;
};

/** The address as the import's record keeps it: itself, or its hash when too long. */
export function mediaSourceId(address: string): string {
  return address.length <= 500
    ? address
    : `sha256:${createHash("sha256").update(address).digest("hex")}`;
}

export function createMediaImporter(options: MediaImporterOptions) {
  const { db, report } = options;
  const fetcher = options.fetcher ?? fetchImage;
  /** Our address for each original; null: it could not be fetched. */
  const known = new Map<string, string | null>();
  const running = new Map<string, Promise<void>>();
  let imported: Map<string, number> | undefined;
  const downloads = createTaskQueue(options.concurrency);

  async function uploadWithRetry(bytes: Buffer, name: string, alt: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await options.uploads.uploadImage(options.actor, { bytes, name, alt });
      } catch (error) {
        // The upload queue is full (the site's own uploads): wait and try again.
        if (isAppError(error) && error.status === 429 && attempt < 10) {
          await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
          continue;
        }
        throw error;
      }
    }
  }

  async function fetchOne(original: string, usedBy: string, alt: string) {
    imported ??= await findImportedItems(db, options.origin, "media");
    const uploadId = imported.get(mediaSourceId(original));
    const earlier = uploadId === undefined ? null : await findUploadUrl(db, uploadId);
    if (earlier) {
      known.set(original, earlier);
      report.count("media", "matched");
      return;
    }
    if (options.dryRun) {
      const check = await checkFetchable(original, options.limits.allowedHosts);
      known.set(original, check.ok ? original : null);
      if (check.ok) report.count("media", "created");
      else fail(original, usedBy, check.reason);
      return;
    }
    const fetched = await downloads.run(() => fetcher(original, options.limits));
    if (!fetched.ok) return fail(original, usedBy, fetched.reason);
    try {
      const name = decodeURIComponent(new URL(original).pathname.split("/").pop() || "image");
      const upload = await uploadWithRetry(fetched.bytes, name, alt);
      await insertImportItem(
        db,
        {
          origin: options.origin,
          kind: "media",
          sourceId: mediaSourceId(original),
          targetId: upload.id,
          jobId: options.jobId,
        },
        nowIso(),
      ).catch(() => {
        // Recorded meanwhile by another run: the upload is the same file.
      });
      known.set(original, upload.url);
      report.count("media", "created");
    } catch (error) {
      if (!isAppError(error)) throw error;
      fail(original, usedBy, error.message);
    }
  }

  function fail(original: string, usedBy: string, reason: string) {
    known.set(original, null);
    const kept =
      options.missing === "remove" ? "its reference was removed" : "its reference was kept";
    report.outcome(
      "media",
      "failed",
      original,
      `could not be fetched (${reason}); used by ${usedBy}; ${options.dryRun ? "a real import would fail the same way" : kept}`,
    );
  }

  return {
    /** Fetches (or, in a dry run, checks) every image of one item; resolves when all are known. */
    async ensure(
      originals: string[],
      usedBy: string,
      alt: (original: string) => string = () => "",
    ) {
      await Promise.all(
        originals.map((original) => {
          if (known.has(original)) return undefined;
          let task = running.get(original);
          if (!task) {
            task = fetchOne(original, usedBy, alt(original)).finally(() =>
              running.delete(original),
            );
            running.set(original, task);
          }
          return task;
        }),
      );
    },
    /** Our address of an original; null when it failed; undefined when unknown or in a dry run. */
    lookup(original: string): string | null | undefined {
      if (options.dryRun) return undefined;
      return known.get(original);
    },
  };
}

export type MediaImporter = ReturnType<typeof createMediaImporter>;
