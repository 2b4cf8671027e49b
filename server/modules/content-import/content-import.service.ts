import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Actor } from "#common/permissions.ts";
import type { ImportJob, ImportStartQuery } from "#common/schemas/imports.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import { ensurePrivateDir } from "#server/db/private-files.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Logger } from "#server/logger.ts";
import { insertAuditEvents } from "#server/modules/audit/audit.repository.ts";
import { findActiveAdmin, findOldAddressTarget } from "./import.repository.ts";
import { receiveImportFile } from "./import-file.ts";
import {
  findImportJob,
  findImportJobs,
  findRunningImportJobs,
  insertImportJob,
  type StoredJob,
  updateImportJob,
} from "./import-jobs.repository.ts";
import {
  type ImportRequest,
  PHASES,
  type Progress,
  type RunDeps,
  runImportJob,
} from "./import-run.ts";
import { normalizeOldAddress } from "./old-addresses.ts";

/**
 * Moving in from WordPress or Ghost (issue 27), for the admin (a file
 * uploaded, then a job that runs in the background while the screen asks for
 * its progress) and the command line (the same run, awaited): one job at a
 * time, admins only. Also answers where an old address leads now.
 */

export const IMPORT_RUNNING = "An import is already running. Wait for it to finish.";
/** A job whose row was not touched for this long belongs to a process that ended. */
const STALE_MS = 2 * 60_000;
const DOWNLOAD_TIMEOUT_MS = 30_000;
const DOWNLOADS_AT_ONCE = 4;

export type ContentImportDeps = {
  services: RunDeps["services"];
  config: Pick<Config, "dataDir" | "uploadMaxBytes" | "importAllowHosts">;
  logger?: Logger;
  /** Tests: a downloader of their own, more hosts allowed. */
  fetcher?: RunDeps["fetcher"];
  allowHosts?: string[];
};

/** The job as the API answers it (what the server keeps for itself left out). */
export function publicJob(job: StoredJob): ImportJob {
  const { storedFile: _f, options: _o, createdBy: _c, updatedAt: _u, ...shown } = job;
  return shown;
}

/**
 * The feed addresses readers subscribed to on WordPress (`/feed/`,
 * `/feed/rss2/`, `/category/news/feed/`) and Ghost (`/rss/`, `/tag/news/rss/`):
 * the site's one feed. Asked only for what nothing else answers (404).
 */
const OLD_FEED = /^\/(?:[^?]*\/)?(?:feed(?:\/(?:rss2?|atom|rdf))?|rss)\/?$/;

