import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. What a listing says about the home beyond its rooms and price:
// a description, its kind, its areas (square metres), its building, its costs, pets, and a video tour. Every
// column is nullable: listings saved before have none of them and stay listed; the form asks for the required
// ones at their next save.
// "Furnished" becomes a choice of three: the boolean's rows become 'furnished' (true) and 'unfurnished'
// (false). PostgreSQL changes the column's type to text (its sort indexes are rebuilt with it; a trigger that
// names the column has to go first). SQLite cannot change a column's type without rebuilding the table with
// its triggers and indexes; its integer column keeps the texts as texts (a value that is not a number keeps
// its storage class under integer affinity), so both engines read and compare the same strings.
// Visitors' pages show every new column: the page cache's update trigger watches them too.

const TRIGGER = "listing_update_bumps_page_cache";
const SHOWN_BEFORE = [
  "userRef",
  "type",
  "name",
  "bedrooms",
  "bathrooms",
  "parking",
  "furnished",
  "location",
  "offer",
  "regularPrice",
  "discountedPrice",
  "lat",
  "lng",
  "timestamp",
  "status",
  "publishedAt",
  "changedAt",
  "expiredAt",
  "hiddenAt",
  "exactAddress",
];

/** The new columns and their types on each engine. */
const COLUMNS: [name: string, kind: "text" | "integer" | "real" | "boolean"][] = [
  ["description", "text"],
  ["propertyType", "text"],
  ["livingArea", "real"],
  ["plotArea", "real"],
  ["rooms", "integer"],
  ["yearBuilt", "integer"],
  ["condition", "text"],
  ["floor", "integer"],
  ["floorsTotal", "integer"],
  ["lift", "boolean"],
  ["stepFree", "boolean"],
  ["availableFrom", "text"],
  ["leaseMonths", "integer"],
  ["deposit", "integer"],
  ["monthlyCharges", "integer"],
  ["heatingIncluded", "boolean"],
  ["serviceCharge", "integer"],
  ["pets", "text"],
  ["tourUrl", "text"],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // One column per statement: SQLite adds one column per ALTER TABLE.
  for (const [name, kind] of COLUMNS) {
    const type =
      kind === "real" ? "double precision" : kind === "boolean" ? (postgres ? "boolean" : "integer") : kind;
    await db.schema.alterTable("listing").addColumn(name, type).execute();
  }
  await dropTrigger(db);
  if (postgres) {
    await sql`ALTER TABLE "listing" ALTER COLUMN "furnished" TYPE text
      USING CASE WHEN "furnished" THEN 'furnished' ELSE 'unfurnished' END`.execute(db);
  } else {
    await sql`UPDATE "listing" SET "furnished" =
      CASE WHEN "furnished" = 1 THEN 'furnished' ELSE 'unfurnished' END`.execute(db);
  }
  await createTrigger(db, [...SHOWN_BEFORE, ...COLUMNS.map(([name]) => name)]);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropTrigger(db);
  // Partly furnished was not a choice before: it reads as furnished.
  if (postgres) {
    await sql`ALTER TABLE "listing" ALTER COLUMN "furnished" TYPE boolean
      USING "furnished" <> 'unfurnished'`.execute(db);
  } else {
    await sql`UPDATE "listing" SET "furnished" =
      CASE WHEN "furnished" = 'unfurnished' THEN 0 ELSE 1 END`.execute(db);
  }
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable("listing").dropColumn(name).execute();
  }
  await createTrigger(db, SHOWN_BEFORE);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function dropTrigger(db: Kysely<any>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists ${sql.raw(TRIGGER)} on "listing"`.execute(db);
  } else {
    await sql`drop trigger if exists ${sql.raw(TRIGGER)}`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function createTrigger(db: Kysely<any>, columns: string[]) {
  const event = `update of ${columns.map((column) => `"${column}"`).join(", ")}`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create trigger ${sql.raw(TRIGGER)} after ${sql.raw(event)} on "listing"
      for each statement execute function bump_page_cache_version()`.execute(db);
  } else {
    await sql`create trigger ${sql.raw(TRIGGER)} after ${sql.raw(event)} on "listing"
      for each row begin
        update "pageCacheVersion" set version = version + 1 where id = 1;
      end`.execute(db);
  }
}
