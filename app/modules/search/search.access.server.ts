import { sql } from "kysely";
import { type Db, isPostgres } from "#app/db/db.server.ts";
import type { ListingColumn } from "#app/modules/listing/listing.fields.ts";
import { type Condition, valueConditions } from "./search.conditions.ts";
import { rtreeInside } from "./search.filter-sql.server.ts";
import { listedInAreaBounds } from "./search.map-cells.server.ts";
import { ftsMatch } from "./search.query.server.ts";
import type { Bbox, SearchFilters } from "./search.rules.ts";
import { searchBox } from "./search.shape.ts";
import { queryWords } from "./search.words.ts";

// The search's access planner: which way a search reads its matches (the SQL of each way is
// search.filter-sql.server.ts, the pages and counts search.repo.server.ts).
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
  // The area is the box of the map's area, a drawn area and a radius together (none: nothing to read).
  const box = searchBox(filters);
  if (box === "none") return "index";
  const [words, area] = await Promise.all([
    weighsWords ? countWordMatches(db, filters, Math.max(wordListUpTo, limits.indexUpTo) + 1) : null,
    box ? countInArea(db, box, limits.indexUpTo + 1) : null,
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
export async function countWordMatches(db: Db, filters: SearchFilters, upTo: number) {
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
export async function countInArea(db: Db, bbox: Bbox, upTo: number) {
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

/**
 * SQLite only: the range filters (a price, an area) that a page in `sortColumn`'s order should check in the
 * sort's index rather than start from. Without statistics of a column's values, SQLite takes any range for a
 * narrow one and reads every entry of it from the column's own index, then sorts them all: 430-790 ms for a
 * page of "100 to 200 m²" or "$1,000 to $3,000" newest first at 100,000 listings. A range that holds over
 * `upTo` listings (counted in its index, a fraction of a millisecond) is checked while the sort's index is
 * walked instead, so the page stops after its rows; a narrow one still starts the page (decision 059).
 */
export async function rangesToWalk(
  db: Db,
  filters: SearchFilters,
  sortColumn: ListingColumn,
  upTo = ACCESS_LIMITS.indexUpTo,
): Promise<ListingColumn[]> {
  if (isPostgres(db)) return [];
  const ranges = new Map<ListingColumn, Condition[]>();
  for (const condition of valueConditions(filters)) {
    const [column, op] = condition;
    if (column === sortColumn || (op !== ">=" && op !== "<=")) continue;
    ranges.set(column, [...(ranges.get(column) ?? []), condition]);
  }
  const wide = await Promise.all(
    [...ranges].map(async ([column, conditions]) => {
      let rows = db.selectFrom("listing").select(sql`1`.as("one"));
      for (const [, op, value] of conditions)
        rows = rows.where(`listing.${column}`, op as ">=", value as number);
      const inRange = await db
        .selectFrom(rows.limit(upTo + 1).as("rows"))
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(inRange.n) > upTo ? column : null;
    }),
  );
  return wide.filter((column) => column !== null);
}

async function countRows(db: Db, rows: ReturnType<typeof sql>) {
  const result = await sql<{ n: number }>`SELECT count(*) AS "n" FROM (${rows}) AS "rows"`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