export function createContentImportService(db: Db, deps: ContentImportDeps) {
  const filesDir = path.join(deps.config.dataDir, "imports");
  const running = new Set<Promise<unknown>>();
  const runDeps = (extraHosts: string[] = []): RunDeps => ({
    db,
    services: deps.services,
    limits: {
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      maxBytes: deps.config.uploadMaxBytes,
      allowedHosts: [...deps.config.importAllowHosts, ...(deps.allowHosts ?? []), ...extraHosts],
    },
    concurrency: DOWNLOADS_AT_ONCE,
    fetcher: deps.fetcher,
    logger: deps.logger,
  });

  /** Refuses a second job while one runs (after `endStaleJobs`). */
  async function requireNoRunningJob() {
    if ((await endStaleJobs()) > 0) throw AppError.conflict(IMPORT_RUNNING);
  }

  /**
   * Marks the running jobs whose process ended (no sign of life for
   * STALE_MS: a crash, a killed command) as failed, so neither a new import
   * nor the admin's screen waits on them; answers how many still run.
   */
  async function endStaleJobs(): Promise<number> {
    let alive = 0;
    for (const job of await findRunningImportJobs(db)) {
      if (Date.parse(job.updatedAt) > Date.now() - STALE_MS) {
        alive += 1;
        continue;
      }
      await updateImportJob(
        db,
        job.id,
        {
          status: "failed",
          phase: PHASES.failed,
          error: "The process running this import ended. What was imported stays; run it again.",
          finished: true,
        },
        nowIso(),
      );
    }
    return alive;
  }

  async function begin(actor: Actor, request: ImportRequest, storedFile: string) {
    return db.transaction().execute(async (trx) => {
      const now = nowIso();
      const job = await insertImportJob(
        trx,
        {
          source: request.source,
          fileName: request.fileName,
          storedFile,
          dryRun: request.dryRun,
          options: { missingImages: request.missingImages, siteUrl: request.siteUrl },
          createdBy: actor.id || null,
          phase: PHASES.reading,
        },
        now,
      );
      await insertAuditEvents(
        trx,
        actor,
        [
          {
            action: "import_started",
            entityType: "import",
            entityId: job.id,
            label: job.fileName,
            details: { source: request.source, dryRun: request.dryRun },
          },
        ],
        now,
      );
      return job;
    });
  }

  /** The command line's run (and the tests'): the whole job, awaited. */
  async function runImport(
    actor: Actor | null,
    request: ImportRequest,
    options: { onProgress?: (progress: Progress) => void; allowHosts?: string[] } = {},
  ): Promise<StoredJob> {
    requirePermission(actor, "content:import");
    await requireNoRunningJob();
    const job = await begin(actor, request, "");
    await runImportJob(runDeps(options.allowHosts), actor, job, request, options.onProgress);
    return (await findImportJob(db, job.id))!;
  }

  /** Runs a job after the answer: the admin asks for its progress. */
  function inBackground(actor: Actor, job: StoredJob, request: ImportRequest) {
    const run = runImportJob(runDeps(), actor, job, request)
      .catch((error) => deps.logger?.error({ err: error }, "import job failed"))
      .finally(() => {
        running.delete(run);
        // The file of a real import is no longer needed (a dry run's waits for its import).
        if (!request.dryRun) fs.rmSync(request.filePath, { force: true });
      });
    running.add(run);
  }

  /** POST /imports: the export as the body, the choices as the query; answers the started job. */
  async function startImport(
    actor: Actor | null,
    query: ImportStartQuery,
    body: ReadableStream<Uint8Array> | null,
  ): Promise<ImportJob> {
    requirePermission(actor, "content:import");
    await requireNoRunningJob();
    ensurePrivateDir(filesDir);
    const storedFile = `${Date.now()}-${randomBytes(8).toString("hex")}.upload`;
    const filePath = path.join(filesDir, storedFile);
    await receiveImportFile(body, filePath, filesDir);
    const request: ImportRequest = {
      source: query.source,
      filePath,
      fileName: query.fileName,
      dryRun: query.dryRun ?? true,
      missingImages: query.missingImages ?? "keep",
      siteUrl: query.siteUrl ?? "",
    };
    return startJob(actor, request, storedFile);
  }

  /** Records the job and runs it after the answer. */
  async function startJob(actor: Actor, request: ImportRequest, storedFile: string) {
    const job = await begin(actor, request, storedFile);
    inBackground(actor, job, request);
    return publicJob(job);
  }

  /** The job (404 when there is none). */
  async function requireImportJob(id: number) {
    const job = await findImportJob(db, id);
    if (!job) throw AppError.notFound("Import not found");
    return job;
  }

  /** POST /imports/{id}/import: the import a finished dry run checked, with the same file and choices. */
  async function importAfterDryRun(actor: Actor | null, id: number): Promise<ImportJob> {
    requirePermission(actor, "content:import");
    const dry = await requireImportJob(id);
    if (!dry.dryRun || dry.status !== "done") {
      throw AppError.conflict("Only a finished dry run can be imported");
    }
    const filePath = path.join(filesDir, dry.storedFile);
    if (!dry.storedFile || !fs.existsSync(filePath)) {
      throw AppError.conflict("The file of this dry run is gone: upload it again");
    }
    await requireNoRunningJob();
    const request: ImportRequest = {
      source: dry.source,
      filePath,
      fileName: dry.fileName,
      dryRun: false,
      missingImages: dry.options.missingImages,
      siteUrl: dry.options.siteUrl,
    };
    return startJob(actor, request, dry.storedFile);
  }

  async function getImportJob(actor: Actor | null, id: number): Promise<ImportJob> {
    requirePermission(actor, "content:import");
    await endStaleJobs();
    return publicJob(await requireImportJob(id));
  }

  async function listImportJobs(actor: Actor | null): Promise<ImportJob[]> {
    requirePermission(actor, "content:import");
    await endStaleJobs();
    return (await findImportJobs(db, 20)).map(publicJob);
  }

  /** Where an old address (path and query as asked) leads now, or null. */
  async function findOldAddressRedirect(pathWithQuery: string): Promise<string | null> {
    const address = normalizeOldAddress(pathWithQuery);
    if (OLD_FEED.test(address)) return "/rss.xml";
    return findOldAddressTarget(db, address, nowIso());
  }

  /** Who a command-line import acts as: the active admin with this e-mail, or the oldest one. */
  async function findCommandLineActor(email?: string): Promise<Actor | null> {
    return findActiveAdmin(db, email);
  }

  return {
    runImport,
    findCommandLineActor,
    startImport,
    importAfterDryRun,
    getImportJob,
    listImportJobs,
    findOldAddressRedirect,
    /** Resolves once the jobs running in this process have ended (tests, shutdown). */
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}

export type ContentImportService = ReturnType<typeof createContentImportService>;
