import { type ChangeObject, diffWords } from "diff";

/**
 * What the compare views of the editors show: one document's fields side by
 * side, each as readable text (HTML content turned into paragraphs of words),
 * with the words that differ marked. Shared by revisions (a revision against
 * the current version) and edit conflicts (theirs against yours).
 */
export type DiffField = { label: string; before: string; after: string };

export type DiffPart = { text: string; change: "same" | "added" | "removed" };

/** Readable text of rich-text HTML: blocks become lines, tags go, entities read. */
export function htmlToReadableText(html: string): string {
  return html
    .replace(/<\s*(br|hr)\b[^>]*>/gi, "\n")
    .replace(/<\s*\/\s*(p|div|h[1-6]|li|blockquote|pre|figure|figcaption|tr)\s*>/gi, "\n")
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, "[image: $1]")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The word-level difference of two texts, in order. */
export function diffText(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part: ChangeObject<string>) => ({
    text: part.value,
    change: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}

/** Whether a field differs at all (the compare view lists the changed ones first). */
export function isChanged(field: DiffField): boolean {
  return field.before !== field.after;
}
