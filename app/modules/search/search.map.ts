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

/** A box never narrower than this many degrees (about 200 m): one home, or homes in one building, still has an area. */
const MIN_SPAN = 0.002;

/**
 * The area a map of `bounds` groups its points over: the box widened to MIN_SPAN where it is thinner (a single
 * result is a point), kept on the globe.
 */
export function areaAround(bounds: Bbox): Bbox {
  const widen = (low: number, high: number) => {
    const missing = Math.max(0, MIN_SPAN - (high - low)) / 2;
    return [low - missing, high + missing] as const;
  };
  const [west, east] = widen(bounds.west, bounds.east);
  const [south, north] = widen(bounds.south, bounds.north);
  return clampArea({ west, south, east, north });
}

/** What the search map reads for a search: its points, the area they were grouped over, and whether the map
 * should fit that area (the search named no area of its own: the area is the box of every result). */
export type MapData = { points: MapPoint[]; area: Bbox; fit: boolean };
