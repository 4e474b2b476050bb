import { type Kysely, PostgresAdapter } from "kysely";

// Frozen once landed. Enquiries sent through the site (CONTACT_MODE=relay, or a lister who keeps their e-mail
// private): one thread per listing and enquirer, its messages, and who blocked whom. A lister's choice to keep
// their address private is a column of the user row, false for everyone who never chose it.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const boolean = postgres ? "boolean" : "integer";

  await db.schema
    .alterTable("user")
    .addColumn("keepEmailPrivate", boolean, (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable("messageThread")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("ownerId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("enquirerId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("lastMessageAt", "bigint", (c) => c.notNull())
    // What each side has read: messages of the other side newer than this are unread.
    .addColumn("ownerReadAt", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("enquirerReadAt", "bigint", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("messageThread_listing_enquirer_unique", ["listingId", "enquirerId"])
    .execute();
  await db.schema
    .createIndex("messageThread_ownerId_idx")
    .on("messageThread")
    .columns(["ownerId", "lastMessageAt"])
    .execute();
  await db.schema
    .createIndex("messageThread_enquirerId_idx")
    .on("messageThread")
    .columns(["enquirerId", "lastMessageAt"])
    .execute();

  await db.schema
    .createTable("message")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("threadId", "text", (c) => c.notNull().references("messageThread.id").onDelete("cascade"))
    .addColumn("authorId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("message_threadId_idx")
    .on("message")
    .columns(["threadId", "createdAt"])
    .execute();
  // A user's own messages: their count in a while (limits), their data.
  await db.schema
    .createIndex("message_authorId_idx")
    .on("message")
    .columns(["authorId", "createdAt"])
    .execute();

  await db.schema
    .createTable("userBlock")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("blockerId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("blockedId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addUniqueConstraint("userBlock_blocker_blocked_unique", ["blockerId", "blockedId"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("userBlock").execute();
  await db.schema.dropTable("message").execute();
  await db.schema.dropTable("messageThread").execute();
  await db.schema.alterTable("user").dropColumn("keepEmailPrivate").execute();
}
