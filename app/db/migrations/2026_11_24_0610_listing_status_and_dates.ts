import { type Kysely, sql } from "kysely";

// Frozen once landed. A listing's status (available, let, sold), the dates it was first published,
// last changed and last confirmed by its owner, the freshness reminder and expiry, and its price history.
// The three dates are null where nobody set them (listings older than this, rows written by tools): read as the
// listing's timestamp.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("listing")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("available").check(sql`"status" in ('available', 'let', 'sold')`),
    )
    .execute();
  for (const column of ["publishedAt", "changedAt", "confirmedAt", "reminderSentAt", "expiredAt"]) {
    await db.schema.alterTable("listing").addColumn(column, "bigint").execute();
  }

  await db.schema
    .createTable("listingPrice")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("previousPrice", "integer", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("changedAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("listingPrice_listingId_idx")
    .on("listingPrice")
    .columns(["listingId", "changedAt"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("listingPrice").execute();
  for (const column of ["expiredAt", "reminderSentAt", "confirmedAt", "changedAt", "publishedAt", "status"]) {
    await db.schema.alterTable("listing").dropColumn(column).execute();
  }
}
