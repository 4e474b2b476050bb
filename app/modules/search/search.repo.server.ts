import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import { type Db, isPostgres } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { HAS_WORDS_FUNCTION } from "#app/db/sqlite-functions.server.ts";
import { logger } from "#app/logger.server.ts";
import {
  FAILED_PAGE,
  type ListingSummary,
  type ListingsPage,
  toListingSummary,
} from "#app/modules/listing/listing.model.ts";
import { PAGE_SIZE, withImages } from "#app/modules/listing/listing.repo.server.ts";
import { whereListed } from "#app/modules/listing/listing.visibility.server.ts";
import { MAP_GRID, type MapPoint } from "./search.map.ts";
import { cellLevelFor, clusterFromCells, listedInAreaBounds } from "./search.map-cells.server.ts";
import {
  decodeSearchCursor,
  encodeSearchCursor,
  ftsMatch,
  type SearchCursor,
  tsQuery,
} from "./search.query.server.ts";
import {
  type Bbox,
  COUNTED_UP_TO,
  hasFilters,
  type SearchFilters,
  type SearchParams,
  type SearchSort,
  searchQueryString,
} from "./search.rules.ts";
import { parseSearchParams } from "./search.schema.ts";
import { queryWords } from "./search.words.ts";

// The one query builder for lists, search and the map (decision 028). Filters run on each engine's own indexes:
// words on SQLite's FTS5 table and PostgreSQL's GIN index over the stored, folded name and address, the area on
// SQLite's R*Tree and PostgreSQL's GiST index of points, the price a visitor pays on its generated column.
// Pages are keyset for every sort: the cursor holds the last row's sort key and id, never an offset.
//
// A search with words or an area is read one of three ways (its `Access`, chosen by chooseAccess):
// - "index": the words' or the area's own index finds the few matches first, and only those are sorted;
// - "walk": when those indexes match many listings, the sort's B-tree index is read in order and each entry is
//   checked (the area as plain lng/lat ranges, kept in the index; on SQLite the row's key against the words'
//   FTS5 matches, read once into a list), so a page stops after its rows instead of sorting every match;
// - "walk-rows": the same walk, where the words match so many listings that reading their list would cost more
//   than the page: each walked row's own name and address is checked instead (SQLite's homestead_has_words,
//   app/db/sqlite-functions.server.ts). On PostgreSQL it is "walk": each row's stored tsvector is checked.
// That is what keeps a page of "Berlin" or of a city's box at a million listings as cheap as one of the whole
// list (docs/measurements.md, Search; decisions 043 and 047).

type ListingQuery<O> = SelectQueryBuilder<Database, "listing", O>;

/** How a search reads its matches: see above. */
export type Access = "index" | "walk" | "walk-rows";

/** Where chooseAccess draws its lines: decision 047 has the costs behind them. */
export type AccessLimits = {
  /** At most this many listings matching the words or the area alone, a search reads them from their index. */
  indexUpTo: number;
  /** Above this many listings matching the words, of `listings` in all, a walk checks each row's own words. */
  wordListUpTo: (listings: number) => number;
};

/** Above this many listings matching the words or the area alone, a search walks the sort index. */
export const INDEX_MATCHES_UP_TO = 2000;

export const ACCESS_LIMITS: AccessLimits = {
  indexUpTo: INDEX_MATCHES_UP_TO,
  // A page walks about 11 × listings / matches rows. Checked by its own words a row costs about 3 µs; checked
  // against the words' list, the list costs about 0.17 µs a match to read first. The list is cheaper while
  // matches² < 11 × 3 / 0.17 × listings: 4,500 matches of 100,000 listings, 14,000 of a million.
  wordListUpTo: (listings) => Math.max(INDEX_MATCHES_UP_TO, Math.round(Math.sqrt(200 * listings))),
};

/**
 * How `filters` are best read (see above): "index" when the words or the area match at most `indexUpTo`
 * listings, each counted straight from its index, which is a fraction of a millisecond; else a walk, checking
 * the words row by row when they match over `wordListUpTo`. PostgreSQL's planner weighs the words itself (the
 * stored tsvector has statistics); the area's `<@ box` has none, so it is counted.
 */
