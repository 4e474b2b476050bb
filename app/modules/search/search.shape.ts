import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import type { Bbox } from "./search.rules.ts";

// A search's drawn area (`poly=`) and radius (`near=` and `radius=`): how the URL writes them, the box that
// holds them (read through the area's index), and the exact tests. The same arithmetic, in the same order, is
// the alert matcher's (here), SQLite's (app/db/sqlite-functions.server.ts calls these functions) and
// PostgreSQL's (search.filter-sql.server.ts writes it in SQL), so a saved search and its page agree on the
// homes at the very edge of a shape. Pure, browser-safe.

export type LatLng = { lat: number; lng: number };

/** A drawn area has 3 to 50 corners, closed implicitly (the last joins the first). */
export const POLY_POINTS = { min: 3, max: 50 } as const;
/** The radii the "Within" control offers, in the site's distance unit (km, or miles where AREA_UNIT is ft2). */
export const RADIUS_CHOICES = [1, 2, 5, 10, 20] as const;
/** The largest radius a URL may ask for (a larger one is read as this): a region, not the whole map. */
export const MAX_RADIUS = 100;
/** A place's name as the search box gave it, kept to say the radius in words: at most this long. */
export const MAX_PLACE_LENGTH = 100;

/** The mean radius of the Earth (IUGG), in km. */
export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;
/** Degrees to radians: one constant, passed to PostgreSQL as a parameter so both sides multiply by the same. */
export const RADIANS = Math.PI / 180;

/** Distances follow the site's area unit: miles where areas are in ft², kilometres elsewhere. */
export type DistanceUnit = "km" | "mi";
export function distanceUnitOf(areaUnit: AreaUnit | undefined): DistanceUnit {
  return areaUnit === "ft2" ? "mi" : "km";
}

/** A radius in the site's unit, in kilometres. */
export function radiusKm(radius: number, areaUnit: AreaUnit | undefined) {
  return distanceUnitOf(areaUnit) === "mi" ? radius * KM_PER_MILE : radius;
}

/** A coordinate as the URL carries it: at most 5 decimals (about a metre). */
function rounded(value: number) {
  return Number(value.toFixed(5));
}

function latLng(text: string): LatLng | null {
  const parts = text.split(",");
  if (parts.length !== 2 || parts.some((part) => part.trim() === "")) return null;
  const [lat, lng] = parts.map(Number) as [number, number];
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat: rounded(lat), lng: rounded(lng) };
}

/**
 * `lat,lng;lat,lng;...` as a drawn area: 3 to 50 corners on the globe, a repeated first corner at the end
 * dropped (the area is closed anyway). Anything else is no area (null), like every unusable parameter.
 */
export function parsePoly(text: string): LatLng[] | null {
  const points: LatLng[] = [];
  for (const pair of text.split(";")) {
    if (pair.trim() === "") continue;
    const point = latLng(pair);
    if (!point) return null;
    points.push(point);
  }
  const first = points[0];
  const last = points.at(-1);
  if (points.length > 1 && first && last && first.lat === last.lat && first.lng === last.lng) points.pop();
  return points.length >= POLY_POINTS.min && points.length <= POLY_POINTS.max ? points : null;
}

/** A point `lat,lng` (the centre of a radius), or null. */
export function parseLatLng(text: string): LatLng | null {
  return latLng(text);
}

/** A radius: a positive number (2 decimals at most), at most MAX_RADIUS; anything else null. */
export function parseRadius(text: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return null;
  const radius = Math.min(MAX_RADIUS, Math.round(Number(text) * 100) / 100);
  return radius > 0 ? radius : null;
}

/** A drawn area as the URL carries it. Each number is written in full (the parser rounded it), so it reads back the same. */
export function formatPoly(points: readonly LatLng[]) {
  return points.map(({ lat, lng }) => `${lat},${lng}`).join(";");
}

export function formatLatLng({ lat, lng }: LatLng) {
  return `${lat},${lng}`;
}

