import type { Db } from "#app/db/db.server.ts";
import { whereMatches } from "./search.filter-sql.server.ts";
import type { Bbox, SearchFilters } from "./search.rules.ts";

/**
 * The box that holds every listing matching `filters` (every page, not the one shown), or null when none
 * matches: the search map opens on it, so no result lies off the first view. One aggregate over the matches,
 * by the same builder as the list, so the box and the list never disagree.
 */
export async function findMatchesBounds(db: Db, filters: SearchFilters): Promise<Bbox | null> {
  const row = await whereMatches(db, db.selectFrom("listing"), filters, "index")
    .select((eb) => [
      eb.fn.min("listing.lat").as("south"),
      eb.fn.max("listing.lat").as("north"),
      eb.fn.min("listing.lng").as("west"),
      eb.fn.max("listing.lng").as("east"),
    ])
    .executeTakeFirst();
  if (!row || row.south === null || row.west === null) return null;
  return {
    west: Number(row.west),
    south: Number(row.south),
    east: Number(row.east),
    north: Number(row.north),
  };
}
