import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import type { Bbox } from "./search.rules.ts";

/**
 * A point on the search map (safe for the browser): one listing (`listing` is its card), or a cluster of
 * `count` listings drawn at their mean position, with the box that holds them (a click zooms to it).
 */
export type MapPoint = {
  lat: number;
  lng: number;
  count: number;
  bounds: Bbox;
  listing: ListingSummary | null;
};

/** The map's grid: at most this many cells, so the browser never gets more points than that. */
export const MAP_GRID = { columns: 20, rows: 14 };

/** The whole map, when a map view names no area yet (Web Mercator stops at about 85°). */
export const WORLD: Bbox = { west: -180, south: -85, east: 180, north: 85 };

/** The area a map shows, kept on the globe: Leaflet's bounds may run past ±180° when zoomed far out. */
export function clampArea({ west, south, east, north }: Bbox): Bbox {
  return {
    west: Math.max(-180, west),
    south: Math.max(-85, south),
    east: Math.min(180, east),
    north: Math.min(85, north),
  };
}
