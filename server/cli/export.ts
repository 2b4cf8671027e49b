// `npm run export -- [file] [--json]`
// Writes the site's content (posts, categories, tags, services, gallery,
// settings, users without password hashes, contact messages, redirects, the
// upload records and the audit log) as one .tar.gz with the upload files, or
// with --json the document alone. Safe while the site runs. See
// docs/operations.md, "Export and import".
import { ConfigError, loadConfig } from "#server/config.ts";
import { ExportError, exportSite, summarize } from "#server/maintenance/transfer-export.ts";
import { errorText, failCommand, parseCommandArgs } from "./cli-args.ts";

const USAGE = "usage: npm run export -- [file.tar.gz | folder] [--json]";

const { values, positionals } = parseCommandArgs("export", USAGE, {
  json: { type: "boolean", default: false },
  output: { type: "string", short: "o" },
});
if (positionals.length > 1 || (positionals.length === 1 && values.output)) {
  failCommand("export", "give one file to write", USAGE);
}

try {
  const config = loadConfig();
  const result = await exportSite(config, {
    output: positionals[0] ?? values.output,
    jsonOnly: values.json,
  });
  console.log(
    `Exported ${summarize(result.document)}${values.json ? "" : ` and ${result.uploadFiles} upload files`} to ${result.file}`,
  );
} catch (error) {
  const expected = error instanceof ConfigError || error instanceof ExportError;
  failCommand("export", expected ? error.message : errorText(error));
}
