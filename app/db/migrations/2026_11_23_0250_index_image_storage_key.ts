import type { Kysely } from "kysely";

// Frozen once landed. The upload sweeper asks, batch by batch, which stored files' keys an image row still
// uses (app/modules/image/image.sweeper.server.ts); without this index each batch scans the whole table.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("image_storageKey_idx").on("image").column("storageKey").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("image_storageKey_idx").execute();
}