/**
 * Whether (lat, lng) lies inside the polygon, by the even-odd rule: a ray from the point eastwards crosses
 * its edges an odd number of times. An edge along a parallel (both ends at one latitude) is never crossed.
 * Latitude and longitude are taken as plane coordinates, as the map draws them.
 */
export function pointInPolygon(lat: number, lng: number, points: readonly LatLng[]): boolean {
  let inside = false;
  for (const { from, to, dLng, dLat } of polygonEdges(points)) {
    if (from.lat > lat !== to.lat > lat && lng < (dLng * (lat - from.lat)) / dLat + from.lng) {
      inside = !inside;
    }
  }
  return inside;
}

/**
 * The edges a ray can cross: each edge's first corner and its extent (dLat never 0). PostgreSQL's SQL is built
 * from the same list, with the same numbers.
 */
export function polygonEdges(points: readonly LatLng[]) {
  const edges: { from: LatLng; dLng: number; dLat: number; to: LatLng }[] = [];
  points.forEach((from, index) => {
    const to = points[(index + 1) % points.length]!;
    if (to.lat !== from.lat) edges.push({ from, to, dLng: to.lng - from.lng, dLat: to.lat - from.lat });
  });
  return edges;
}

/** The great-circle distance in km between two points (the haversine formula). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const sinLat = Math.sin(((lat2 - lat1) * RADIANS) / 2);
  const sinLng = Math.sin(((lng2 - lng1) * RADIANS) / 2);
  const a = sinLat * sinLat + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * sinLng * sinLng;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

// The boxes below must hold every point the exact tests accept: they are widened by this much (about 1 cm),
// past any rounding of the trigonometry.
const SLACK = 1e-7;

/** The box that holds a polygon. */
export function polygonBounds(points: readonly LatLng[]): Bbox {
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  return {
    west: Math.min(...lngs),
    south: Math.min(...lats),
    east: Math.max(...lngs),
    north: Math.max(...lats),
  };
}

/**
 * The box that holds every point within `km` of `centre`. It stops at ±180° (a circle across the antimeridian
 * keeps its own side, as the map's area does) and spans every longitude when it reaches a pole.
 */
export function circleBounds(centre: LatLng, km: number): Bbox {
  const angle = km / EARTH_RADIUS_KM;
  const dLat = angle / RADIANS + SLACK;
  const south = Math.max(-90, centre.lat - dLat);
  const north = Math.min(90, centre.lat + dLat);
  const cosLat = Math.cos(centre.lat * RADIANS);
  const reachesPole = north >= 90 || south <= -90 || Math.sin(angle) >= cosLat;
  const dLng = reachesPole ? 360 : Math.asin(Math.sin(angle) / cosLat) / RADIANS + SLACK;
  return {
    west: Math.max(-180, centre.lng - dLng),
    south,
    east: Math.min(180, centre.lng + dLng),
    north,
  };
}

/** What a search asks of a position: the map's area, a drawn area, a radius (each optional). */
export type AreaFilters = {
  bbox: Bbox | null;
  poly?: LatLng[] | null;
  near?: LatLng | null;
  radius?: number | null;
  areaUnit?: AreaUnit;
};

/** A radius search: its centre and radius in km, or null when the search has none. */
export function circleOf(filters: AreaFilters): { centre: LatLng; km: number } | null {
  if (!filters.near || filters.radius == null) return null;
  return { centre: filters.near, km: radiusKm(filters.radius, filters.areaUnit) };
}

/** Whether the search has a drawn area or a radius (the map's cells cannot answer it: decision 069). */
export function hasShape(filters: AreaFilters) {
  return Boolean(filters.poly) || circleOf(filters) !== null;
}

/**
 * The box every match lies in: the map's area, cut to the drawn area's and the radius's boxes. "none" when
 * they do not overlap (nothing can match), null when the search has no area at all. The SQL reads this box
 * through the area's index and compares each candidate's exact lng/lat with it; the matcher does the same.
 */
