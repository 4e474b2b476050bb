import type { SearchSort } from "./search.rules.ts";

// A query's words (search.words.ts) as each engine's full-text syntax, and the keyset cursor of every sort.
// Pure: tested alone.

/** SQLite FTS5: every word must match, the last as a prefix. Each word is a quoted string. */
export function ftsMatch(words: string[]) {
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? "*" : ""}`).join(" ");
}

/** PostgreSQL to_tsquery: every word must match, the last as a prefix. Words hold letters and digits only. */
export function tsQuery(words: string[]) {
  return words.map((word, index) => `${word}${index === words.length - 1 ? ":*" : ""}`).join(" & ");
}

/** Where a page ends in its sort: the sort key of the last listing shown (timestamp or price) and its id. */
export type SearchCursor = { sort: SearchSort; key: number; id: string };

const SORT_CODES: Record<SearchSort, string> = { newest: "n", "price-asc": "a", "price-desc": "d" };

/** Opaque to the client. */
export function encodeSearchCursor(cursor: SearchCursor) {
  return Buffer.from(`${SORT_CODES[cursor.sort]}.${cursor.key}.${cursor.id}`).toString("base64url");
}

/** The cursor, or null when it was tampered with or belongs to another sort (then the first page shows). */
export function decodeSearchCursor(value: string | null | undefined, sort: SearchSort): SearchCursor | null {
  if (!value || value.length > 200) return null;
  const match = /^([nad])\.(\d{1,16})\.([\w-]{1,64})$/.exec(Buffer.from(value, "base64url").toString());
  if (!match || match[1] !== SORT_CODES[sort]) return null;
  return { sort, key: Number(match[2]), id: match[3]! };
}
