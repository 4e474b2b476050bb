import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. Whether a listing's page shows its exact address (the house
// number and a pin) or only the street and a circle around the area. Every listing so far showed it: true.
// A save always rewrites the timestamp, so the page cache's update trigger fires without naming this column.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("listing")
    .addColumn("exactAddress", postgres ? "boolean" : "integer", (c) =>
      c.notNull().defaultTo(postgres ? sql`true` : 1),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.alterTable("listing").dropColumn("exactAddress").execute();
}
