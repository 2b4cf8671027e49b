// `npm run import -- file`
// Brings a site from `npm run export` (a .tar.gz, or a bare .json) into this
// DATA_DIR / DATABASE_URL, which must be a new, empty site, with the site
// stopped. Users arrive without passwords: set one with `npm run
// admin:password`. See docs/operations.md, "Export and import".
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { summarize } from "../maintenance/transfer-export.ts";
import { ImportError, importSite } from "../maintenance/transfer-import.ts";

const USAGE = "usage: npm run import -- <export.tar.gz | export.json>";

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h", default: false } },
  });
}
try {
  parsed = parse();
} catch (error) {
  console.error(`import: ${(error as Error).message}`);
  console.error(USAGE);
  process.exit(1);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.positionals.length !== 1) {
  console.error("import: give the export file to import");
  console.error(USAGE);
  process.exit(1);
}

try {
  const config = loadConfig();
  const result = await importSite(config, parsed.positionals[0]!);
  console.log(`Imported ${summarize(result.document)} and ${result.uploadFiles} upload files.`);
  if (result.replacedInitialAdmin) {
    console.log(
      `The admin made from ADMIN_EMAIL at first start (${result.replacedInitialAdmin}) was replaced by the imported users.`,
    );
  }
  if (result.missingUploadFiles.length) {
    console.log(
      `${result.missingUploadFiles.length} uploaded files are not in ${config.uploadsDir} ` +
        `(first: ${result.missingUploadFiles[0]}); copy the old site's uploads folder there.`,
    );
  }
  if (result.document.users.length) {
    console.log(
      "Imported users have no password yet: set one with " +
        "npm run admin:password -- --email you@example.com --password '…'",
    );
  }
} catch (error) {
  const expected =
    error instanceof ConfigError ||
    error instanceof ImportError ||
    error instanceof DataDirLockedError;
  console.error(`import: ${expected ? error.message : String((error as Error).message ?? error)}`);
  process.exit(1);
}
