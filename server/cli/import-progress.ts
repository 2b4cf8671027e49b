import type { ImportJob } from "#common/schemas/imports.ts";
import { IMPORT_COUNT_LABELS, IMPORT_KINDS } from "#common/schemas/imports.ts";

/**
 * What `npm run import:wordpress` and `import:ghost` print: a progress bar
 * while they run (redrawn in place on a terminal, a line every tenth
 * otherwise) and the report at the end, every warning included.
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr) {
  const width = 30;
  let lastTenth = -1;
  let lastPhase = "";
  let drawn = false;
  return {
    update(progress: { phase: string; done: number; total: number }) {
      // A file refused while it was read: the error says it all.
      if (progress.total === 0 && !drawn && lastTenth === -1 && progress.phase === "Stopped")
        return;
      const share = progress.total ? Math.min(1, progress.done / progress.total) : 0;
      const percent = Math.floor(share * 100);
      const line = `${progress.phase} [${"#".repeat(Math.round(share * width)).padEnd(width, ".")}] ${percent}% ${progress.done}/${progress.total}`;
      if (stream.isTTY) {
        stream.write(`\r${line}\x1b[K`);
        drawn = true;
        return;
      }
      const tenth = Math.floor(percent / 10);
      if (tenth === lastTenth && progress.phase === lastPhase) return;
      lastTenth = tenth;
      lastPhase = progress.phase;
      stream.write(`${line}\n`);
    },
    end() {
      if (drawn) stream.write("\n");
    },
  };
}

/** The report as lines: counts per kind, then every warning. */
export function reportLines(job: ImportJob): string[] {
  const lines: string[] = [];
  const verb = job.dryRun ? "would be created" : "created";
  lines.push(
    job.dryRun ? "Dry run: nothing was written. An import would do this:" : "Import finished:",
  );
  lines.push(
    `  ${"".padEnd(20)} ${verb.padStart(16)} ${"matched".padStart(8)} ${"skipped".padStart(8)} ${"failed".padStart(7)}`,
  );
  for (const kind of IMPORT_KINDS) {
    const c = job.report?.counts[kind];
    if (!c) continue;
    lines.push(
      `  ${IMPORT_COUNT_LABELS[kind].padEnd(20)} ${String(c.created).padStart(16)} ${String(c.matched).padStart(8)} ${String(c.skipped).padStart(8)} ${String(c.failed).padStart(7)}`,
    );
  }
  const warnings = job.report?.warnings ?? [];
  if (warnings.length) {
    lines.push("", `Warnings (${warnings.length}):`);
    for (const warning of warnings) lines.push(`  - ${warning.item}: ${warning.message}`);
  }
  return lines;
}
