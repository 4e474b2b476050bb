import { type SelectQueryBuilder, sql } from "kysely";
import { type Db, isPostgres } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import {
  DISTANCE_FUNCTION,
  HAS_WORDS_FUNCTION,
  IN_POLYGON_FUNCTION,
} from "#app/db/sqlite-functions.server.ts";
import type { ListingColumn } from "#app/modules/listing/listing.fields.ts";
import { selectListings } from "#app/modules/listing/listing.repo.server.ts";
import { whereListed } from "#app/modules/listing/listing.visibility.server.ts";
import type { Access } from "./search.access.server.ts";
import { type Condition, valueConditions } from "./search.conditions.ts";
import { ftsMatch, tsQuery } from "./search.query.server.ts";
import type { Bbox, SearchFilters } from "./search.rules.ts";
import {
  circleOf,
  EARTH_RADIUS_KM,
  formatPoly,
  hasShape,
  type LatLng,
  polygonEdges,
  RADIANS,
  searchBox,
} from "./search.shape.ts";
import { queryWords } from "./search.words.ts";

// The SQL of a search's filters (decision 028), on each engine's own indexes: words on SQLite's FTS5 table and
// PostgreSQL's GIN index over the stored, folded name and address, the area on SQLite's R*Tree and
// PostgreSQL's GiST index of points, every other filter on its column as listing.fields.ts declares it (the
// price a visitor pays on its generated column). The alert matcher (saved-search.filter.ts) applies the same
// declarations in memory; search.repo.server.test.ts holds the two to the same answers.

export type ListingQuery<O> = SelectQueryBuilder<Database, "listing", O>;

