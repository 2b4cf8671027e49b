import type { Selectable } from "kysely";
import {
  type ImportJob,
  type ImportReport,
  type ImportSource,
  MISSING_IMAGE_CHOICES,
  type MissingImageChoice,
} from "#common/schemas/imports.ts";
import type { Db } from "#server/db/client.ts";
import { toBool, toIso } from "#server/db/normalize.ts";
import { findRow, insertRow } from "#server/db/rows.ts";
import type { ImportJobsTable } from "#server/db/schema.ts";

/** The rows of import_jobs: one per dry run or import, with its progress and report. */

const jobColumns = [
  "id",
  "source",
  "file_name",
  "stored_file",
  "dry_run",
  "status",
  "phase",
  "done",
  "total",
  "options",
  "report",
  "error",
  "created_by",
  "created_at",
  "updated_at",
  "finished_at",
] as const;

type JobRow = Pick<Selectable<ImportJobsTable>, (typeof jobColumns)[number]>;

/** What a job was asked to do, kept with it (an import after a dry run repeats it). */
export type JobOptions = { missingImages: MissingImageChoice; siteUrl: string };

export type StoredJob = ImportJob & {
  storedFile: string;
  options: JobOptions;
  createdBy: number | null;
  updatedAt: string;
};

function toJob(row: JobRow): StoredJob {
  const options = JSON.parse(row.options) as Partial<JobOptions>;
  const missingImages = MISSING_IMAGE_CHOICES.includes(options.missingImages as never)
    ? (options.missingImages as MissingImageChoice)
    : "keep";
  return {
    id: row.id,
    source: row.source,
    fileName: row.file_name,
    storedFile: row.stored_file,
    dryRun: toBool(row.dry_run),
    status: row.status,
    phase: row.phase,
    done: Number(row.done),
    total: Number(row.total),
    missingImages,
    options: { missingImages, siteUrl: options.siteUrl ?? "" },
    error: row.error,
    report: row.report ? (JSON.parse(row.report) as ImportReport) : null,
    createdBy: row.created_by,
    createdAt: toIso(row.created_at) ?? "",
    updatedAt: toIso(row.updated_at) ?? "",
    finishedAt: toIso(row.finished_at),
  };
}

export async function insertImportJob(
  db: Db,
  values: {
    source: ImportSource;
    fileName: string;
    storedFile: string;
    dryRun: boolean;
    options: JobOptions;
    createdBy: number | null;
    phase: string;
  },
  now: string,
): Promise<StoredJob> {
  const row = await insertRow(
    db,
    "import_jobs",
    {
      source: values.source,
      file_name: values.fileName.slice(0, 300),
      stored_file: values.storedFile,
      dry_run: values.dryRun,
      status: "running",
      phase: values.phase,
      options: JSON.stringify(values.options),
      created_by: values.createdBy,
      created_at: now,
      updated_at: now,
    },
    jobColumns,
  );
  return toJob(row);
}

export async function updateImportJob(
  db: Db,
  id: number,
  values: Partial<{
    phase: string;
    done: number;
    total: number;
    status: "running" | "done" | "failed";
    report: ImportReport;
    error: string;
    finished: boolean;
  }>,
  now: string,
) {
  await db
    .updateTable("import_jobs")
    .set({
      updated_at: now,
      ...(values.phase !== undefined ? { phase: values.phase } : {}),
      ...(values.done !== undefined ? { done: values.done } : {}),
      ...(values.total !== undefined ? { total: values.total } : {}),
      ...(values.status ? { status: values.status } : {}),
      ...(values.report ? { report: JSON.stringify(values.report) } : {}),
      ...(values.error !== undefined ? { error: values.error } : {}),
      ...(values.finished ? { finished_at: now } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export async function findImportJob(db: Db, id: number): Promise<StoredJob | null> {
  const row = await findRow(db, "import_jobs", { id }, jobColumns);
  return row ? toJob(row) : null;
}

/** The newest jobs first. */
export async function findImportJobs(db: Db, limit: number): Promise<StoredJob[]> {
  const rows = await db
    .selectFrom("import_jobs")
    .select(jobColumns)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

/** Jobs still marked running (one whose process ended keeps that mark until it is seen). */
export async function findRunningImportJobs(db: Db): Promise<StoredJob[]> {
  const rows = await db
    .selectFrom("import_jobs")
    .select(jobColumns)
    .where("status", "=", "running")
    .execute();
  return rows.map(toJob);
}
