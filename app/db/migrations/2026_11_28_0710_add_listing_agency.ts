import type { Kysely } from "kysely";

// Frozen once landed. Never imports app code. A listing published as an agency names it (decision 061); its
// `userRef` stays the listing agent. Null for a private lister's listing. Deleting the agency leaves its
// listings with their agents, as private listings.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("listing")
    .addColumn("agencyId", "text", (c) => c.references("organization.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("listing_agencyId_idx")
    .on("listing")
    .columns(["agencyId", "timestamp"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("listing_agencyId_idx").execute();
  await db.schema.alterTable("listing").dropColumn("agencyId").execute();
}
