import type { Kysely } from "kysely";

// Frozen once landed. Never imports app code. Every e-mail the app owes, written in the transaction of the
// write it belongs to and sent by the job "mail-outbox" (decision 049): a sender claims a row for a while
// (`claimToken`, `claimedUntil`), sends it, and sets `sentAt`; a refusal counts an attempt and waits
// (`nextAttemptAt`); after the last attempt `failedAt` keeps the row out of the queue, kept for a look.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("mailOutbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("headers", "text")
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "bigint", (c) => c.notNull())
    .addColumn("claimedUntil", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("claimToken", "text")
    .addColumn("sentAt", "bigint")
    .addColumn("failedAt", "bigint")
    .addColumn("lastError", "text")
    .execute();
  await db.schema
    .createIndex("mailOutbox_due_idx")
    .on("mailOutbox")
    .columns(["sentAt", "failedAt", "nextAttemptAt"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("mailOutbox").execute();
}
