import type { Kysely } from "kysely";

// Frozen once landed. A listing's image is a photo (the gallery, the cover, the photo limit) or a floor plan
// (its own section, never the cover, counted apart); each may carry a caption, plain text the lister wrote.
// Every image stored before this is a photo without a caption.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable("image")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("photo"))
    .execute();
  await db.schema.alterTable("image").addColumn("caption", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.alterTable("image").dropColumn("caption").execute();
  await db.schema.alterTable("image").dropColumn("kind").execute();
}
