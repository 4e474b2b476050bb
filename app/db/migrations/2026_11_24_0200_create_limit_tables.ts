import type { Kysely } from "kysely";

// Frozen once landed. Never imports app code.
// limitHit: one row per counted action (the abuse limits), so every instance sharing the database counts
// the same hits; rows older than the longest window are swept.
// uploadClaim: one row per photo upload started, with its declared size, so a user's unfinished and pending
// uploads can be capped (count and bytes) before a byte reaches the staging area.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("limitHit")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("rule", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("member", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("limitHit_rule_key_at_idx")
    .on("limitHit")
    .columns(["rule", "key", "at"])
    .execute();
  await db.schema.createIndex("limitHit_at_idx").on("limitHit").column("at").execute();

  await db.schema
    .createTable("uploadClaim")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploadClaim_userId_idx").on("uploadClaim").column("userId").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("uploadClaim").execute();
  await db.schema.dropTable("limitHit").execute();
}