export function searchBox(filters: AreaFilters): Bbox | "none" | null {
  const circle = circleOf(filters);
  const boxes = [
    filters.bbox,
    filters.poly ? polygonBounds(filters.poly) : null,
    circle ? circleBounds(circle.centre, circle.km) : null,
  ].filter((box) => box !== null);
  if (boxes.length === 0) return null;
  const box = {
    west: Math.max(...boxes.map((b) => b.west)),
    south: Math.max(...boxes.map((b) => b.south)),
    east: Math.min(...boxes.map((b) => b.east)),
    north: Math.min(...boxes.map((b) => b.north)),
  };
  return box.west <= box.east && box.south <= box.north ? box : "none";
}

/** Whether a position matches the search's areas: inside its box, its drawn area and its radius. */
export function insideSearchArea(filters: AreaFilters, lat: number, lng: number): boolean {
  const box = searchBox(filters);
  if (box === null) return true;
  if (box === "none") return false;
  if (lng < box.west || lng > box.east || lat < box.south || lat > box.north) return false;
  if (filters.poly && !pointInPolygon(lat, lng, filters.poly)) return false;
  const circle = circleOf(filters);
  if (circle && !(distanceKm(circle.centre.lat, circle.centre.lng, lat, lng) <= circle.km)) return false;
  return true;
}

/** Whether segment a-b meets segment c-d (touching counts), in the plane of lng (x) and lat (y). */
function segmentsMeet(a: LatLng, b: LatLng, c: LatLng, d: LatLng) {
  const side = (p: LatLng, q: LatLng, r: LatLng) =>
    Math.sign((q.lng - p.lng) * (r.lat - p.lat) - (q.lat - p.lat) * (r.lng - p.lng));
  const within = (p: LatLng, q: LatLng, r: LatLng) =>
    Math.min(p.lng, q.lng) <= r.lng &&
    r.lng <= Math.max(p.lng, q.lng) &&
    Math.min(p.lat, q.lat) <= r.lat &&
    r.lat <= Math.max(p.lat, q.lat);
  const [d1, d2, d3, d4] = [side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)];
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  return (
    (d1 === 0 && within(c, d, a)) ||
    (d2 === 0 && within(c, d, b)) ||
    (d3 === 0 && within(a, b, c)) ||
    (d4 === 0 && within(a, b, d))
  );
}

/**
 * Whether every point of `cell` (a box of the map's cells) matches the search's drawn area and radius, so the
 * cell's count is a lower bound of their matches (decision 069). A polygon: the four corners inside and no edge
 * touching the box (then the box lies in one face of the drawing). A circle: the four corners within the radius
 * (on a sphere the farthest point of such a box from a centre outside its antipode is a corner).
 */
export function cellInsideShape(filters: AreaFilters, cell: Bbox): boolean {
  const corners = [
    { lat: cell.south, lng: cell.west },
    { lat: cell.south, lng: cell.east },
    { lat: cell.north, lng: cell.east },
    { lat: cell.north, lng: cell.west },
  ];
  const circle = circleOf(filters);
  if (circle) {
    const { centre, km } = circle;
    if (!corners.every((c) => distanceKm(centre.lat, centre.lng, c.lat, c.lng) <= km * (1 - 1e-9)))
      return false;
  }
  const poly = filters.poly;
  if (!poly) return true;
  if (!corners.every((c) => pointInPolygon(c.lat, c.lng, poly))) return false;
  for (let i = 0; i < poly.length; i++) {
    const [a, b] = [poly[i]!, poly[(i + 1) % poly.length]!];
    for (let side = 0; side < 4; side++) {
      if (segmentsMeet(a, b, corners[side]!, corners[(side + 1) % 4]!)) return false;
    }
    if (a.lng >= cell.west && a.lng <= cell.east && a.lat >= cell.south && a.lat <= cell.north) return false;
  }
  return true;
}
