import type { Kysely } from "kysely";

// Frozen once landed. A listing whose lister hides the exact address keeps the public columns (location,
// lat, lng) for what visitors may see, the street without its number and a point near the home, so every
// index, trigger and cell built on them (word search, map area, map cells) only ever holds that. The exact
// address and pin live here, read by the owner alone; null while the exact address is shown.
// Rows hiding the address before this would keep their exact values in the public columns: the hiding landed
// together with this migration, so there are none, and nothing is moved (the circle's centre needs the site's
// secret, which a migration cannot read).

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  // One column per statement: SQLite adds one column per ALTER TABLE. Not shown to visitors: the page cache's
  // trigger does not watch them.
  await db.schema.alterTable("listing").addColumn("exactLocation", "text").execute();
  await db.schema.alterTable("listing").addColumn("exactLat", "double precision").execute();
  await db.schema.alterTable("listing").addColumn("exactLng", "double precision").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.alterTable("listing").dropColumn("exactLng").execute();
  await db.schema.alterTable("listing").dropColumn("exactLat").execute();
  await db.schema.alterTable("listing").dropColumn("exactLocation").execute();
}
