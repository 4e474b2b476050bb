import { foldToLowerAscii } from "#app/modules/text/text.fold.ts";

// Words as the search indexes hold them, for the queries (SQL) and for the in-memory matcher of search alerts
// and feeds, so both read a query and a listing the same way. Pure and browser-safe.

/** At most this many words of a query count; the rest of a very long query is ignored. */
const MAX_QUERY_WORDS = 12;

/**
 * A text's words, folded as the indexes fold names and addresses ("München" → "munchen"). Anything that is
 * not a letter or a digit separates words, so no character of any query syntax survives (quotes, `*`, `-`,
 * `:`, parentheses); NEAR and OR are plain words.
 */
export function foldedWords(text: string): string[] {
  return foldToLowerAscii(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A query's words (the first twelve); every one must match, the last as a prefix. */
export function queryWords(q: string): string[] {
  return foldedWords(q).slice(0, MAX_QUERY_WORDS);
}
