import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. What each alert has told, so it tells news once:
// - savedSearchListing: the listings a saved search has announced, with the price it last told. A listing is
//   new to a search once; an edit of an announced one says nothing, a price below the one told is a price drop.
//   Filled here from the alerts already sent (their listings at today's price). A sweep may write thousands of
//   rows: on SQLite the table is its primary key's B-tree alone (WITHOUT ROWID), one write per row, not two.
// - savedHomeAlert: how often a user hears of their saved homes' news (a price drop, let or sold); no row means
//   instant, as a new saved search is. `nextRunAt` holds a daily or weekly user until their time.
// - alertDelivery.changes: the price drops an alert shows, JSON [{ listingId, previousPrice, price }].

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("savedSearchListing")
    .addColumn("savedSearchId", "text", (c) => c.notNull().references("savedSearch.id").onDelete("cascade"))
    .addColumn("listingId", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("announcedAt", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("savedSearchListing_pk", ["savedSearchId", "listingId"])
    .modifyEnd(sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? "" : "WITHOUT ROWID"))
    .execute();
  await db.schema
    .createTable("savedHomeAlert")
    .addColumn("userId", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("frequency", "text", (c) => c.notNull())
    .addColumn("nextRunAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("alertDelivery")
    .addColumn("changes", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  const sent: { savedSearchId: string; listingIds: string; sentAt: number | string }[] = await db
    .selectFrom("alertDelivery")
    .select(["savedSearchId", "listingIds", "sentAt"])
    .where("kind", "=", "search")
    .where("savedSearchId", "is not", null)
    .where("sentAt", "is not", null)
    .execute();
  const pairs = new Map<string, { savedSearchId: string; listingId: string; announcedAt: number }>();
  for (const row of sent) {
    for (const listingId of JSON.parse(row.listingIds) as string[]) {
      pairs.set(`${row.savedSearchId} ${listingId}`, {
        savedSearchId: row.savedSearchId,
        listingId,
        announcedAt: Number(row.sentAt),
      });
    }
  }
  const all = [...pairs.values()];
  for (let i = 0; i < all.length; i += 500) {
    const chunk = all.slice(i, i + 500);
    const prices: { id: string; price: number }[] = await db
      .selectFrom("listing")
      .select(["id", "price"])
      .where("id", "in", [...new Set(chunk.map((pair) => pair.listingId))])
      .execute();
    const priceOf = new Map(prices.map((row) => [row.id, Number(row.price)]));
    const rows = chunk
      .filter((pair) => priceOf.has(pair.listingId))
      .map((pair) => ({ ...pair, price: priceOf.get(pair.listingId) }));
    if (rows.length > 0) await db.insertInto("savedSearchListing").values(rows).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.alterTable("alertDelivery").dropColumn("changes").execute();
  await db.schema.dropTable("savedHomeAlert").execute();
  await db.schema.dropTable("savedSearchListing").execute();
}
