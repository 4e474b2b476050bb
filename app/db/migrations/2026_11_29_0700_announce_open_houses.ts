import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. Alerts tell holders of a saved home and matching saved searches
// of a new open house once (decision 072):
// - `openHouse_unannounced_idx`: the sweep looks up the open houses still to tell (`announcedAt` null) every
//   minute; the partial index holds only those, so the look-up costs nothing once they are told.
// - The page cache's openHouse update trigger (2026_11_29_0500) fired on every update; `announcedAt` is shown
//   on no page, so telling an open house no longer drops every kept page.

const TRIGGER = "openHouse_update_bumps_page_cache";
const SHOWN = [
  "listingId",
  "kind",
  "startsAt",
  "endsAt",
  "slotMinutes",
  "capacity",
  "booked",
  "confirmByHand",
  "remarks",
  "timeZone",
  "status",
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("openHouse_unannounced_idx")
    .on("openHouse")
    .column("createdAt")
    .where(sql.ref("announcedAt"), "is", null)
    .execute();
  await replaceTrigger(db, `update of ${SHOWN.map((column) => `"${column}"`).join(", ")}`);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await replaceTrigger(db, "update");
  await db.schema.dropIndex("openHouse_unannounced_idx").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function replaceTrigger(db: Kysely<any>, event: string) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists ${sql.raw(TRIGGER)} on "openHouse"`.execute(db);
    await sql`create trigger ${sql.raw(TRIGGER)} after ${sql.raw(event)} on "openHouse"
      for each statement execute function bump_page_cache_version()`.execute(db);
  } else {
    await sql`drop trigger if exists ${sql.raw(TRIGGER)}`.execute(db);
    await sql`create trigger ${sql.raw(TRIGGER)} after ${sql.raw(event)} on "openHouse"
      for each row begin
        update "pageCacheVersion" set version = version + 1 where id = 1;
      end`.execute(db);
  }
}
