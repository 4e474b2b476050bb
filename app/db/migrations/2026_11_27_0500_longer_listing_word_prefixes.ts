import { type Kysely, PostgresAdapter, sql } from "kysely";
import { replaceExtras } from "./2026_11_24_0100_create_listing_search.ts";

// Frozen once landed. Never imports app code (the first search migration is frozen too). A query's last word
// is a prefix ("berl" finds Berlin). SQLite's FTS5 table kept prefix indexes for two and three letters only, so
// a longer prefix made FTS5 read and merge the match list of every word it starts before giving a first row:
// 3.7 ms for "berlin" among a million listings, for every search and every count with that word. With prefix
// indexes up to eight letters, FTS5 reads such a prefix as it reads a whole word, one row at a time (0.15 ms to
// count 2,001 matches), for about 70 bytes more a listing (decision 047). FTS5 cannot change the prefixes of
// an existing table: the table is made anew and filled as the first search migration filled it; its triggers
// name the table, so they write to the new one. PostgreSQL's GIN index needs no change.

const TABLE = (prefixes: string) =>
  sql.raw(`CREATE VIRTUAL TABLE "listing_fts" USING fts5(
    "text", content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='${prefixes}')`);

// One transaction (Kysely runs SQLite's migrations outside one): a process that stops half-way leaves the old
// table, and other connections read the old table until the new one is whole. Writers wait for it up to their
// busy timeout (5 s), then fail: the refill takes about 2 s at 100,000 listings and 21 s at a million.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
async function remake(db: Kysely<any>, prefixes: string) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE "listing_fts"`.execute(trx);
    await TABLE(prefixes).execute(trx);
    await sql
      .raw(`INSERT INTO "listing_fts"(rowid, "text")
        SELECT k."key", ${replaceExtras(`l."name" || ' ' || l."location"`)}
        FROM "listing" l JOIN "listing_key" k ON k."listingId" = l."id"`)
      .execute(trx);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: see remake()
export async function up(db: Kysely<any>) {
  await remake(db, "2 3 4 5 6 7 8");
}

// biome-ignore lint/suspicious/noExplicitAny: see remake()
export async function down(db: Kysely<any>) {
  await remake(db, "2 3");
}
