import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. A search can now ask for an energy rating at least as good as a
// class (minEnergy), so every sort index holds the rating too: a walk checks it in the index and reads the row
// only for a match (decision 045). The keys, their order and the other columns are as migrations
// 2026_11_27_0400 (SQLite) and 2026_11_27_0600 (PostgreSQL: fixed-width columns first, the words INCLUDEd in
// the two indexes a search of all listings walks) left them; the rating, a text that is null on every listing
// saved before it was asked, comes last.

/** The indexes, each with the columns it is sorted by and whether PostgreSQL's carries the words. */
const SORT_INDEXES: [name: string, keys: string[], words: boolean][] = [
  ["listing_timestamp_id_idx", ["timestamp", "id"], true],
  ["listing_type_timestamp_idx", ["type", "timestamp", "id"], false],
  ["listing_offer_timestamp_idx", ["offer", "timestamp", "id"], false],
  ["listing_price_idx", ["price", "id"], true],
  ["listing_type_price_idx", ["type", "price", "id"], false],
  ["listing_offer_price_idx", ["offer", "price", "id"], false],
];

/** What the indexes held before, on each engine, in its order. */
const CHECKED_SQLITE = [
  "status",
  "hiddenAt",
  "expiredAt",
  "userRef",
  "type",
  "offer",
  "price",
  "bedrooms",
  "bathrooms",
  "parking",
  "furnished",
  "lat",
  "lng",
];
const CHECKED_POSTGRES = [
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
const ADDED = ["energyRating"];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await rebuild(db, ADDED);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await rebuild(db, []);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rebuild(db: Kysely<any>, added: string[]) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const checked = [...(postgres ? CHECKED_POSTGRES : CHECKED_SQLITE), ...added];
  const indexes = SORT_INDEXES.map(
    ([name, keys, words]) =>
      [name, [...keys, ...checked.filter((column) => !keys.includes(column))], postgres && words] as [
        string,
        string[],
        boolean,
      ],
  );
  if (!postgres) {
    // SQLite's migration takes the database's one write lock anyway: each index is dropped and built again.
    for (const [name, columns] of indexes) {
      await db.schema.dropIndex(name).execute();
      await db.schema.createIndex(name).on("listing").columns(columns).execute();
    }
    return;
  }
  // Each new index is built under a passing name first, then the old one dropped and the new one renamed: the
  // migration is one transaction, and the lock that stops reads is held only from the first drop to the commit.
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
