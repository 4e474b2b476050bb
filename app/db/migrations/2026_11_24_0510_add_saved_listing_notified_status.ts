import type { Kysely } from "kysely";

// Frozen once landed. The status a saved home's holder last heard of, so the daily digest tells them once that
// it was let or sold; `notifiedPrice` does the same for price drops.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("savedListing").addColumn("notifiedStatus", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.alterTable("savedListing").dropColumn("notifiedStatus").execute();
}
