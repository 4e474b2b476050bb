import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. The page cache's listing trigger (2026_11_24_0700) bumped the
// version on every update of a listing, also of its freshness bookkeeping (reminderSentAt, confirmedAt),
// which no visitor's page shows: the freshness job reminding thousands of owners dropped every kept page
// thousands of times. Now only an update of a column a page shows bumps it.

const TRIGGER = "listing_update_bumps_page_cache";
const SHOWN = [
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
  await replaceTrigger(db, `update of ${SHOWN.map((column) => `"${column}"`).join(", ")}`);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await replaceTrigger(db, "update");
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function replaceTrigger(db: Kysely<any>, event: string) {
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
