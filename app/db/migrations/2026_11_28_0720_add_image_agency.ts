import type { Kysely } from "kysely";

// Frozen once landed. Never imports app code. An agency's logo is an image of the upload pipeline like a
// listing's photos; `agencyId` names the agency whose logo it is, so the sweeper of abandoned uploads (rows in
// no listing) leaves it alone. A logo replaced or of a deleted agency is pending again and swept as usual.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("image")
    .addColumn("agencyId", "text", (c) => c.references("organization.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("image_agencyId_idx").on("image").column("agencyId").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("image_agencyId_idx").execute();
  await db.schema.alterTable("image").dropColumn("agencyId").execute();
}
