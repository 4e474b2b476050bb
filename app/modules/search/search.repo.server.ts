import { sql } from "kysely";
import { type Db, isPostgres } from "#app/db/db.server.ts";
import { decodeKeyset, encodeKeyset, keysetPage } from "#app/db/keyset.server.ts";
import { logger } from "#app/logger.server.ts";
import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import { LISTING_COLUMNS, LISTING_SORTS, type ListingField } from "#app/modules/listing/listing.fields.ts";
import { FAILED_PAGE, type ListingsPage, toListingSummary } from "#app/modules/listing/listing.model.ts";
import { PAGE_SIZE, selectListings, withImages } from "#app/modules/listing/listing.repo.server.ts";
import {
  type Access,
  chooseAccess,
  countInArea,
  countWordMatches,
  rangesToWalk,
} from "./search.access.server.ts";
import {
  type ListingQuery,
  narrowedByIndex,
  onlyArea,
  onlyShape,
  rtreeInside,
  whereMatches,
} from "./search.filter-sql.server.ts";
import { listedInAreaBounds } from "./search.map-cells.server.ts";
import { ftsMatch } from "./search.query.server.ts";
import { COUNTED_UP_TO, type SearchFilters, type SearchParams, type SearchSort } from "./search.rules.ts";
import { listPageSearch } from "./search.schema.ts";
import { cellInsideShape, hasShape, searchBox } from "./search.shape.ts";
import { queryWords } from "./search.words.ts";

// A search's pages and its count (decision 028): the filters' SQL is search.filter-sql.server.ts, the way a
// search reads its matches (its Access) search.access.server.ts, the map's points search.cluster.server.ts.
// Pages are keyset for every sort (app/db/keyset.server.ts): the cursor holds the last row's sort key and id.

/** The sort `sort` as declared (listing.fields.ts): its column, direction and cursor tag. */
function sortOf(sort: SearchSort) {
  return LISTING_SORTS.find((declared) => declared.name === sort) ?? LISTING_SORTS[0]!;
}

/**
 * Only the listings `sort` can place: a sort by a column some listings leave empty (the living area, the price
 * per area) lists those that give it, and the count says how many (decision 059).
 */
function whereSortable<O>(query: ListingQuery<O>, sort: SearchSort): ListingQuery<O> {
  const { column } = sortOf(sort);
  return (LISTING_COLUMNS[column] as ListingField).nullable
    ? query.where(`listing.${column}`, "is not", null)
    : query;
}

/**
 * One page of the listings matching `filters` in `sort`'s order, after `cursor` (an opaque string from a
 * previous page; a tampered one or one of another sort starts over), by the one keyset pager.
 */
export async function searchListings(
  db: Db,
  filters: SearchFilters,
  sort: SearchSort,
  cursor: string | null,
  pageSize = PAGE_SIZE,
  access?: Access,
) {
  const { column, direction, tag } = sortOf(sort);
  const [how, walkRanges] = await Promise.all([
    access ?? chooseAccess(db, filters),
    rangesToWalk(db, filters, column),
  ]);
  const query = whereSortable(whereMatches(db, selectListings(db), filters, how, walkRanges), sort);
  const { rows, next } = await keysetPage(query, {
    key: `listing.${column}`,
    id: "listing.id",
    direction,
    after: decodeKeyset(cursor, tag),
    pageSize,
    keysetOf: (row) => ({ key: Number(row[column]), id: row.id }),
  });
  return { listings: await withImages(db, rows), nextCursor: next && encodeKeyset(tag, next) };
}

/**
 * How many listings match `filters` ("1,234 homes"), counted up to one more than COUNTED_UP_TO: past that the
 * page says "Over 1,000 homes", and the database stops reading matches instead of reading them all.
 */
export async function countListings(
  db: Db,
  asked: SearchFilters,
  access?: Access,
  sort: SearchSort = "newest",
): Promise<number> {
  // The area counted is the box of the map's area, a drawn area and a radius together: the ways below start
  // from it, and whereMatches adds the shapes' exact tests (decision 069).
  const box = searchBox(asked);
  if (box === "none") return 0;
  const filters = { ...asked, bbox: box };
  const words = queryWords(filters.q);
  // An area alone (a drawn area and a radius too: the cells wholly inside them count), settled by the map's
  // cells when they say it holds none or more than the count shows.
  if (filters.bbox && (onlyArea(filters) || onlyShape(filters))) {
    const bounds = await listedInAreaBounds(
      db,
      filters.bbox,
      hasShape(filters) ? (cell) => cellInsideShape(filters, cell) : undefined,
    );
    if (bounds?.atMost === 0) return 0;
    if (bounds && bounds.atLeast > COUNTED_UP_TO) return COUNTED_UP_TO + 1;
  }
  if (!isPostgres(db) && (words.length > 0 || filters.bbox) && !narrowedByIndex(filters)) {
    return countFromSqliteIndex(db, filters, words, access, sort);
  }
  // When the area is all PostgreSQL has an index for, it counts from the GiST index whatever the page does: the
  // box's estimate is fixed, so in any order its planner would read and sort the table. So does a drawn area or
  // a radius beside a price: a shape is a city's size, so its box holds fewer homes than a price range across
  // the site, and the exact test of each one is the cost (counted from the price index, the Berlin hexagon of
  // the bench with a price read 30,000 index entries and sorted the matches: 28 ms). Without an area it counts
  // in the page's order (below): unordered, it would read the table for filters no index leads with.
  const areaLed =
    isPostgres(db) &&
    filters.bbox !== null &&
    words.length === 0 &&
    (!narrowedByIndex(filters) || hasShape(filters));
  const how = areaLed ? "index" : (access ?? (await chooseAccess(db, filters)));
  let matches = whereSortable(whereMatches(db, db.selectFrom("listing"), filters, how), sort).select(
    "listing.id",
  );
  // Any other count, PostgreSQL would make by reading the table until the 1,001st match when not told an order.
  // In the page's order it walks the page's index, which holds every filtered column, or starts from the GIN
  // index when its statistics say the words are rare (decision 045).
  if (isPostgres(db) && !areaLed) {
    const { column, direction } = sortOf(sort);
    matches = matches.orderBy(`listing.${column}`, direction).orderBy("listing.id", direction);
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
  sort: SearchSort,
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
  const rest = whereSortable(
    whereMatches(
      db,
      db.selectFrom("listing").select(sql`1`.as("one")),
      fromWords ? { ...filters, q: "" } : filters,
      checkWords,
    ),
    sort,
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

/**
 * A list page's search (a category, the offers): the URL's filters with what the page's path fixes, the page
 * after the URL's cursor, whether anything narrows the list (then it is not indexed), and a key that changes
 * with the search. Worked out here so the list pages ship none of the search's code to the browser.
 */
export async function loadListPage(
  db: Db,
  searchParams: URLSearchParams,
  fixed: Partial<SearchParams>,
  areaUnit: AreaUnit = "m2",
) {
  const { search, filtered, listKey } = listPageSearch(searchParams, fixed, areaUnit);
  const page = await loadSearchPage(db, search, searchParams.get("cursor"));
  // Null only in the browser's fallback when the server could not be reached.
  return { search: search as SearchParams | null, filtered, listKey, ...page };
}
