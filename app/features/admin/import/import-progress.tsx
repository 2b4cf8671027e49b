import type { ImportJob } from "#common/schemas/imports.ts";

/** A running job's phase and how far it got, as a progress bar screen readers announce. */
export function ImportProgress({ job }: { job: ImportJob }) {
  const known = job.total > 0;
  return (
    <div className="mt-6 space-y-2" aria-live="polite">
      <p className="text-sm font-medium">
        {job.phase}
        {known ? ` (${job.done} of ${job.total})` : "…"}
      </p>
      <progress
        className="h-2 w-full"
        aria-label={job.dryRun ? "Dry run progress" : "Import progress"}
        max={known ? job.total : undefined}
        value={known ? job.done : undefined}
      />
    </div>
  );
}
