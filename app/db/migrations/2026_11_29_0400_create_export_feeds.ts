import type { Kysely } from "kysely";

// Frozen once landed. Never imports app code. A lister's export feeds (Kyero, OpenImmo, CSV): one secret link
// per agency or per private lister, its token compared in constant time by the feed's id (the link names
// both); regenerating it replaces the token, so the old link stops working at once.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("exportFeed")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("agencyId", "text", (c) => c.unique().references("organization.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.unique().references("user.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("exportFeed").execute();
}
