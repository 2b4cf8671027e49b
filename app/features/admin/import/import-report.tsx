import { DataTable } from "#app/components/ui/data-table.tsx";
import { IMPORT_COUNT_LABELS, IMPORT_KINDS, type ImportJob } from "#common/schemas/imports.ts";

/**
 * A dry run's or an import's report: for each kind how many were (or would
 * be) created, matched, skipped or failed, then every warning with the item
 * it is about.
 */
export function ImportReport({ job }: { job: ImportJob }) {
  const report = job.report;
  if (!report) return null;
  const title = job.dryRun ? "Dry run report" : "Import report";
  return (
    <section aria-labelledby={`import-report-${job.id}`} className="mt-6 space-y-4">
      <h2 id={`import-report-${job.id}`} className="text-lg font-semibold">
        {title}
      </h2>
      {job.dryRun ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Nothing was written. This is what an import of {job.fileName} would do.
        </p>
      ) : null}
      <DataTable
        label={job.dryRun ? "Counts per kind of the dry run" : "Counts per kind of the import"}
        rows={IMPORT_KINDS}
        rowId={(kind) => IMPORT_KINDS.indexOf(kind)}
        columns={[
          { header: "", rowHeader: true, cell: (kind) => IMPORT_COUNT_LABELS[kind] },
          {
            header: job.dryRun ? "Would be created" : "Created",
            cell: (kind) => report.counts[kind].created,
          },
          { header: "Matched", cell: (kind) => report.counts[kind].matched },
          { header: "Skipped", cell: (kind) => report.counts[kind].skipped },
          { header: "Failed", cell: (kind) => report.counts[kind].failed },
        ]}
      />
      <div>
        <h3 className="font-semibold">Warnings ({report.warnings.length})</h3>
        {report.warnings.length ? (
          <ul className="mt-2 max-h-96 list-disc space-y-1 overflow-y-auto pl-5 text-sm [overflow-wrap:anywhere]">
            {report.warnings.map((warning, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: warnings repeat, in a fixed order
              <li key={index}>
                <span className="font-medium">{warning.item}</span>: {warning.message}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No warnings.</p>
        )}
      </div>
    </section>
  );
}
