// `npm run import -- file`
// Brings a site from `npm run export` (a .tar.gz, or a bare .json) into this
// DATA_DIR / DATABASE_URL, which must be a new, empty site, with the site
// stopped. Users arrive without passwords: set one with `npm run
// admin:password`. See docs/operations.md, "Export and import".
import { ConfigError, loadConfig } from "#server/config.ts";
import { DataDirLockedError } from "#server/db/data-dir-lock.ts";
import { describeLeftOut } from "#server/maintenance/operation.ts";
import { summarize } from "#server/maintenance/transfer-export.ts";
import { ImportError, importSite } from "#server/maintenance/transfer-import.ts";
import { errorText, failCommand, parseCommandArgs } from "./cli-args.ts";

const USAGE = "usage: npm run import -- <export.tar.gz | export.json>";

const parsed = parseCommandArgs("import", USAGE, {});
if (parsed.positionals.length !== 1) failCommand("import", "give the export file to import", USAGE);

try {
  const config = loadConfig();
  const result = await importSite(config, parsed.positionals[0]!);
  console.log(`Imported ${summarize(result.document)} and ${result.uploadFiles} upload files.`);
  if (result.replacedInitialAdmin) {
    console.log(
      `The admin made from ADMIN_EMAIL at first start (${result.replacedInitialAdmin}) was replaced by the imported users.`,
    );
  }
  for (const line of describeLeftOut(result)) console.log(line);
  if (result.missingUploadFiles.length) {
    console.log(
      config.uploadStore.kind === "local"
        ? `${result.missingUploadFiles.length} uploaded files are not in ${config.uploadsDir} ` +
            `(first: ${result.missingUploadFiles[0]}); copy the old site's uploads folder there.`
        : `${result.missingUploadFiles.length} uploaded files are not in the upload store ` +
            `(first: ${result.missingUploadFiles[0]}); copy the old site's uploads folder into ` +
            "DATA_DIR/uploads and move them with npm run uploads:move -- --from local --to <UPLOAD_STORE>.",
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
  failCommand("import", expected ? error.message : errorText(error));
}
