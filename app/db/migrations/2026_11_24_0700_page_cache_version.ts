import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. The page cache (app/modules/page-cache, decision 041) keeps visitors' pages while one
// number stays the same: pageCacheVersion.version, bumped in the writing transaction by triggers on every
// table whose rows a visitor's page shows. A later table that changes visitors' pages adds its own triggers
// in a new migration (bumpPageCacheOn below shows how).

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("pageCacheVersion")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("pageCacheVersion").values({ id: 1, version: 1 }).execute();
  if (postgres) {
    await sql`create function bump_page_cache_version() returns trigger language plpgsql as $$
      begin
        update "pageCacheVersion" set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
  }
  // Every row of a listing is on a page (cards, the listing page, the sitemap).
  await bumpPageCacheOn(db, postgres, "listing", ["insert", "update", "delete"]);
  // Photos: only those of a saved listing (an upload waiting for its save changes no page).
  await bumpPageCacheOn(db, postgres, "image", ["insert", "update", "delete"], {
    insert: "NEW.listingId IS NOT NULL",
    update: "OLD.listingId IS NOT NULL OR NEW.listingId IS NOT NULL",
    delete: "OLD.listingId IS NOT NULL",
  });
  // A user's name is shown on their listings ("Listed by"); a suspended user's listings are unlisted
  // (whereListed, app/modules/listing/listing.visibility.server.ts). Nothing else of theirs is on a visitor's page.
  await bumpPageCacheOn(db, postgres, "user", ["update of name, banned"]);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ["listing", "image", "user"]) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger if exists ${sql.raw(triggerName(table, event))}${sql.raw(postgres ? ` on "${table}"` : "")}`.execute(
        db,
      );
    }
  }
  if (postgres) await sql`drop function if exists bump_page_cache_version()`.execute(db);
  await db.schema.dropTable("pageCacheVersion").execute();
}

function triggerName(table: string, event: string) {
  return `${table}_${event.split(" ")[0]}_bumps_page_cache`;
}

/**
 * Triggers that bump the version on `events` of `table`, inside the writing statement's transaction: the new
 * version becomes visible exactly when the write does. PostgreSQL bumps once per statement (a bulk insert of
 * 100,000 rows is one bump); SQLite has row triggers only, each an update of one row. `when` narrows SQLite's
 * row triggers (PostgreSQL's statement triggers see no rows, and bump on every such statement).
 */
async function bumpPageCacheOn(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
  postgres: boolean,
  table: string,
  events: string[],
  when: Record<string, string> = {},
) {
  for (const event of events) {
    const name = triggerName(table, event);
    if (postgres) {
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table(table)}
        for each statement execute function bump_page_cache_version()`.execute(db);
    } else {
      const condition = when[event.split(" ")[0]!];
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table(table)}
        for each row ${sql.raw(condition ? `when ${condition} ` : "")}begin
          update "pageCacheVersion" set version = version + 1 where id = 1;
        end`.execute(db);
    }
  }
}
