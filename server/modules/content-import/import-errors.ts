/**
 * A file the importer cannot read as the format it was given as: not a
 * WordPress export, not a Ghost export, cut off, or in an encoding it cannot
 * decode. The message says which, for the admin screen and the command line;
 * nothing has been written when it is thrown.
 */
export class ImportFileError extends Error {
  override name = "ImportFileError";
}
