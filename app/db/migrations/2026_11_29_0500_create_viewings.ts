import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. Viewings (decision 067), modelled on RESO's resources:
// - `openHouse` (RESO OpenHouse): a time span a lister publishes for a listing. OpenHouseKey = id, ListingKey =
//   listingId, OpenHouseStartTime / OpenHouseEndTime = startsAt / endsAt (epoch ms), OpenHouseType = kind
//   ("openHouse": anyone may come, `capacity` caps the bookings when set; "slots": `slotMinutes`-long
//   appointments, one booking each), AppointmentRequiredYN ~ confirmByHand, OpenHouseStatus = status
//   ("active" | "cancelled"), OpenHouseRemarks = remarks. `booked` counts live bookings: a booking takes a place
//   with one conditional UPDATE (`booked < capacity`), so two requests never take the last one.
// - `showingAppointment` (RESO ShowingAppointment): one visitor's booking. ShowingAppointmentKey = id (the
//   calendar UID), ListingKey = listingId, ShowingRequestorKey = visitorId, ShowingStartTimestamp /
//   ShowingEndTimestamp = startsAt / endsAt, ShowingAppointmentStatus = status ("requested" | "confirmed" |
//   "cancelled"), ShowingRemarks = message. A slot's booking holds `slotClaim` (its open house and start),
//   unique while it is live and null once cancelled: the database lets one of two racing inserts through.
// The listing page shows the times, so both tables bump the page cache's version (decision 041).
// The outbox learns attachments (a JSON array of { filename, contentType, content }) for the calendar files.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const boolean = postgres ? "boolean" : "integer";

  await db.schema
    .createTable("openHouse")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("startsAt", "bigint", (c) => c.notNull())
    .addColumn("endsAt", "bigint", (c) => c.notNull())
    .addColumn("slotMinutes", "integer")
    .addColumn("capacity", "integer")
    .addColumn("booked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("confirmByHand", boolean, (c) => c.notNull().defaultTo(false))
    .addColumn("remarks", "text")
    .addColumn("timeZone", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("createdById", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    // When alerts told saved homes and matching searches of it; null until then.
    .addColumn("announcedAt", "bigint")
    .execute();
  await db.schema
    .createIndex("openHouse_listing_idx")
    .on("openHouse")
    .columns(["listingId", "endsAt"])
    .execute();

  await db.schema
    .createTable("showingAppointment")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("openHouseId", "text", (c) => c.notNull().references("openHouse.id").onDelete("cascade"))
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("visitorId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("startsAt", "bigint", (c) => c.notNull())
    .addColumn("endsAt", "bigint", (c) => c.notNull())
    .addColumn("slotClaim", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("cancelReason", "text")
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("confirmedAt", "bigint")
    .addColumn("cancelledAt", "bigint")
    .addColumn("reminderSentAt", "bigint")
    .addUniqueConstraint("showingAppointment_slotClaim_unique", ["slotClaim"])
    .execute();
  await db.schema
    .createIndex("showingAppointment_listing_idx")
    .on("showingAppointment")
    .columns(["listingId", "startsAt"])
    .execute();
  await db.schema
    .createIndex("showingAppointment_visitor_idx")
    .on("showingAppointment")
    .columns(["visitorId", "startsAt"])
    .execute();
  await db.schema
    .createIndex("showingAppointment_openHouse_idx")
    .on("showingAppointment")
    .columns(["openHouseId"])
    .execute();

  await db.schema.alterTable("mailOutbox").addColumn("attachments", "text").execute();

  for (const table of ["openHouse", "showingAppointment"]) {
    for (const event of ["insert", "update", "delete"]) {
      const name = `${table}_${event}_bumps_page_cache`;
      if (postgres) {
        await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table(table)}
          for each statement execute function bump_page_cache_version()`.execute(db);
      } else {
        await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table(table)}
          for each row begin
            update "pageCacheVersion" set version = version + 1 where id = 1;
          end`.execute(db);
      }
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.alterTable("mailOutbox").dropColumn("attachments").execute();
  await db.schema.dropTable("showingAppointment").execute();
  await db.schema.dropTable("openHouse").execute();
}
