import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. Whether a listing's page shows its exact address (the house
// number and a pin) or only the street and a circle around the area; every listing so far showed it: true.
// Visitors' pages show the choice, so the page cache's update trigger watches the new column too.

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
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("listing")
    .addColumn("exactAddress", postgres ? "boolean" : "integer", (c) =>
      c.notNull().defaultTo(postgres ? sql`true` : 1),
    )
    .execute();
  await replaceTrigger(db, [...SHOWN_BEFORE, "exactAddress"]);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await replaceTrigger(db, SHOWN_BEFORE);
  await db.schema.alterTable("listing").dropColumn("exactAddress").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function replaceTrigger(db: Kysely<any>, columns: string[]) {
  const event = `update of ${columns.map((column) => `"${column}"`).join(", ")}`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists ${sql.raw(TRIGGER)} on "listing"`.execute(db);
    await sql`create trigger ${sql.raw(TRIGGER)} after ${sql.raw(event)} on "listing"
      for each statement execute function bump_page_cache_version()`.execute(db);
  } else {
    await sql`drop trigger if exists ${sql.raw(TRIGGER)}`.execute(db);
    await sql`create trigger ${sql.raw(TRIGGER)} after ${sql.raw(event)} on "listing"
      for each row begin
        update "pageCacheVersion" set version = version + 1 where id = 1;
      end`.execute(db);
  }
}
