import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. The search filters by a listing's details (its kind, living
// area, pets, availability and step-free access) and sorts by area and by price per area (decision 059).
//
// - `pricePerArea`: the price a visitor pays (the same rule as the generated `price`, migration
//   2026_11_24_0100; PostgreSQL's generated columns cannot read another generated column, so the rule is
//   written again here) per square metre of living area, null without one. Stored on PostgreSQL; virtual on
//   SQLite, which adds no other kind to an existing table (its indexes store the value).
// - Every sort index holds every filtered column (decision 045), so the new filters' columns join each of
//   them, and each new sort gets its three indexes (alone, by type, by offer) holding them too. PostgreSQL's
//   columns keep migration 2026_11_27_0600's order (fixed width first, the nearly always null last), the two
//   indexes a search of all listings walks keep carrying the words; the new sorts' indexes do not (a words
//   search sorted by area reads each matching row's words from the table, as a type's index does).

const PRICE = sql`CASE WHEN "offer" AND "discountedPrice" IS NOT NULL THEN "discountedPrice" ELSE "regularPrice" END`;

type Index = [name: string, keys: string[], words: boolean];

const SORT_INDEXES_BEFORE: Index[] = [
  ["listing_timestamp_id_idx", ["timestamp", "id"], true],
  ["listing_type_timestamp_idx", ["type", "timestamp", "id"], false],
  ["listing_offer_timestamp_idx", ["offer", "timestamp", "id"], false],
  ["listing_price_idx", ["price", "id"], true],
  ["listing_type_price_idx", ["type", "price", "id"], false],
  ["listing_offer_price_idx", ["offer", "price", "id"], false],
];

const NEW_SORT_INDEXES: Index[] = [
  ["listing_area_idx", ["livingArea", "id"], false],
  ["listing_type_area_idx", ["type", "livingArea", "id"], false],
  ["listing_offer_area_idx", ["offer", "livingArea", "id"], false],
  ["listing_price_per_area_idx", ["pricePerArea", "id"], false],
  ["listing_type_price_per_area_idx", ["type", "pricePerArea", "id"], false],
  ["listing_offer_price_per_area_idx", ["offer", "pricePerArea", "id"], false],
];

/**
 * What a list or a search checked before, in each engine's order (migrations 2026_11_27_0400 and 0600, then
 * 2026_11_28_0510's energy rating, last).
 */
const CHECKED_BEFORE = {
  sqlite: [
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
    "energyRating",
  ],
  postgres: [
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
    "energyRating",
  ],
};

/** What a list or a search checks now. */
const CHECKED = {
  sqlite: [...CHECKED_BEFORE.sqlite, "propertyType", "livingArea", "pets", "availableFrom", "stepFree"],
  postgres: [
    "lat",
    "lng",
    "price",
    "bedrooms",
    "bathrooms",
    "livingArea",
    "parking",
    "stepFree",
    "furnished",
    "offer",
    "type",
    "status",
    "userRef",
    "propertyType",
    "pets",
    "availableFrom",
    "energyRating",
    "hiddenAt",
    "expiredAt",
  ],
};

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = isPostgres(db);
  if (postgres) {
    await sql`ALTER TABLE "listing" ADD COLUMN "pricePerArea" double precision
      GENERATED ALWAYS AS ((${PRICE})::double precision / NULLIF("livingArea", 0)) STORED`.execute(db);
  } else {
    await sql`ALTER TABLE "listing" ADD COLUMN "pricePerArea" real
      GENERATED ALWAYS AS (CAST((${PRICE}) AS real) / NULLIF("livingArea", 0)) VIRTUAL`.execute(db);
  }
  const checked = postgres ? CHECKED.postgres : CHECKED.sqlite;
  await replaceIndexes(db, widened(SORT_INDEXES_BEFORE, checked));
  await createIndexes(db, widened(NEW_SORT_INDEXES, checked));
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  const postgres = isPostgres(db);
  for (const [name] of NEW_SORT_INDEXES) await db.schema.dropIndex(name).execute();
  await replaceIndexes(
    db,
    widened(SORT_INDEXES_BEFORE, postgres ? CHECKED_BEFORE.postgres : CHECKED_BEFORE.sqlite),
  );
  await db.schema.alterTable("listing").dropColumn("pricePerArea").execute();
}

/** Each index's keys followed by every checked column it does not sort by. */
function widened(indexes: Index[], checked: string[]): Index[] {
  return indexes.map(([name, keys, words]) => [
    name,
    [...keys, ...checked.filter((c) => !keys.includes(c))],
    words,
  ]);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function createIndexes(db: Kysely<any>, indexes: Index[], suffix = "") {
  for (const [name, columns, words] of indexes) {
    // Kysely's index builder has no INCLUDE; SQLite has none (its index entries cannot carry the words).
    const include = words && isPostgres(db) ? sql` INCLUDE ("searchVector")` : sql``;
    await sql`CREATE INDEX ${sql.ref(`${name}${suffix}`)} ON "listing"
      (${sql.join(columns.map((column) => sql.ref(column)))})${include}`.execute(db);
  }
}

/**
 * PostgreSQL builds each new index under a passing name, then drops the old ones and renames the new, so reads
 * wait only from the first drop to the commit (as migration 2026_11_27_0600 does); SQLite, which cannot rename
 * an index, drops and builds each in the migration's transaction.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function replaceIndexes(db: Kysely<any>, indexes: Index[]) {
  if (!isPostgres(db)) {
    for (const [name] of indexes) await db.schema.dropIndex(name).execute();
    await createIndexes(db, indexes);
    return;
  }
  await createIndexes(db, indexes, "_next");
  for (const [name] of indexes) {
    await db.schema.dropIndex(name).execute();
    await sql`ALTER INDEX ${sql.ref(`${name}_next`)} RENAME TO ${sql.ref(name)}`.execute(db);
  }
}
