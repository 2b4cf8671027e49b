import fs from "node:fs";
import type { Actor } from "#common/permissions.ts";
import type { ImportReport, ImportSource, MissingImageChoice } from "#common/schemas/imports.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import type { Logger } from "#server/logger.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import type { UploadsService } from "#server/modules/uploads/uploads.service.ts";
import { importGhost, readGhostFile } from "./ghost/ghost-import.ts";
import { ImportFileError } from "./import-errors.ts";
import { type StoredJob, updateImportJob } from "./import-jobs.repository.ts";
import { createReport, type Report } from "./import-report.ts";
import { createImportWriter, type WriterServices } from "./import-writer.ts";
import { createMediaImporter } from "./media-import.ts";
import type { FetchLimits, FetchResult } from "./safe-fetch.ts";
import { importWxr, indexWxr } from "./wordpress/wordpress-import.ts";
import { wordpressOrigin } from "./wordpress/wordpress-items.ts";

/**
 * One dry run or import, start to end, for the admin's job and the command
 * line alike: the file read through once before anything is written (a file
 * that is not an export, is cut off or cannot be decoded fails here and
 * changes nothing), then every item through the writer, progress kept on the
 * job's row (every worker and the command line read the same), the report
 * and an audit entry at the end.
 */

export type ImportRequest = {
  source: ImportSource;
  /** The export on disk. */
  filePath: string;
  fileName: string;
  dryRun: boolean;
  missingImages: MissingImageChoice;
  /** The old site's address (Ghost's `__GHOST_URL__`); "" when not given. */
  siteUrl: string;
};

export type RunDeps = {
  db: Db;
  services: WriterServices & { uploads: Pick<UploadsService, "uploadImage"> };
  limits: FetchLimits;
  /** Images downloaded at once. */
  concurrency: number;
  fetcher?: (address: string, limits: FetchLimits) => Promise<FetchResult>;
  logger?: Pick<Logger, "error">;
};

export type Progress = { phase: string; done: number; total: number };

/** How often a running job says it is alive (a fraction of the service's STALE_MS). */
const HEARTBEAT_MS = 20_000;

export const PHASES = {
  reading: "Reading the file",
  importing: "Importing authors, terms, posts and pages",
  checking: "Checking authors, terms, posts and pages",
  done: "Done",
  failed: "Stopped",
} as const;

export async function runImportJob(
  deps: RunDeps,
  actor: Actor,
  job: StoredJob,
  request: ImportRequest,
  onProgress: (progress: Progress) => void = () => {},
): Promise<{ report: ImportReport; error: string | null }> {
  const { db } = deps;
  const report = createReport();
  let last = 0;
  let state: Progress = { phase: PHASES.reading, done: 0, total: 0 };
  const tell = async (next: Partial<Progress>, force = false) => {
    state = { ...state, ...next };
    onProgress(state);
    if (!force && Date.now() - last < 500) return;
    last = Date.now();
    await updateImportJob(db, job.id, state, nowIso());
  };
  // The job's row is touched while it runs, also through a long first pass or a slow
  // download: a row left untouched means its process ended (content-import.service.ts).
  const heartbeat = setInterval(() => {
    updateImportJob(db, job.id, {}, nowIso()).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const open = () => fs.createReadStream(request.filePath);
  const work = request.dryRun ? PHASES.checking : PHASES.importing;
  let error: string | null = null;
  try {
    if (request.source === "wordpress") {
      const index = await indexWxr(open);
      await tell({ phase: work, total: index.total }, true);
      const parts = importParts(
        deps,
        actor,
        job,
        request,
        report,
        wordpressOrigin(siteOf(index.site)),
      );
      await importWxr({
        index,
        open,
        ...parts,
        report,
        missing: request.missingImages,
        progress: (done) => void tell({ done }).catch(() => {}),
      });
    } else {
      const data = await readGhostFile(open);
      await tell({ phase: work, total: data.posts.length }, true);
      const parts = importParts(deps, actor, job, request, report, "ghost");
      await importGhost({
        data,
        siteUrl: request.siteUrl,
        ...parts,
        report,
        missing: request.missingImages,
        progress: (done) => void tell({ done }).catch(() => {}),
      });
    }
  } catch (caught) {
    error =
      caught instanceof ImportFileError
        ? caught.message
        : `The import stopped: ${(caught as Error).message}. What was imported so far stays; run it again to go on.`;
    if (!(caught instanceof ImportFileError)) deps.logger?.error({ err: caught }, "import stopped");
  }
  clearInterval(heartbeat);
  const result = report.toJSON();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateImportJob(
      trx,
      job.id,
      {
        phase: error ? PHASES.failed : PHASES.done,
        done: state.done,
        total: state.total,
        status: error ? "failed" : "done",
        report: result,
        ...(error ? { error } : {}),
        finished: true,
      },
      now,
    );
    await insertAuditEvents(
      trx,
      actor,
      [
        {
          action: "import_finished",
          entityType: "import",
          entityId: job.id,
          label: job.fileName,
          details: {
            source: request.source,
            dryRun: request.dryRun,
            ...(error ? { error } : { counts: report.counts }),
          },
        },
      ],
      now,
    );
  });
  onProgress({ ...state, phase: error ? PHASES.failed : PHASES.done });
  return { report: result, error };
}

function siteOf(site: { baseSiteUrl: string; baseBlogUrl: string; link: string }) {
  return site.baseSiteUrl || site.baseBlogUrl || site.link;
}

function importParts(
  deps: RunDeps,
  actor: Actor,
  job: StoredJob,
  request: ImportRequest,
  report: Report,
  origin: string,
) {
  const common = { db: deps.db, actor, origin, jobId: job.id, dryRun: request.dryRun, report };
  return {
    writer: createImportWriter({ ...common, services: deps.services }),
    media: createMediaImporter({
      ...common,
      uploads: deps.services.uploads,
      limits: deps.limits,
      concurrency: deps.concurrency,
      missing: request.missingImages,
      fetcher: deps.fetcher,
    }),
  };
}
