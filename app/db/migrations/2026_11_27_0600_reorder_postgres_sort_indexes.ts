import { type Kysely, PostgresAdapter, sql } from "kysely";
import { CHECKED as CHECKED_BEFORE } from "./2026_11_27_0400_widen_listing_sort_indexes.ts";

// Frozen once landed. Never imports app code (migration 0400, whose column order down() restores, is frozen
// too). PostgreSQL only. Migration 2026_11_27_0400 made each sort index hold every column a search checks, so
// the check happens in the index. PostgreSQL checks an entry's conditions in the order of the index's columns,
// and finds a column after the first text one (the id) by stepping over every column before it. The checked
// columns came status first and the map's area last, so an entry outside the area was ruled out after eight
// columns: 8.5 ms to read the 13,600 offers in the price range of the bench's "all filters" search at 100,000
// listings. Fixed-width columns come first now, the area first of them, and the columns that are nearly always
// null last, so PostgreSQL can use the columns' fixed offsets as long as it can (3.8 ms for the same search).
// The keys and their order are unchanged, so every sort and keyset page uses the same index as before.
//
// The two indexes that a search of all listings walks (newest, and by price) also carry each listing's words
// (`searchVector`, INCLUDE: stored, not sorted), so a count of a common word checks them without reading the
// table: 7.5 → 3.1 ms for the 1,001 listings of "berlin" at 100,000 (about 150 bytes more an entry; decision
// 047). A search with a type or the offers walks that one's index and reads each row for its words, as before.
//
// SQLite reads every column of an index entry from its header at once, so the order does not matter there.

/** The indexes, each with the columns it is sorted by and whether it carries the words. */
const SORT_INDEXES: [name: string, keys: string[], words: boolean][] = [
  ["listing_timestamp_id_idx", ["timestamp", "id"], true],
  ["listing_type_timestamp_idx", ["type", "timestamp", "id"], false],
  ["listing_offer_timestamp_idx", ["offer", "timestamp", "id"], false],
  ["listing_price_idx", ["price", "id"], true],
  ["listing_type_price_idx", ["type", "price", "id"], false],
  ["listing_offer_price_idx", ["offer", "price", "id"], false],
];

/** What a list or a search checks, in the order PostgreSQL finds them fastest (see above). */
const CHECKED = [
  "lat",
  "lng",
  "price",
  "bedrooms",
  "bathrooms",
  "parking",
  "furnished",
  "offer",
  "type",
  "status",
  "userRef",
  "hiddenAt",
  "expiredAt",
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await replaceIndexes(
    db,
    SORT_INDEXES.map(([name, keys, words]) => [
      name,
      [...keys, ...CHECKED.filter((c) => !keys.includes(c))],
      words,
    ]),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await replaceIndexes(
    db,
    SORT_INDEXES.map(([name, keys]) => [
      name,
      [...keys, ...CHECKED_BEFORE.filter((c) => !keys.includes(c))],
      false,
    ]),
  );
}

/**
 * Builds every new index under a passing name first, then drops the old ones and renames the new. The migration
 * is one transaction: building takes a lock that lets reads through and makes writes wait (seconds at 100,000
 * listings, a minute or more at a million); dropping takes one that stops reads too, held only from the first
 * drop to the commit, a few milliseconds.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function replaceIndexes(db: Kysely<any>, indexes: [name: string, columns: string[], words: boolean][]) {
  for (const [name, columns, words] of indexes) {
    // Kysely's index builder has no INCLUDE.
    const include = words ? sql` INCLUDE ("searchVector")` : sql``;
    await sql`CREATE INDEX ${sql.ref(`${name}_next`)} ON "listing"
      (${sql.join(columns.map((column) => sql.ref(column)))})${include}`.execute(db);
  }
  for (const [name] of indexes) {
    await db.schema.dropIndex(name).execute();
    await sql`ALTER INDEX ${sql.ref(`${name}_next`)} RENAME TO ${sql.ref(name)}`.execute(db);
  }
}
