/** What backup, restore, export and import share. */

import { counted } from "#common/text.ts";

/**
 * A failure the operator can act on: the command prints its message as it is
 * (no stack). Each operation has its own subclass, which sets `name`.
 */
export class OperatorError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OperatorError";
  }
}

/** Where the site's tables are. */
export type SchemaOption = {
  /** PostgreSQL only: the schema the site uses (tests; sites use the URL's default). */
  schema?: string;
};

/** What an import or a restore left out or cleaned (upload-files.ts, the rich-text sanitiser). */
export type LeftOut = {
  skippedUploadFiles: { file: string; reason: string }[];
  sanitizedPosts: string[];
  /** Slugs of the pages whose HTML the sanitiser changed. */
  sanitizedPages: string[];
};

/** The lines a command prints about what it left out or cleaned (none when nothing). */
export function describeLeftOut({
  skippedUploadFiles,
  sanitizedPosts,
  sanitizedPages,
}: LeftOut): string[] {
  const lines: string[] = [];
  if (skippedUploadFiles.length) {
    const shown = skippedUploadFiles.slice(0, 3).map(({ file, reason }) => `${file} (${reason})`);
    if (skippedUploadFiles.length > 3) shown.push(`and ${skippedUploadFiles.length - 3} more`);
    lines.push(
      `Left out ${counted(skippedUploadFiles.length, "file")} of the archive's uploads folder ` +
        `that are not pictures the upload pipeline writes: ${shown.join(", ")}.`,
    );
  }
  if (sanitizedPosts.length) {
    const more = sanitizedPosts.length > 5 ? ", …" : "";
    lines.push(
      "Removed what the post HTML rules do not allow (scripts, event handlers, …) from " +
        `${counted(sanitizedPosts.length, "post")}: ${sanitizedPosts.slice(0, 5).join(", ")}${more}.`,
    );
  }
  if (sanitizedPages.length) {
    const more = sanitizedPages.length > 5 ? ", …" : "";
    lines.push(
      "Removed what the page HTML rules do not allow (scripts, event handlers, …) from " +
        `${counted(sanitizedPages.length, "page")}: ${sanitizedPages.slice(0, 5).join(", ")}${more}.`,
    );
  }
  return lines;
}
