import type { Kysely } from "kysely";

// Frozen once landed. The sitemap takes every listing oldest first by (timestamp, id), and finds where each of
// its files starts by skipping entries of this index (app/modules/listing/listing.sitemap.server.ts); without
// it each sitemap request sorts the whole table.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("listing_timestamp_id_idx")
    .on("listing")
    .columns(["timestamp", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("listing_timestamp_id_idx").execute();
}
