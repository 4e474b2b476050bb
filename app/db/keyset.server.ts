import { type SelectQueryBuilder, sql } from "kysely";

// The one keyset pager: every paged list (categories, offers, search, saved homes) is ordered by a numeric key
// and an id, and a page starts after the last row of the one before, never at an offset, so each page costs the
// same however deep. The cursor is opaque to the client: the sort's tag, the key and the id.

/** Where a page ends: the sort key of the last row shown and its id. */
export type Keyset = { key: number; id: string };

/** The cursor of `at` in the sort tagged `tag` (a letter; "" for a list with one order). */
export function encodeKeyset(tag: string, at: Keyset) {
  return Buffer.from(`${tag ? `${tag}.` : ""}${at.key}.${at.id}`).toString("base64url");
}

/** The position of a cursor of the sort tagged `tag`, or null when it was tampered with or is another sort's. */
export function decodeKeyset(value: string | null | undefined, tag: string): Keyset | null {
  if (!value || value.length > 200) return null;
  // A key may have decimals (an area, a price per area): the id has no dot, so the last dot is the id's.
  const match = /^(?:([a-z])\.)?(\d{1,16}(?:\.\d{1,20})?)\.([\w-]{1,64})$/.exec(
    Buffer.from(value, "base64url").toString(),
  );
  if (!match || (match[1] ?? "") !== tag) return null;
  return { key: Number(match[2]), id: match[3]! };
}

export type KeysetOrder<Row> = {
  /** The sort key's and the id's columns, as the query names them ("listing.timestamp", "listing.id"). */
  key: string;
  id: string;
  direction: "asc" | "desc";
  /** The position a page starts after (null: the first page). */
  after: Keyset | null;
  pageSize: number;
  /** A row's key and id, for the next page's cursor. */
  keysetOf: (row: Row) => Keyset;
};

/**
 * One page of `query` in the order of (key, id), after `after`. A row-value comparison, so both engines seek
 * straight to the position in the sort's index instead of reading every row before it. Fetches one row more
 * than the page to know whether another page really exists; `next` is the position to continue from.
 */
export async function keysetPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  { key, id, direction, after, pageSize, keysetOf }: KeysetOrder<Row>,
): Promise<{ rows: Row[]; next: Keyset | null }> {
  let paged = query;
  if (after) {
    const op = sql.raw(direction === "asc" ? ">" : "<");
    paged = paged.where(sql<boolean>`(${sql.ref(key)}, ${sql.ref(id)}) ${op} (${after.key}, ${after.id})`);
  }
  const rows = await paged
    .orderBy(sql.ref(key), direction)
    .orderBy(sql.ref(id), direction)
    .limit(pageSize + 1)
    .execute();
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { rows: page, next: rows.length > pageSize && last ? keysetOf(last) : null };
}
