import type { Db } from "#server/db/client.ts";

/**
 * What an import adds when it creates a post or a page through the document's
 * own service (server/modules/content-import): every rule of a save still
 * applies, but the document is written by the person the old site named
 * (`authorId`, null for none), and `within` runs in the creating transaction
 * after its writes, so the import's record of the item (its source id, its
 * old addresses) commits with it or not at all.
 */
export type CreateOptions = {
  authorId?: number | null;
  within?: (trx: Db, id: number) => Promise<void>;
};
