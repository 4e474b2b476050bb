import { sql } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import type { Listing } from "./listing.model.ts";
import {
  listingEntries,
  type NewestListings,
  SITEMAP_MAX_URLS,
  siteEntries,
  sitemapIndexXml,
  sitemapPageCount,
  sitemapPagePath,
  sitemapPageRange,
  sitemapXml,
} from "./listing.sitemap.ts";
import { whereListed } from "./listing.visibility.server.ts";

// The sitemap's queries. Listings are taken oldest first by (timestamp, id), a total order the index
// listing_timestamp_id_idx gives: each listing is on exactly one page, and a page starts at the key of the
// listing before it (keyset), found by skipping index entries only.

/**
 * The sitemap index (/sitemap.xml): every file, each with the time of its newest entry. `perFile`: the URLs of
 * a file, the protocol's limit but in tests.
 */
export async function sitemapIndex(db: Db, publicUrl: string, perFile = SITEMAP_MAX_URLS) {
  const count = await countListings(db);
  const newest = await findNewestListings(db);
  const pages = sitemapPageCount(count, perFile);
  // A full page's newest listing is its last (oldest first); the last page holds the newest of all.
  const fullPageEnds = await findTimestampsEvery(db, perFile);
  const newestOfAll = siteEntries(newest)[0]?.lastmod;
  const files = Array.from({ length: pages }, (_, index) => ({
    path: sitemapPagePath(index + 1),
    lastmod: index + 1 < pages ? fullPageEnds[index] : newestOfAll,
  }));
  return sitemapIndexXml(publicUrl, files);
}

/** Sitemap file `page` (1-based), or null when there is no such page. */
export async function sitemapPage(db: Db, publicUrl: string, page: number, perFile = SITEMAP_MAX_URLS) {
  const count = await countListings(db);
  const pages = sitemapPageCount(count, perFile);
  if (!Number.isSafeInteger(page) || page < 1 || page > pages) return null;
  const { start, end } = sitemapPageRange(page, count, perFile);
  const listings = await findListingPathsFrom(db, start, end - start);
  const entries = listingEntries(listings);
  if (page === pages) entries.push(...siteEntries(await findNewestListings(db)));
  return sitemapXml(publicUrl, entries);
}

async function countListings(db: Db) {
  const row = await db
    .selectFrom("listing")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(whereListed)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function findNewestListings(db: Db): Promise<NewestListings> {
  const rows = await db
    .selectFrom("listing")
    .select(["type", (eb) => eb.fn.max("timestamp").as("newest")])
    .where(whereListed)
    .groupBy("type")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.type, Number(row.newest)]));
}

/** The timestamps of the listings at positions n, 2n, 3n ... (1-based, oldest first): full pages' last entries. */
async function findTimestampsEvery(db: Db, n: number): Promise<number[]> {
  const ranked = db
    .selectFrom("listing")
    .select(["timestamp", sql<number>`row_number() over (order by "timestamp", "id")`.as("position")])
    .where(whereListed)
    .as("ranked");
  const rows = await db
    .selectFrom(ranked)
    .select("timestamp")
    .where(sql`"position" % ${n}`, "=", 0)
    .orderBy("position")
    .execute();
  return rows.map((row) => Number(row.timestamp));
}

/** Up to `limit` listings from position `start` on (0-based, oldest first). */
async function findListingPathsFrom(
  db: Db,
  start: number,
  limit: number,
): Promise<Pick<Listing, "id" | "type" | "timestamp">[]> {
  if (limit <= 0) return [];
  let query = db.selectFrom("listing").select(["id", "type", "timestamp"]).where(whereListed);
  if (start > 0) {
    // The key of the listing just before the page: its index entry is reached by skipping entries only.
    const before = await db
      .selectFrom("listing")
      .select(["timestamp", "id"])
      .where(whereListed)
      .orderBy("timestamp")
      .orderBy("id")
      .limit(1)
      .offset(start - 1)
      .executeTakeFirst();
    if (!before) return [];
    query = query.where((eb) =>
      eb(eb.refTuple("timestamp", "id"), ">", eb.tuple(before.timestamp, before.id)),
    );
  }
  const rows = await query.orderBy("timestamp").orderBy("id").limit(limit).execute();
  return rows.map((row) => ({ ...row, timestamp: Number(row.timestamp) }));
}
