import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. A listing's page and card name its agency: moving a listing to
// another agency (or back to its agent) must empty the page cache as any other shown column does, so the
// update trigger watches `agencyId` too.

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
  "energyCertificate",
  "energyRating",
  "energyUse",
  "energyValidUntil",
  "energyCertificateType",
  "energySource",
  "ghgRating",
  "energyCostMin",
  "energyCostMax",
  "tenure",
  "councilTaxBand",
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await dropTrigger(db);
  await createTrigger(db, [...SHOWN_BEFORE, "agencyId"]);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await dropTrigger(db);
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
