import { decodeKeyset, encodeKeyset } from "#app/db/keyset.server.ts";
import { LISTING_SORTS } from "#app/modules/listing/listing.fields.ts";
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

function tagOf(sort: SearchSort) {
  return LISTING_SORTS.find((declared) => declared.name === sort)?.tag ?? "";
}

/** Opaque to the client (the keyset pager's cursor, tagged with the sort). */
export function encodeSearchCursor({ sort, key, id }: SearchCursor) {
  return encodeKeyset(tagOf(sort), { key, id });
}

/** The cursor, or null when it was tampered with or belongs to another sort (then the first page shows). */
export function decodeSearchCursor(value: string | null | undefined, sort: SearchSort): SearchCursor | null {
  const at = decodeKeyset(value, tagOf(sort));
  return at && { sort, ...at };
}
