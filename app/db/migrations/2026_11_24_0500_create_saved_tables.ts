import type { Kysely } from "kysely";

// Frozen once landed. Saved homes, saved searches and the alert e-mails waiting to go.
// - savedListing keeps the listing's name when saved, and no foreign key to the listing: a home its owner
//   deletes stays in the saver's list as "Removed". `notifiedPrice` is the price its saver last heard of, for
//   the price-drop digest.
// - savedSearch.lastAlertAt is where its next alert starts: listings published after it are new to it.
// - alertDelivery is an e-mail to send, written in the same transaction that moves `lastAlertAt`, so a sweep
//   killed midway writes it whole or not at all; senders claim a row for a while (`claimedUntil`).

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("savedListing")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("listingId", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("notifiedPrice", "integer")
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("savedListing_pk", ["userId", "listingId"])
    .execute();
  await db.schema
    .createIndex("savedListing_userId_createdAt_idx")
    .on("savedListing")
    .columns(["userId", "createdAt", "listingId"])
    .execute();
  await db.schema.createIndex("savedListing_listingId_idx").on("savedListing").column("listingId").execute();

  await db.schema
    .createTable("savedSearch")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("frequency", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("lastAlertAt", "bigint", (c) => c.notNull())
    .addColumn("nextRunAt", "bigint", (c) => c.notNull())
    .addColumn("pausedAt", "bigint")
    .execute();
  await db.schema
    .createIndex("savedSearch_userId_createdAt_idx")
    .on("savedSearch")
    .columns(["userId", "createdAt", "id"])
    .execute();
  await db.schema
    .createIndex("savedSearch_frequency_nextRunAt_idx")
    .on("savedSearch")
    .columns(["frequency", "nextRunAt"])
    .execute();

  await db.schema
    .createTable("alertDelivery")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("savedSearchId", "text", (c) => c.references("savedSearch.id").onDelete("cascade"))
    .addColumn("listingIds", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "bigint", (c) => c.notNull())
    .addColumn("claimedUntil", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("claimToken", "text")
    .addColumn("sentAt", "bigint")
    .addColumn("pausedAt", "bigint")
    .addColumn("lastError", "text")
    .execute();
  await db.schema
    .createIndex("alertDelivery_due_idx")
    .on("alertDelivery")
    .columns(["sentAt", "pausedAt", "nextAttemptAt"])
    .execute();
  await db.schema
    .createIndex("alertDelivery_savedSearchId_idx")
    .on("alertDelivery")
    .column("savedSearchId")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("alertDelivery").execute();
  await db.schema.dropTable("savedSearch").execute();
  await db.schema.dropTable("savedListing").execute();
}
