// `npm run uploads:move -- --to database|s3://bucket?…|local [--from …] [--keep]`
// Moves the uploaded files (and their variants) from one store to another: from
// UPLOAD_STORE's (or --from) to --to. Stop the site first; afterwards set
// UPLOAD_STORE to the new store and start it. See docs/operations.md.
import { loadConfig, parseUploadStore } from "#server/config.ts";
import { moveUploads } from "#server/maintenance/move-uploads.ts";
import { errorText, failCommand, parseCommandArgs } from "./cli-args.ts";

const USAGE =
  "usage: npm run uploads:move -- --to local|database|s3://bucket[/prefix]?… [--from …] [--keep]";

const parsed = parseCommandArgs("uploads:move", USAGE, {
  to: { type: "string" },
  from: { type: "string" },
  keep: { type: "boolean", default: false },
});
if (parsed.positionals.length) failCommand("uploads:move", "no file names are taken", USAGE);
if (!parsed.values.to) failCommand("uploads:move", "name the store to move to with --to", USAGE);

function storeArg(option: string, value: string) {
  const store = parseUploadStore(value);
  if (typeof store === "string") failCommand("uploads:move", `--${option} ${store}`, USAGE);
  return store;
}

try {
  const config = loadConfig();
  const to = storeArg("to", parsed.values.to);
  const from = parsed.values.from === undefined ? undefined : storeArg("from", parsed.values.from);
  const result = await moveUploads(config, { from, to, keep: parsed.values.keep });
  console.log(
    `Copied ${result.copied} uploaded files from ${result.from} to ${result.to}` +
      (result.present ? ` (${result.present} were there already)` : "") +
      (parsed.values.keep
        ? "; the old store keeps its copies."
        : `; removed ${result.removed} from the old store.`),
  );
  console.log(
    `Set UPLOAD_STORE=${parsed.values.to.replace(/^(s3:\/\/)[^@/?]*@/i, "$1…@")} before starting the site.`,
  );
} catch (error) {
  failCommand("uploads:move", errorText(error));
}
