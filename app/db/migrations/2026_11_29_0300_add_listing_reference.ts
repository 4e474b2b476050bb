import { type Kysely, sql } from "kysely";

// Frozen once landed. Never imports app code. The lister's own reference for a listing (RESO ListingId: the
// number in their CRM), which the API's `PUT by-ref` and imports key on. One reference names one listing per
// lister: among an agency's listings, and among a private lister's own (agency listings aside). An image
// fetched from a URL remembers it, so the same URL sent again is not fetched again.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("listing").addColumn("reference", "text").execute();
  // Partial unique indexes: both engines take the same statement.
  await sql`create unique index "listing_agency_reference_idx" on "listing" ("agencyId", "reference")
    where "reference" is not null and "agencyId" is not null`.execute(db);
  await sql`create unique index "listing_user_reference_idx" on "listing" ("userRef", "reference")
    where "reference" is not null and "agencyId" is null`.execute(db);
  await db.schema.alterTable("image").addColumn("sourceUrl", "text").execute();
  await db.schema
    .createIndex("image_listing_source_idx")
    .on("image")
    .columns(["listingId", "sourceUrl"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("image_listing_source_idx").execute();
  await db.schema.alterTable("image").dropColumn("sourceUrl").execute();
  await db.schema.dropIndex("listing_user_reference_idx").execute();
  await db.schema.dropIndex("listing_agency_reference_idx").execute();
  await db.schema.alterTable("listing").dropColumn("reference").execute();
}
