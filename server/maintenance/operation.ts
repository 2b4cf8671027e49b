/** What backup, restore, export and import share. */

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
