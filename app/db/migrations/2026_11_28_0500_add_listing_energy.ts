import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. A listing's energy (its rating on the site's scale, its energy
// use, its certificate's validity, or why it has none) and the details a country asks for beside them
// (Germany's certificate type and main energy source, France's GES class and yearly energy cost, the UK's
// tenure and council tax band). Every column is nullable: listings saved before have none and stay listed;
// their owner is asked to complete them where the site's country rules require them. Visitors' pages show
// every new column: the page cache's update trigger watches them too.

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
  "description",
  "propertyType",
  "livingArea",
  "plotArea",
  "rooms",
  "yearBuilt",
  "condition",
  "floor",
  "floorsTotal",
  "lift",
  "stepFree",
  "availableFrom",
  "leaseMonths",
  "deposit",
  "monthlyCharges",
  "heatingIncluded",
  "serviceCharge",
  "pets",
  "tourUrl",
];

/** The new columns and their types. */
const COLUMNS: [name: string, kind: "text" | "integer" | "real"][] = [
  ["energyCertificate", "text"],
  ["energyRating", "text"],
  ["energyUse", "real"],
  ["energyValidUntil", "text"],
  ["energyCertificateType", "text"],
  ["energySource", "text"],
  ["ghgRating", "text"],
  ["energyCostMin", "integer"],
  ["energyCostMax", "integer"],
  ["tenure", "text"],
  ["councilTaxBand", "text"],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  // One column per statement: SQLite adds one column per ALTER TABLE.
  for (const [name, kind] of COLUMNS) {
    await db.schema
      .alterTable("listing")
      .addColumn(name, kind === "real" ? "double precision" : kind)
      .execute();
  }
  await dropTrigger(db);
  await createTrigger(db, [...SHOWN_BEFORE, ...COLUMNS.map(([name]) => name)]);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await dropTrigger(db);
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
