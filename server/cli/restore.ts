// `npm run restore -- file [--force]`
// Brings a STOPPED site back from a backup archive. The site as it was is first
// saved as DATA_DIR/before-restore-….tar.gz (--force: not saved). See docs/operations.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { describeBackup } from "../maintenance/backup.ts";
import { restore } from "../maintenance/restore.ts";

const USAGE = "usage: npm run restore -- file.tar.gz [--force]";

function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      force: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  console.error(`restore: ${(error as Error).message}`);
  fail(USAGE);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.positionals.length !== 1) fail(`name one backup archive\n${USAGE}`);

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
  console.log("Start the site with npm start; it brings the database up to date as usual.");
} catch (error) {
  fail(String((error as Error).message ?? error));
}
