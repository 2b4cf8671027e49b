import { type FormEvent, useId, useState } from "react";
import { Alert, TextField } from "#app/components/ui/form.tsx";
import { Card, inputClass, PageHeader } from "#app/features/admin/ui.tsx";
import { apiData, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import {
  IMPORT_SOURCE_LABELS,
  type ImportJob,
  type ImportSource,
  type MissingImageChoice,
} from "#common/schemas/imports.ts";
import { ImportProgress } from "./import-progress.tsx";
import { ImportReport } from "./import-report.tsx";
import { useImportJob } from "./use-import-job.ts";

export const IMPORT_TEXT = {
  title: "Import",
  subtitle:
    "Move in from WordPress or Ghost: posts, pages, categories, tags, authors, images and old addresses",
  dryRun: "Start dry run",
  importNow: "Import",
  chooseFile: "Choose the export file first.",
  startFailed: "Failed to start the import:",
  dryRunHint:
    "A dry run writes nothing: its report says what an import would create, match, skip or fail. Then import. Running an import again creates nothing twice.",
} as const;

const SOURCES: { value: ImportSource; label: string; accept: string; hint: string }[] = [
  {
    value: "wordpress",
    label: IMPORT_SOURCE_LABELS.wordpress,
    accept: ".xml,.gz,application/xml,text/xml,application/gzip",
    hint: "WordPress: Tools → Export → All content (an .xml file, or .xml.gz).",
  },
  {
    value: "ghost",
    label: IMPORT_SOURCE_LABELS.ghost,
    accept: ".json,.gz,application/json",
    hint: "Ghost: Settings → Advanced → Export content (a .json file).",
  },
];

/** Admin → Import (admins only): choose an export, dry run, import, follow the progress, read the report. */
export function ImportScreen() {
  const [source, setSource] = useState<ImportSource>("wordpress");
  const [file, setFile] = useState<File | null>(null);
  const [siteUrl, setSiteUrl] = useState("");
  const [missing, setMissing] = useState<MissingImageChoice>("keep");
  const [notice, setNotice] = useState("");
  const { job, error: pollError, track } = useImportJob();
  const { busy, run } = useApiMutation();
  const ids = useId();
  const chosen = SOURCES.find((s) => s.value === source)!;
  const running = job?.status === "running";

  async function startDryRun(event: FormEvent) {
    event.preventDefault();
    setNotice("");
    if (!file) return setNotice(IMPORT_TEXT.chooseFile);
    const query = new URLSearchParams({
      source,
      fileName: file.name,
      dryRun: "true",
      missingImages: missing,
    });
    if (source === "ghost" && siteUrl.trim()) query.set("siteUrl", siteUrl.trim());
    await run(
      async () => track(await apiData<ImportJob>(`/imports?${query}`, { method: "POST", file })),
      { onError: (e) => setNotice(failureText(IMPORT_TEXT.startFailed, e)) },
    );
  }

  async function importChecked() {
    if (!job) return;
    setNotice("");
    await run(
      async () => track(await apiData<ImportJob>(`/imports/${job.id}/import`, { method: "POST" })),
      { onError: (e) => setNotice(failureText(IMPORT_TEXT.startFailed, e)) },
    );
  }

  return (
    <>
      <PageHeader title={IMPORT_TEXT.title} subtitle={IMPORT_TEXT.subtitle} />
      <Card>
        <form onSubmit={startDryRun} className="space-y-4" aria-label="Import an export">
          <p className="text-sm text-slate-600 dark:text-slate-300">{IMPORT_TEXT.dryRunHint}</p>
          <fieldset>
            <legend className="text-sm font-medium">Export from</legend>
            <div className="mt-1 flex gap-4">
              {SOURCES.map((option) => (
                <label key={option.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="source"
                    value={option.value}
                    checked={source === option.value}
                    onChange={() => setSource(option.value)}
                    disabled={running}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${ids}-file`} className="block text-sm font-medium">
              Export file
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept={chosen.accept}
              aria-describedby={`${ids}-file-hint`}
              className={inputClass}
              disabled={running}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <p id={`${ids}-file-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {chosen.hint}
            </p>
          </div>
          {source === "ghost" ? (
            <TextField
              label="Old site address"
              name="siteUrl"
              type="url"
              placeholder="https://blog.example.com"
              hint="Ghost exports write their own address as __GHOST_URL__: give it to fetch the images."
              value={siteUrl}
              onChange={(e) => setSiteUrl(e.target.value)}
              disabled={running}
            />
          ) : null}
          <label className="block text-sm font-medium">
            Images that cannot be fetched
            <select
              className={inputClass}
              value={missing}
              onChange={(e) => setMissing(e.target.value as MissingImageChoice)}
              disabled={running}
            >
              <option value="keep">Keep their old address in the content</option>
              <option value="remove">Remove them from the content</option>
            </select>
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy || running}>
              {IMPORT_TEXT.dryRun}
            </button>
            {job?.dryRun && job.status === "done" ? (
              <button type="button" className="btn-outline" disabled={busy} onClick={importChecked}>
                {IMPORT_TEXT.importNow}
              </button>
            ) : null}
          </div>
        </form>
        {notice ? (
          <div className="mt-4">
            <Alert kind="error" onDismiss={() => setNotice("")}>
              {notice}
            </Alert>
          </div>
        ) : null}
        {running && job ? <ImportProgress job={job} /> : null}
        {running && pollError ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            Could not ask for the progress just now; trying again.
          </p>
        ) : null}
        {job?.status === "failed" ? (
          <div className="mt-4">
            <Alert kind="error">{job.error}</Alert>
          </div>
        ) : null}
        {job?.status === "done" ? <ImportReport job={job} /> : null}
      </Card>
    </>
  );
}
