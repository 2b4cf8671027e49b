// `npm run backup -- [file | folder/] [--force]`
// Writes one consistent .tar.gz of the database and the uploads while the site
// runs (default beranda-backup-YYYYMMDD-HHMMSS.tar.gz, UTC, in the folder it is run from).
// See docs/operations.md.
import path from "node:path";
import { loadConfig } from "#server/config.ts";
import { backup, defaultBackupName, describeBackup } from "#server/maintenance/backup.ts";
import { errorText, failCommand, parseCommandArgs } from "./cli-args.ts";

const USAGE = "usage: npm run backup -- [file.tar.gz | folder/] [--force]";

const parsed = parseCommandArgs("backup", USAGE, {
  force: { type: "boolean", default: false },
});
if (parsed.positionals.length > 1) failCommand("backup", "one file at most", USAGE);

// npm runs scripts in the project folder; a relative name means the caller's folder.
const base = process.env.INIT_CWD ?? process.cwd();
const target = parsed.positionals[0];

try {
  const config = loadConfig();
  const result = await backup(config, {
    // path.join keeps a trailing slash (a folder); resolve would drop it.
    file:
      target === undefined
        ? path.join(base, defaultBackupName())
        : path.isAbsolute(target)
          ? target
          : path.join(base, target),
    overwrite: parsed.values.force,
  });
  console.log(result.file);
  console.log(`Backed up the ${describeBackup(result.manifest, result.bytes)}.`);
} catch (error) {
  failCommand("backup", errorText(error));
}