export async function chooseAccess(
  db: Db,
  filters: SearchFilters,
  limits: AccessLimits = ACCESS_LIMITS,
): Promise<Access> {
  // Words are weighed on SQLite only, and only a search that has them needs the size of the site.
  const weighsWords = !isPostgres(db) && queryWords(filters.q).length > 0;
  const wordListUpTo = weighsWords ? limits.wordListUpTo(await sqliteListingCount(db)) : 0;
  const [words, area] = await Promise.all([
    weighsWords ? countWordMatches(db, filters, Math.max(wordListUpTo, limits.indexUpTo) + 1) : null,
    filters.bbox ? countInArea(db, filters.bbox, limits.indexUpTo + 1) : null,
  ]);
  const sizes = [words, area].filter((size) => size !== null);
  if (sizes.length === 0 || Math.min(...sizes) <= limits.indexUpTo) return "index";
  return words !== null && words > wordListUpTo ? "walk-rows" : "walk";
}

/** About how many listings a SQLite database holds (the highest search key: deleted ones leave gaps), at once. */
async function sqliteListingCount(db: Db) {
  const row = await db
    .selectFrom("listing_key")
    .select((eb) => eb.fn.max("listing_key.key").as("top"))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** How many listings SQLite's FTS5 table matches the words of `filters` to, up to `upTo`; null without words. */
async function countWordMatches(db: Db, filters: SearchFilters, upTo: number) {
  const words = queryWords(filters.q);
  if (words.length === 0) return null;
  return countRows(
    db,
    sql`SELECT 1 FROM "listing_fts" WHERE "listing_fts" MATCH ${ftsMatch(words)} LIMIT ${upTo}`,
  );
}

/**
 * How many listings lie in `bbox`, counted up to `upTo`. SQLite counts R*Tree rows (a fraction of a
 * millisecond). PostgreSQL's GiST index builds its whole bitmap before the limit applies (4 ms for a city at
 * 100,000 listings), so it first asks the map's cells, which settle most areas: all of them hold fewer, or
 * those wholly inside hold more (decision 045).
 */
async function countInArea(db: Db, bbox: Bbox, upTo: number) {
  if (!isPostgres(db)) {
    return countRows(db, sql`SELECT 1 FROM "listing_area" WHERE ${rtreeInside(bbox)} LIMIT ${upTo}`);
  }
  const bounds = await listedInAreaBounds(db, bbox);
  if (bounds && bounds.atMost < upTo) return bounds.atMost;
  if (bounds && bounds.atLeast >= upTo) return upTo;
  return countRows(
    db,
    sql`SELECT 1 FROM "listing" WHERE point("lng", "lat") <@ box(point(${bbox.west}, ${bbox.south}),
      point(${bbox.east}, ${bbox.north})) LIMIT ${upTo}`,
  );
}

async function countRows(db: Db, rows: ReturnType<typeof sql>) {
  const result = await sql<{ n: number }>`SELECT count(*) AS "n" FROM (${rows}) AS "rows"`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** Adds every filter of `filters` (and the public-listings rule) to a query on the listing table. */
export function whereMatches<O>(
  db: Db,
  query: ListingQuery<O>,
  filters: SearchFilters,
  access: Access = "index",
): ListingQuery<O> {
  const postgres = isPostgres(db);
  // SQLite checks a walked entry's conditions in this order: the filters' columns of the index first, then
  // whereListed's (its owner's suspension last, a lookup in the user table), then the words (the row itself).
  // 2.5 ms of a count at a million listings went to looking up the owner of entries the filters rule out.
  let q = query;
  if (filters.type) q = q.where("listing.type", "=", filters.type);
  if (filters.offer) q = q.where("listing.offer", "=", true);
  if (filters.parking) q = q.where("listing.parking", "=", true);
  if (filters.furnished) q = q.where("listing.furnished", "=", true);
  if (filters.minPrice !== null) q = q.where("listing.price", ">=", filters.minPrice);
  if (filters.maxPrice !== null) q = q.where("listing.price", "<=", filters.maxPrice);
  if (filters.beds !== null) q = q.where("listing.bedrooms", ">=", filters.beds);
  if (filters.baths !== null) q = q.where("listing.bathrooms", ">=", filters.baths);
  if (filters.bbox) q = whereInside(q, filters.bbox, postgres, access);
  q = q.where(whereListed);
  const words = queryWords(filters.q);
  if (words.length === 0) return q;
  if (postgres) {
    return q.where(
      sql<boolean>`"listing"."searchVector" @@ to_tsquery('simple'::regconfig, ${tsQuery(words)})`,
    );
  }
  const matches = sql<number>`(SELECT rowid FROM "listing_fts" WHERE "listing_fts" MATCH ${ftsMatch(words)})`;
  if (access === "index") {
    return q.where("listing.id", "in", (eb) =>
      eb.selectFrom("listing_key").select("listing_key.listingId").where("listing_key.key", "in", matches),
    );
  }
  if (access === "walk") {
    // The entry's key is compared with the matches: SQLite reads them once, and cannot start from them.
    return q.where(
      sql<boolean>`(SELECT "key" FROM "listing_key" WHERE "listing_key"."listingId" = "listing"."id") IN ${matches}`,
    );
  }
  // Each walked row's own words; a text the function cannot vouch for (NULL: letters beyond Latin, say) is
  // looked up in the FTS5 index by its key instead.
  return q.where(
    sql<boolean>`coalesce(
      ${sql.raw(HAS_WORDS_FUNCTION)}("listing"."name" || ' ' || "listing"."location", ${words.join(" ")}),
      EXISTS (SELECT 1 FROM "listing_fts" WHERE "listing_fts" MATCH ${ftsMatch(words)}
        AND rowid = (SELECT "key" FROM "listing_key" WHERE "listing_key"."listingId" = "listing"."id")))`,
  );
}

// The R*Tree stores 32-bit floats rounded outwards, so it is asked for a slightly larger box and each row it
// finds is then checked against the exact one; PostgreSQL's GiST index holds the exact points.
const RTREE_SLACK = 1e-4;

function rtreeInside({ west, south, east, north }: Bbox) {
  return sql`"minLng" >= ${west - RTREE_SLACK} AND "maxLng" <= ${east + RTREE_SLACK}
    AND "minLat" >= ${south - RTREE_SLACK} AND "maxLat" <= ${north + RTREE_SLACK}`;
}

function whereInside<O>(query: ListingQuery<O>, bbox: Bbox, postgres: boolean, access: Access) {
  const { west, south, east, north } = bbox;
  const ranges = query
    .where("listing.lng", ">=", west)
    .where("listing.lng", "<=", east)
    .where("listing.lat", ">=", south)
    .where("listing.lat", "<=", north);
  if (access !== "index") return ranges;
  if (postgres) {
    return ranges.where(
      sql<boolean>`point("listing"."lng", "listing"."lat") <@ box(point(${west}, ${south}), point(${east}, ${north}))`,
    );
  }
  return ranges.where("listing.id", "in", (eb) =>
    eb
      .selectFrom("listing_key")
      .select("listing_key.listingId")
      .where(
        "listing_key.key",
        "in",
        sql<number>`(SELECT "key" FROM "listing_area" WHERE ${rtreeInside(bbox)})`,
      ),
  );
}

function sortColumn(sort: SearchSort) {
  return sort === "newest" ? ("listing.timestamp" as const) : ("listing.price" as const);
}

/** Rows after `cursor` in the sort's order: a row-value comparison both engines seek in their index. */
function afterCursor(eb: ExpressionBuilder<Database, "listing">, cursor: SearchCursor) {
  const direction = cursor.sort === "price-asc" ? ">" : "<";
  return eb(eb.refTuple(sortColumn(cursor.sort), "listing.id"), direction, eb.tuple(cursor.key, cursor.id));
}

/**
 * One page of the listings matching `filters` in `sort`'s order, after `cursor` (an opaque string from a
 * previous page; a tampered one or one of another sort starts over). Fetches one row more than the page to
 * know whether another page really exists.
 */
export async function searchListings(
  db: Db,
  filters: SearchFilters,
  sort: SearchSort,
  cursor: string | null,
  pageSize = PAGE_SIZE,
  access?: Access,
) {
  const position = decodeSearchCursor(cursor, sort);
  const how = access ?? (await chooseAccess(db, filters));
  let query = whereMatches(db, db.selectFrom("listing").selectAll("listing"), filters, how);
  if (position) query = query.where((eb) => afterCursor(eb, position));
  const direction = sort === "price-asc" ? "asc" : "desc";
  const rows = await query
    .orderBy(sortColumn(sort), direction)
    .orderBy("listing.id", direction)
    .limit(pageSize + 1)
    .execute();
  const pageRows = rows.slice(0, pageSize);
  const last = pageRows.at(-1);
  const nextCursor =
    rows.length > pageSize && last
      ? encodeSearchCursor({
          sort,
          key: Number(sort === "newest" ? last.timestamp : last.price),
          id: last.id,
        })
      : null;
  return { listings: await withImages(db, pageRows), nextCursor };
}

/**
 * How many listings match `filters` ("1,234 homes"), counted up to one more than COUNTED_UP_TO: past that the
 * page says "Over 1,000 homes", and the database stops reading matches instead of reading them all.
 */
export async function countListings(
  db: Db,
  filters: SearchFilters,
  access?: Access,
  sort: SearchSort = "newest",
): Promise<number> {
  const words = queryWords(filters.q);
  // An area alone, settled by the map's cells when they say it holds none or more than the count shows.
  if (filters.bbox && onlyArea(filters)) {
    const bounds = await listedInAreaBounds(db, filters.bbox);
    if (bounds?.atMost === 0) return 0;
    if (bounds && bounds.atLeast > COUNTED_UP_TO) return COUNTED_UP_TO + 1;
  }
  if (!isPostgres(db) && (words.length > 0 || filters.bbox) && !narrowedByIndex(filters)) {
    return countFromSqliteIndex(db, filters, words, access);
  }
  // When the area is all PostgreSQL has an index for, it counts from the GiST index whatever the page does: the
  // box's estimate is fixed, so in any order its planner would read and sort the table.
  const areaOnly = isPostgres(db) && words.length === 0 && !narrowedByIndex(filters);
  const how = areaOnly ? "index" : (access ?? (await chooseAccess(db, filters)));
  let matches = whereMatches(db, db.selectFrom("listing"), filters, how).select("listing.id");
  // Any other count, PostgreSQL would make by reading the table until the 1,001st match when not told an order.
  // In the page's order it walks the page's index, which holds every filtered column, or starts from the GIN
  // index when its statistics say the words are rare (decision 045).
  if (isPostgres(db) && !areaOnly) {
    const direction = sort === "price-asc" ? "asc" : "desc";
    matches = matches.orderBy(sortColumn(sort), direction).orderBy("listing.id", direction);
  }
  const counted = matches.limit(COUNTED_UP_TO + 1).as("match");
  const row = await db
    .selectFrom(counted)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Enough to tell which of the words and the area narrows a count more, at a few milliseconds at most. */
const DRIVER_COUNTED_UP_TO = 50_001;

/** The public listings inside any of `boxes` (a few map cells), from the area's index: one query. */
function listedInBoxes(db: Db, boxes: Bbox[]) {
  const query = db.selectFrom("listing").selectAll("listing").where(whereListed);
  if (isPostgres(db)) {
    const inside = boxes.map(
      ({ west, south, east, north }) =>
        sql<boolean>`point("listing"."lng", "listing"."lat") <@ box(point(${west}, ${south}), point(${east}, ${north}))`,
    );
    return query.where(sql<boolean>`(${sql.join(inside, sql` OR `)})`).execute();
  }
  const keys = boxes.map((box) => sql`SELECT "key" FROM "listing_area" WHERE ${rtreeInside(box)}`);
  return query
    .where("listing.id", "in", (eb) =>
      eb
        .selectFrom("listing_key")
        .select("listing_key.listingId")
        .where("listing_key.key", "in", sql<number>`(${sql.join(keys, sql` UNION ALL `)})`),
    )
    .execute();
}

/** Whether `filters` ask for nothing but the map's area. */
function onlyArea(filters: SearchFilters) {
  return (
    queryWords(filters.q).length === 0 &&
    filters.type === null &&
    !filters.offer &&
    !filters.parking &&
    !filters.furnished &&
    filters.minPrice === null &&
    filters.maxPrice === null &&
    filters.beds === null &&
    filters.baths === null
  );
}

/** Type, offer and price have B-tree indexes of the listing table that a count may start from. */
function narrowedByIndex(filters: SearchFilters) {
  return filters.type !== null || filters.offer || filters.minPrice !== null || filters.maxPrice !== null;
}

/**
 * SQLite's count of a search by words or area: it starts from the FTS5 (or R*Tree) rows and checks each one's
 * listing against the other filters, so it stops at COUNTED_UP_TO + 1 matches instead of first listing every
 * match of the words (SQLite would build that list whole for `listing.id IN (...)`).
 */
async function countFromSqliteIndex(
  db: Db,
  filters: SearchFilters,
  words: string[],
  access: Access | undefined,
) {
  // With both, it starts from the one that matches fewer on its own ("flat" in a street's box: the box).
  let fromWords = words.length > 0;
  if (fromWords && filters.bbox) {
    const [wordMatches, areaMatches] = await Promise.all([
      countWordMatches(db, filters, DRIVER_COUNTED_UP_TO),
      countInArea(db, filters.bbox, DRIVER_COUNTED_UP_TO),
    ]);
    fromWords = wordMatches! <= areaMatches;
  }
  // From the area, the words are checked as the page checks them: on each listing read when their list of
  // matches would be long ("walk-rows"), else against that list.
  const checkWords = access === "walk-rows" ? "walk-rows" : "walk";
  const driver = fromWords
    ? sql`SELECT rowid AS "key" FROM "listing_fts" WHERE "listing_fts" MATCH ${ftsMatch(words)}`
    : sql`SELECT "key" FROM "listing_area" WHERE ${rtreeInside(filters.bbox!)}`;
  // Everything else: the words as the walk checks them, the area as exact ranges (the R*Tree's box is a
  // little larger).
  const rest = whereMatches(
    db,
    db.selectFrom("listing").select(sql`1`.as("one")),
    fromWords ? { ...filters, q: "" } : filters,
    checkWords,
  ).where(
    "listing.id",
    "=",
    sql<string>`(SELECT "listingId" FROM "listing_key" WHERE "key" = "driver"."key")`,
  );
  const result = await sql<{ total: number }>`SELECT count(*) AS "total" FROM (
      SELECT 1 FROM (${driver}) AS "driver" WHERE EXISTS ${rest} LIMIT ${COUNTED_UP_TO + 1}) AS "counted"`.execute(
    db,
  );
  return Number(result.rows[0]?.total ?? 0);
}

/** A page of search results as a list route returns it, with the number of matches. */
export type SearchPage = ListingsPage & { total: number };

/**
 * The cards of a search after `cursor`, and how many match. A database failure is logged and shown as
 * "Could not fetch listings", not as a 500.
 */
export async function loadSearchPage(
  db: Db,
  params: SearchParams,
  cursor: string | null,
): Promise<SearchPage> {
  try {
    const access = await chooseAccess(db, params);
    const [page, total] = await Promise.all([
      searchListings(db, params, params.sort, cursor, PAGE_SIZE, access),
      countListings(db, params, access, params.sort),
    ]);
    return {
      listings: page.listings.map(toListingSummary),
      nextCursor: page.nextCursor,
      failed: false,
      total,
    };
  } catch (error) {
    logger.error({ err: error, params }, "could not search listings");
    return { ...FAILED_PAGE, total: 0 };
  }
}

export { MAP_GRID } from "./search.map.ts";

/**
 * The listings matching `filters` inside `area`, clustered on the server on a grid of the area (issue 11:
 * the browser never receives more than a few hundred points, whatever the number of matches). Each cell
 * with listings is one point; a cell with one listing carries its card.
 */
export async function clusterListings(db: Db, filters: SearchFilters, area: Bbox): Promise<MapPoint[]> {
  // A wide area with nothing but the area to match: the cells the database keeps per zoom level answer it
  // (decision 044). Fewer listings than that are grouped one by one below, and so is any other search.
  const level = onlyArea(filters) ? cellLevelFor(area) : null;
  if (level !== null) {
    const fromCells = await clusterFromCells(
      db,
      area,
      level,
      (boxes) => listedInBoxes(db, boxes),
      INDEX_MATCHES_UP_TO,
    );
    if (fromCells) return fromCells;
  }
  const width = (area.east - area.west) / MAP_GRID.columns;
  const height = (area.north - area.south) / MAP_GRID.rows;
  // Positions inside the area are never below its corner, so truncating (SQLite) is rounding down (PostgreSQL).
  const cell = isPostgres(db)
    ? (column: "lng" | "lat", from: number, size: number) =>
        sql<number>`floor(("listing".${sql.ref(column)} - ${from}) / ${size})::integer`
    : (column: "lng" | "lat", from: number, size: number) =>
        sql<number>`CAST(("listing".${sql.ref(column)} - ${from}) / ${size} AS INTEGER)`;
  // Every match is grouped, with no sort to stop early: the area's index is the way in, whatever its size.
  const cells = await whereMatches(db, db.selectFrom("listing"), { ...filters, bbox: area }, "index")
    .select((eb) => [
      cell("lng", area.west, width).as("column"),
      cell("lat", area.south, height).as("row"),
      eb.fn.countAll<number>().as("count"),
      eb.fn.avg<number>("listing.lat").as("lat"),
      eb.fn.avg<number>("listing.lng").as("lng"),
      eb.fn.min("listing.lat").as("south"),
      eb.fn.max("listing.lat").as("north"),
      eb.fn.min("listing.lng").as("west"),
      eb.fn.max("listing.lng").as("east"),
      eb.fn.min("listing.id").as("id"),
    ])
    .groupBy(["column", "row"])
    .execute();
  const singles = cells.filter((row) => Number(row.count) === 1).map((row) => row.id);
  const cards = new Map<string, ListingSummary>();
  if (singles.length > 0) {
    const rows = await db.selectFrom("listing").selectAll().where("id", "in", singles).execute();
    for (const listing of await withImages(db, rows)) cards.set(listing.id, toListingSummary(listing));
  }
  return cells.map((row) => ({
    lat: Number(row.lat),
    lng: Number(row.lng),
    count: Number(row.count),
    bounds: {
      west: Number(row.west),
      south: Number(row.south),
      east: Number(row.east),
      north: Number(row.north),
    },
    listing: Number(row.count) === 1 ? (cards.get(row.id) ?? null) : null,
  }));
}

/**
 * A list page's search (a category, the offers): the URL's filters with what the page's path fixes, the page
 * after the URL's cursor, whether anything narrows the list (then it is not indexed), and a key that changes
 * with the search. Worked out here so the list pages ship none of the search's code to the browser.
 */
export async function loadListPage(db: Db, searchParams: URLSearchParams, fixed: Partial<SearchParams>) {
  const search: SearchParams = { ...parseSearchParams(searchParams), ...fixed, view: "list", bbox: null };
  const page = await loadSearchPage(db, search, searchParams.get("cursor"));
  const filtered = hasFilters(search, fixed);
  // Null only in the browser's fallback when the server could not be reached.
  return {
    search: search as SearchParams | null,
    filtered,
    listKey: searchQueryString(search, fixed),
    ...page,
  };
}
