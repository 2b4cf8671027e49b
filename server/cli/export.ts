// `npm run export -- [file] [--json]`
// Writes the site's content (posts, categories, tags, services, gallery,
// settings, users without password hashes, contact messages, redirects, the
// upload records and the audit log) as one .tar.gz with the upload files, or
// with --json the document alone. Safe while the site runs. See
// docs/operations.md, "Export and import".
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { ExportError, exportSite, summarize } from "../maintenance/transfer-export.ts";

const USAGE = "usage: npm run export -- [file.tar.gz | folder] [--json]";

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      output: { type: "string", short: "o" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  console.error(`export: ${(error as Error).message}`);
  console.error(USAGE);
  process.exit(1);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length > 1 || (positionals.length === 1 && values.output)) {
  console.error("export: give one file to write");
  console.error(USAGE);
  process.exit(1);
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
  console.error(`export: ${expected ? error.message : String((error as Error).message ?? error)}`);
  process.exit(1);
}
