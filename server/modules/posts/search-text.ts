/**
 * What full-text search indexes and how user input becomes a query.
 *
 * The index holds plain text, never markup: a search for "strong" or "href"
 * must not match every post that has bold text or a link. The plain text of a
 * post's body is stored beside it (`posts.search_text`, written with the
 * content) and the database builds its index from it (SQLite: triggers into
 * an FTS5 table; PostgreSQL: a generated tsvector column).
 */

/** Tags that separate words; every other tag (strong, em, a...) sits inside a word run. */
const BLOCK_TAGS =
  /^(?:address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|img|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)$/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The words of an HTML fragment: tags removed (block tags become spaces,
 * inline ones join their neighbours as a reader sees them), entities decoded,
 * whitespace collapsed. Attribute values (link targets, image sources) are
 * not text and are left out.
 */
export function searchTextOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<\/?([a-z][a-z0-9]*)\b[^>]*>/gi, (_tag, name: string) =>
        BLOCK_TAGS.test(name) ? " " : "",
      )
      .replace(/<[^>]*>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** At most this many words of a query are searched for (the rest are ignored). */
export const MAX_SEARCH_TERMS = 16;
const MAX_TERM_LENGTH = 64;

/**
 * The words of a search, lower-cased: runs of letters and digits. Everything
 * else (quotes, operators, `*`, `-`, `:`, parentheses, NUL...) separates words
 * and never reaches the full-text query syntax.
 */
export function searchTerms(input: string): string[] {
  const words =
    input
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const term = word.slice(0, MAX_TERM_LENGTH);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === MAX_SEARCH_TERMS) break;
  }
  return terms;
}

/** SQLite FTS5: every term as a quoted prefix, all required. */
export function ftsMatchQuery(terms: string[]): string {
  return terms.map((term) => `"${term.replace(/"/g, '""')}"*`).join(" AND ");
}

/** PostgreSQL to_tsquery: every term as a prefix, all required. */
export function tsQuery(terms: string[]): string {
  // Terms are letters and digits only, so none of to_tsquery's operators can appear.
  return terms.map((term) => `${term}:*`).join(" & ");
}
