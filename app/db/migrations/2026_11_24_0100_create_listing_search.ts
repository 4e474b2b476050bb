import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. Search (decision 028): the price a visitor pays as a generated
// column with its sort indexes, and each engine's own indexes for words and for the area, kept in step with
// every write by the database itself (triggers on SQLite, expression indexes on PostgreSQL), so every path that
// writes a listing (the app, the seed, the tests) keeps them right in the same transaction.

const PRICE = sql`CASE WHEN "offer" AND "discountedPrice" IS NOT NULL THEN "discountedPrice" ELSE "regularPrice" END`;

// Letters that neither SQLite's unicode61 tokenizer (remove_diacritics 2) nor PostgreSQL's translate() of a
// decomposed letter turn into ASCII: the same table as app/modules/text/text.fold.ts, upper case included.
const EXTRAS: [string, string][] = [
  ["ß", "ss"],
  ["ẞ", "ss"],
  ["æ", "ae"],
  ["Æ", "ae"],
  ["œ", "oe"],
  ["Œ", "oe"],
  ["ø", "o"],
  ["Ø", "o"],
  ["ł", "l"],
  ["Ł", "l"],
  ["đ", "d"],
  ["Đ", "d"],
  ["ð", "d"],
  ["Ð", "d"],
  ["þ", "th"],
  ["Þ", "th"],
  ["ı", "i"],
];

// Exported for migration 2026_11_27_0500, which refills the FTS5 table the same way.
export function replaceExtras(expression: string) {
  return EXTRAS.reduce((text, [from, to]) => `replace(${text}, '${from}', '${to}')`, expression);
}

/** Latin letters U+00C0..U+024F that decompose into an ASCII letter and marks, for PostgreSQL's translate(). */
function decomposable() {
  let from = "";
  let to = "";
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCodePoint(code);
    const base = letter.normalize("NFKD").replace(/\p{M}/gu, "");
    if (base !== letter && /^[A-Za-z]$/.test(base)) {
      from += letter;
      to += base;
    }
  }
  return { from, to };
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`ALTER TABLE "listing" ADD COLUMN "price" integer GENERATED ALWAYS AS (${PRICE}) STORED`.execute(
      db,
    );
    const { from, to } = decomposable();
    // IMMUTABLE so an index may use it; lower() after the folding, so the result is ASCII whatever the locale.
    await sql
      .raw(
        `CREATE FUNCTION homestead_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
           SELECT lower(translate(${replaceExtras("$1")}, '${from}', '${to}')) $$`,
      )
      .execute(db);
    await sql`CREATE INDEX "listing_search_gin" ON "listing"
      USING gin (to_tsvector('simple'::regconfig, homestead_fold("name" || ' ' || "location")))`.execute(db);
    await sql`CREATE INDEX "listing_area_gist" ON "listing" USING gist (point("lng", "lat"))`.execute(db);
  } else {
    // VIRTUAL: SQLite adds only virtual generated columns to an existing table; its indexes store the value.
    await sql`ALTER TABLE "listing" ADD COLUMN "price" integer GENERATED ALWAYS AS (${PRICE}) VIRTUAL`.execute(
      db,
    );
    // A listing's id is text; FTS5 and R*Tree key rows by integer. SQLite's own rowid may change on VACUUM,
    // so a small table gives each listing a stable integer key.
    await sql`CREATE TABLE "listing_key" (
      "key" integer PRIMARY KEY,
      "listingId" text NOT NULL UNIQUE REFERENCES "listing"("id") ON DELETE CASCADE)`.execute(db);
    await sql`CREATE VIRTUAL TABLE "listing_fts" USING fts5(
      "text", content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(
      db,
    );
    await sql`CREATE VIRTUAL TABLE "listing_area" USING rtree("key", "minLng", "maxLng", "minLat", "maxLat")`.execute(
      db,
    );
    const key = `(SELECT "key" FROM "listing_key" WHERE "listingId" = new."id")`;
    const oldKey = `(SELECT "key" FROM "listing_key" WHERE "listingId" = old."id")`;
    const fill = `
      INSERT INTO "listing_fts"(rowid, "text") VALUES (${key}, ${replaceExtras(`new."name" || ' ' || new."location"`)});
      INSERT INTO "listing_area"("key", "minLng", "maxLng", "minLat", "maxLat")
        VALUES (${key}, new."lng", new."lng", new."lat", new."lat");`;
    const forget = `
      DELETE FROM "listing_fts" WHERE rowid = ${oldKey};
      DELETE FROM "listing_area" WHERE "key" = ${oldKey};`;
    await sql
      .raw(`CREATE TRIGGER "listing_search_insert" AFTER INSERT ON "listing" BEGIN
        INSERT INTO "listing_key"("listingId") VALUES (new."id");${fill}
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER "listing_search_update" AFTER UPDATE OF "name", "location", "lat", "lng" ON "listing"
      BEGIN${forget}${fill}
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER "listing_search_delete" BEFORE DELETE ON "listing" BEGIN${forget}
      END`)
      .execute(db);
    // Listings saved before this migration.
    await sql`INSERT INTO "listing_key"("listingId") SELECT "id" FROM "listing" ORDER BY "timestamp", "id"`.execute(
      db,
    );
    await sql
      .raw(`INSERT INTO "listing_fts"(rowid, "text")
        SELECT k."key", ${replaceExtras(`l."name" || ' ' || l."location"`)}
        FROM "listing" l JOIN "listing_key" k ON k."listingId" = l."id"`)
      .execute(db);
    await sql`INSERT INTO "listing_area"("key", "minLng", "maxLng", "minLat", "maxLat")
      SELECT k."key", l."lng", l."lng", l."lat", l."lat" FROM "listing" l JOIN "listing_key" k ON k."listingId" = l."id"`.execute(
      db,
    );
  }
  // The sorts by price, keyset on (price, id), for each category, for the offers and for everything.
  await db.schema.createIndex("listing_price_idx").on("listing").columns(["price", "id"]).execute();
  await db.schema
    .createIndex("listing_type_price_idx")
    .on("listing")
    .columns(["type", "price", "id"])
    .execute();
  await db.schema
    .createIndex("listing_offer_price_idx")
    .on("listing")
    .columns(["offer", "price", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const index of ["listing_offer_price_idx", "listing_type_price_idx", "listing_price_idx"]) {
    await db.schema.dropIndex(index).execute();
  }
  if (postgres) {
    await sql`DROP INDEX "listing_area_gist"`.execute(db);
    await sql`DROP INDEX "listing_search_gin"`.execute(db);
    await sql`DROP FUNCTION homestead_fold(text)`.execute(db);
  } else {
    for (const trigger of ["listing_search_insert", "listing_search_update", "listing_search_delete"]) {
      await sql`DROP TRIGGER ${sql.ref(trigger)}`.execute(db);
    }
    await sql`DROP TABLE "listing_area"`.execute(db);
    await sql`DROP TABLE "listing_fts"`.execute(db);
    await sql`DROP TABLE "listing_key"`.execute(db);
  }
  await sql`ALTER TABLE "listing" DROP COLUMN "price"`.execute(db);
}