/** Adds every filter of `filters` (and the public-listings rule) to a query on the listing table. */
export function whereMatches<O>(
  db: Db,
  query: ListingQuery<O>,
  filters: SearchFilters,
  access: Access = "index",
  /** Columns whose ranges a walk of the sort's index checks, never starts from (rangesToWalk: SQLite only). */
  walkRanges: readonly ListingColumn[] = [],
): ListingQuery<O> {
  const postgres = isPostgres(db);
  // SQLite checks a walked entry's conditions in this order: the filters' columns of the index first, then
  // whereListed's (its owner's suspension last, a lookup in the user table), then the words (the row itself).
  // 2.5 ms of a count at a million listings went to looking up the owner of entries the filters rule out.
  let q = query;
  for (const condition of valueConditions(filters)) q = whereCondition(q, condition, walkRanges);
  // An agency's page: its listings, by the agency's index when nothing narrows them more.
  if (filters.agencyId) q = q.where("listing.agencyId", "=", filters.agencyId);
  // The map's area, a drawn area and a radius: their common box from the area's index (or as ranges on a
  // walk), then each candidate's exact test (decision 069).
  const box = searchBox(filters);
  if (box === "none") return q.where(sql<boolean>`1 = 0`);
  if (box) q = whereInside(q, box, postgres, access);
  q = whereInShape(q, filters, postgres);
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

/** One column condition (search.conditions.ts) in SQL. */
function whereCondition<O>(
  query: ListingQuery<O>,
  [column, op, value]: Condition,
  walkRanges: readonly ListingColumn[],
): ListingQuery<O> {
  const ref = `listing.${column}` as const;
  if ((op === ">=" || op === "<=") && walkRanges.includes(column)) {
    // SQLite's unary plus: the same value, which no index can seek by, so the sort's index is walked.
    return query.where(sql<number>`+${sql.ref(ref)}`, op, value as number);
  }
  if (op === "in") return query.where(ref, "in", value as string[]);
  if (op === "now or <=") {
    // Text comparison: "now" sorts after every date, so it is asked for apart.
    return query.where((eb) => eb.or([eb(ref, "=", "now"), eb(ref, "<=", value)]));
  }
  return query.where(ref, op, value);
}

/**
 * The exact tests of a drawn area and a radius, on a query already cut to their box. SQLite calls the matcher's
 * own functions (app/db/sqlite-functions.server.ts); PostgreSQL computes the same arithmetic in the same order
 * in SQL, every constant passed as a double, so both answer as the alert matcher does.
 */
function whereInShape<O>(query: ListingQuery<O>, filters: SearchFilters, postgres: boolean) {
  let q = query;
  if (filters.poly) {
    q = q.where(
      postgres
        ? pgInPolygon(filters.poly)
        : sql<boolean>`${sql.raw(IN_POLYGON_FUNCTION)}("listing"."lat", "listing"."lng", ${formatPoly(filters.poly)}) = 1`,
    );
  }
  const circle = circleOf(filters);
  if (circle) {
    const { centre, km } = circle;
    q = q.where(
      postgres
        ? pgDistanceKm(centre)
        : sql<number>`${sql.raw(DISTANCE_FUNCTION)}(${centre.lat}, ${centre.lng}, "listing"."lat", "listing"."lng")`,
      "<=",
      km,
    );
  }
  return q;
}

const float = (value: number) => sql`${value}::float8`;

/** search.shape.ts's pointInPolygon in PostgreSQL: the eastward ray's crossings, counted, odd inside. */
function pgInPolygon(points: readonly LatLng[]) {
  const lat = sql.ref("listing.lat");
  const lng = sql.ref("listing.lng");
  const crossings = polygonEdges(points).map(
    ({ from, to, dLng, dLat }) =>
      sql`CASE WHEN (${lat} > ${float(from.lat)}) <> (${lat} > ${float(to.lat)})
        AND ${lng} < ${float(dLng)} * (${lat} - ${float(from.lat)}) / ${float(dLat)} + ${float(from.lng)}
        THEN 1 ELSE 0 END`,
  );
  // Every edge along a parallel: nothing can be inside.
  if (crossings.length === 0) return sql<boolean>`1 = 0`;
  // "<> 0", not "= 1": the same test, whose default estimate (most rows pass) keeps the planner walking the
  // page's index to its LIMIT; "= 1" is taken for a rare match and every candidate is read and sorted.
  return sql<boolean>`(${sql.join(crossings, sql` + `)}) % 2 <> 0`;
}

/** search.shape.ts's distanceKm from `centre` in PostgreSQL (haversine), term by term. */
function pgDistanceKm(centre: LatLng) {
  const lat = sql.ref("listing.lat");
  const lng = sql.ref("listing.lng");
  const rad = float(RADIANS);
  const sinLat = sql`sin((${lat} - ${float(centre.lat)}) * ${rad} / 2)`;
  const sinLng = sql`sin((${lng} - ${float(centre.lng)}) * ${rad} / 2)`;
  return sql<number>`2 * ${float(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
    ${sinLat} * ${sinLat} + cos(${float(centre.lat)} * ${rad}) * cos(${lat} * ${rad}) * ${sinLng} * ${sinLng})))`;
}

// The R*Tree stores 32-bit floats rounded outwards, so it is asked for a slightly larger box and each row it
// finds is then checked against the exact one; PostgreSQL's GiST index holds the exact points.
const RTREE_SLACK = 1e-4;

export function rtreeInside({ west, south, east, north }: Bbox) {
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

/** The public listings inside any of `boxes` (a few map cells), from the area's index: one query. */
export function listedInBoxes(db: Db, boxes: Bbox[]) {
  const query = selectListings(db).where(whereListed);
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

/** Whether `filters` ask for nothing but the map's area (no drawn area or radius either). */
export function onlyArea(filters: SearchFilters) {
  return nothingButPlace(filters) && !hasShape(filters);
}

/** Whether `filters` ask for nothing but an area with a drawn area or a radius (the cells bound their count). */
export function onlyShape(filters: SearchFilters) {
  return nothingButPlace(filters) && hasShape(filters);
}

/** No words, no value filter and no agency: only where the homes are may narrow the search. */
function nothingButPlace(filters: SearchFilters) {
  return queryWords(filters.q).length === 0 && valueConditions(filters).length === 0 && !filters.agencyId;
}

/** The columns that lead a B-tree index of the listing table (a sort index's), which a count may start from. */
const LEADING_COLUMNS: ListingColumn[] = ["type", "offer", "price", "livingArea"];

/** Whether a filter on a column some B-tree index leads with narrows `filters` (a count may start there). */
export function narrowedByIndex(filters: SearchFilters) {
  return valueConditions(filters).some(([column]) => LEADING_COLUMNS.includes(column));
}
