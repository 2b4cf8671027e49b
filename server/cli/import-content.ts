// `npm run import:wordpress -- FILE [--dry-run]` and `npm run import:ghost -- FILE [--dry-run]`
// Moves a WordPress (WXR, .xml or .xml.gz) or Ghost (.json) export into this
// DATA_DIR / DATABASE_URL, with the site running or stopped: authors,
// categories and tags, posts and pages, their images (downloaded and stored
// as uploads) and 301s from the old addresses. Run it again to go on after a
// stop: what is already here is matched, not created twice. The same run as
// Admin → Import. See docs/operations.md, "Moving in from WordPress or Ghost".
import fs from "node:fs";
import path from "node:path";
import { prepareDatabase } from "#server/boot.ts";
import { announceCommandChange } from "#server/cache/command-changes.ts";
import { EVERYTHING } from "#server/cache/content-changes.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { DataDirLockedError, lockDataDir } from "#server/db/data-dir-lock.ts";
import { createLogger } from "#server/logger.ts";
import { publicJob } from "#server/modules/content-import/content-import.service.ts";
import { createServices } from "#server/services.ts";
import { errorText, failCommand, parseCommandArgs } from "./cli-args.ts";
import { createProgressBar, reportLines } from "./import-progress.ts";

const source = process.argv[2] === "ghost" ? "ghost" : "wordpress";
process.argv.splice(2, 1);
const command = `import:${source}`;
const USAGE =
  `usage: npm run ${command} -- <${source === "ghost" ? "export.json" : "export.xml[.gz]"}> [--dry-run] ` +
  "[--missing-images keep|remove] [--allow-host host[:port]]… [--site-url https://old.example.com] [--as admin@example.com]";

const { values, positionals } = parseCommandArgs(command, USAGE, {
  "dry-run": { type: "boolean", default: false },
  "missing-images": { type: "string", default: "keep" },
  "allow-host": { type: "string", multiple: true, default: [] },
  "site-url": { type: "string", default: "" },
  as: { type: "string" },
});
if (positionals.length !== 1) failCommand(command, "give the export file to import", USAGE);
const file = path.resolve(positionals[0]!);
const missing = values["missing-images"];
if (missing !== "keep" && missing !== "remove") {
  failCommand(command, "--missing-images must be keep or remove", USAGE);
}
if (values["site-url"] && !/^https?:\/\/[^\s/]+/i.test(values["site-url"])) {
  failCommand(command, "--site-url must be the old site's http(s) address", USAGE);
}
try {
  fs.accessSync(file, fs.constants.R_OK);
  if (!fs.statSync(file).isFile()) throw new Error("not a file");
} catch {
  failCommand(command, `cannot read ${positionals[0]}`, USAGE);
}

try {
  // A command may wait for a running site's write to finish (the server keeps its own short).
  const config = { ...loadConfig(), dbLockTimeoutMs: 5000 };
  // A stopped site stays stopped until the import ends; a running one keeps serving.
  let lock: ReturnType<typeof lockDataDir> | null = null;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  const logger = createLogger("warn");
  const { handle } = await prepareDatabase(config, logger, { command: true });
  const services = createServices({ db: handle.db, config, logger });
  const bar = createProgressBar();
  try {
    const actor = await services.contentImport.findCommandLineActor(values.as);
    if (!actor) {
      failCommand(
        command,
        values.as
          ? `${values.as} is not an active admin of this site`
          : "this site has no active admin yet: create one with npm run admin:create",
      );
    }
    const job = await services.contentImport.runImport(
      actor,
      {
        source,
        filePath: file,
        fileName: path.basename(file),
        dryRun: values["dry-run"],
        missingImages: missing,
        siteUrl: values["site-url"],
      },
      { onProgress: (progress) => bar.update(progress), allowHosts: values["allow-host"] },
    );
    bar.end();
    if (!job.dryRun) {
      // Sites running on this data render their pages again (and purge caches in front).
      await announceCommandChange(config, EVERYTHING).catch((error) =>
        console.warn(
          `Could not tell the running site about the import (${errorText(error)}): ` +
            "its cached pages show what was imported after its next content change or a restart.",
        ),
      );
    }
    if (job.status === "failed") failCommand(command, job.error ?? "the import stopped");
    for (const line of reportLines(publicJob(job))) console.log(line);
    if (!job.dryRun && (job.report?.counts.authors.created ?? 0) > 0) {
      console.log(
        "Imported authors are inactive and have no password: activate them in Admin → Users " +
          "and send an invitation, or use npm run admin:password.",
      );
    }
  } finally {
    await services.posts.close();
    await handle.close();
    lock?.release();
  }
} catch (error) {
  failCommand(command, error instanceof ConfigError ? error.message : errorText(error));
}
