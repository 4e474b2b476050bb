import { sql } from "kysely";
import { type Db, isPostgres } from "#app/db/db.server.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import { toListingSummary } from "#app/modules/listing/listing.model.ts";
import { selectListings, withImages } from "#app/modules/listing/listing.repo.server.ts";
import { INDEX_MATCHES_UP_TO } from "./search.access.server.ts";
import { listedInBoxes, onlyArea, whereMatches } from "./search.filter-sql.server.ts";
import { MAP_GRID, type MapPoint } from "./search.map.ts";
import { cellLevelFor, clusterFromCells } from "./search.map-cells.server.ts";
import type { Bbox, SearchFilters } from "./search.rules.ts";

// The search map's points: the matches of a search inside the map's area, grouped on the server.

export { MAP_GRID } from "./search.map.ts";

/**
 * The listings matching `filters` inside `area`, clustered on the server on a grid of the area: the browser
 * never receives more than a few hundred points, whatever the number of matches. Each cell
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
    const rows = await selectListings(db).where("listing.id", "in", singles).execute();
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
