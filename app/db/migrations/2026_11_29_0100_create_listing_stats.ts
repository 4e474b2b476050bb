import type { Kysely } from "kysely";

// Frozen once landed. Never imports app code. Listers' statistics (decision 063):
// - listingStatDay: per listing and UTC day ("2026-11-29"), the views, saves and enquiries; deleted with its
//   listing. No trigger bumps the page cache's version: no visitor's page shows these numbers.
// - listingViewSalt: one random salt per day, shared by every instance, deleted once its day is over.
// - listingViewSeen: the day's hashes of (salt, client address, user agent, listing) already counted, so a
//   browser's second view that day is not; deleted with the salt. No foreign key: a hash names nothing.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("listingStatDay")
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("saves", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("enquiries", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("listingStatDay_pk", ["listingId", "day"])
    .execute();
  await db.schema
    .createTable("listingViewSalt")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("listingViewSeen")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("listingViewSeen_pk", ["day", "hash"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("listingViewSeen").execute();
  await db.schema.dropTable("listingViewSalt").execute();
  await db.schema.dropTable("listingStatDay").execute();
}
