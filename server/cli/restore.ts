// `npm run restore -- file [--force]`
// Brings a STOPPED site back from a backup archive. The site as it was is first
// saved as DATA_DIR/before-restore-….tar.gz (--force: not saved). See docs/operations.md.
import path from "node:path";
import { loadConfig } from "#server/config.ts";
import { describeBackup } from "#server/maintenance/backup.ts";
import { describeLeftOut } from "#server/maintenance/operation.ts";
import { restore } from "#server/maintenance/restore.ts";
import { errorText, failCommand, parseCommandArgs } from "./cli-args.ts";

const USAGE = "usage: npm run restore -- file.tar.gz [--force]";

const parsed = parseCommandArgs("restore", USAGE, {
  force: { type: "boolean", default: false },
});
if (parsed.positionals.length !== 1) failCommand("restore", "name one backup archive", USAGE);

// npm runs scripts in the project folder; a relative name means the caller's folder.
const base = process.env.INIT_CWD ?? process.cwd();

try {
  const config = loadConfig();
  const file = path.resolve(base, parsed.positionals[0]!);
  const result = await restore(config, file, { force: parsed.values.force });
  console.log(
    `Restored the ${describeBackup(result.manifest)} from ${file} (made ${result.manifest.createdAt}).`,
  );
  if (result.safetyCopy) {
    console.log(
      `The site as it was before is saved in ${result.safetyCopy} (npm run restore -- that file undoes this).`,
    );
  }
  for (const line of describeLeftOut(result)) console.log(line);
  console.log("Start the site with npm start; it brings the database up to date as usual.");
} catch (error) {
  failCommand("restore", errorText(error));
}
