import { sql } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import type { ListingRow } from "#app/db/schema.ts";
import { type ListingSummary, toListingSummary } from "#app/modules/listing/listing.model.ts";
import { withImages } from "#app/modules/listing/listing.repo.server.ts";
import { MAP_GRID, type MapPoint } from "./search.map.ts";
import type { Bbox } from "./search.rules.ts";

// The map of a wide area from the cells the database keeps per zoom level (decision 044, migration
// 2026_11_27_0300): a few hundred rows, whatever the number of listings under them.

/** Levels 0 to 15: at the finest, a cell is 360 / 2^15 degrees, about 1.2 km north to south. */
export const MAP_CELL_LEVELS = 16;

const sizeOf = (level: number) => 360 / 2 ** level;
const columnsOf = (level: number) => 2 ** level;
const rowsOf = (level: number) => Math.max(1, 2 ** (level - 1));
const clamp = (value: number, top: number) => Math.max(0, Math.min(top, value));

/**
 * A position's cell at `level`, as the triggers compute it: kept on the grid, so lng 180 and lat 90 are in the
 * last column and row.
 */
export function cellOf(level: number, lat: number, lng: number) {
  const size = sizeOf(level);
  return {
    x: clamp(Math.floor((lng + 180) / size), columnsOf(level) - 1),
    y: clamp(Math.floor((lat + 90) / size), rowsOf(level) - 1),
  };
}

/** The cells an area covers: its east and north edges belong to the cells before them (a cell's own box covers one). */
function cellRange(level: number, area: Bbox) {
  const size = sizeOf(level);
  const from = cellOf(level, area.south, area.west);
  const last = (edge: number, offset: number, first: number, top: number) =>
    clamp(Math.max(first, Math.ceil((edge + offset) / size) - 1), top);
  return {
    from,
    to: {
      x: last(area.east, 180, from.x, columnsOf(level) - 1),
      y: last(area.north, 90, from.y, rowsOf(level) - 1),
    },
  };
}

function cellBox(level: number, x: number, y: number): Bbox {
  const size = sizeOf(level);
  return {
    west: Math.max(-180, x * size - 180),
    south: Math.max(-90, y * size - 90),
    east: Math.min(180, (x + 1) * size - 180),
    north: Math.min(90, (y + 1) * size - 90),
  };
}

/**
 * The finest level whose cells cut `area` into at most the map grid's columns and rows (as the grid of
 * clusterListings does), or null when even the finest cells are too large for it (a neighbourhood: few enough
 * listings to group one by one).
 */
export function cellLevelFor(area: Bbox): number | null {
  const cell = Math.max(
    (area.east - area.west) / MAP_GRID.columns,
    (area.north - area.south) / MAP_GRID.rows,
  );
  if (!(cell > 0)) return null;
  const level = Math.max(0, Math.floor(Math.log2(360 / cell)));
  return level < MAP_CELL_LEVELS ? level : null;
}

/**
 * The map's points for `area` at `level`, one per cell with listings: the count and mean position of its
 * listings, the cell as the box a click zooms to, and the card of a cell's only listing. Whole cells are read,
 * so a cell on the area's edge counts its listings just outside it too (as on the portals' maps). Listings of
 * suspended owners, which the cells still count, are taken off here: they are few, and found by owner.
 */
export async function clusterFromCells(
  db: Db,
  area: Bbox,
  level: number,
  /** The public listings inside any of some boxes, read from the area's index (search.filter-sql.server.ts). */
  listedIn: (boxes: Bbox[]) => Promise<ListingRow[]>,
  /** Null when the cells hold this many listings or fewer: grouping them one by one costs little then. */
  moreThan: number,
): Promise<MapPoint[] | null> {
  const { from, to } = cellRange(level, area);
  const rows = await occupiedCells(db, level, from, to);
  const cells = new Map(rows.map((row) => [`${row.x}:${row.y}`, { ...row }]));
  const covered = { ...cellBox(level, from.x, from.y), ...pick(cellBox(level, to.x, to.y), "east", "north") };
  for (const listing of await suspendedOwnersListings(db, covered)) {
    const { x, y } = cellOf(level, listing.lat, listing.lng);
    const cell = cells.get(`${x}:${y}`);
    if (!cell) continue;
    cell.count -= 1;
    cell.sumLat -= listing.lat;
    cell.sumLng -= listing.lng;
  }
  const occupied = [...cells.values()].filter((cell) => cell.count > 0);
  if (occupied.reduce((sum, cell) => sum + Number(cell.count), 0) <= moreThan) return null;
  const points = occupied.map((cell) => ({
    x: cell.x,
    y: cell.y,
    point: {
      lat: cell.sumLat / cell.count,
      lng: cell.sumLng / cell.count,
      count: Number(cell.count),
      bounds: cellBox(level, cell.x, cell.y),
      listing: null as ListingSummary | null,
    },
  }));
  await addCards(
    db,
    level,
    points.filter(({ point }) => point.count === 1),
    listedIn,
  );
  return points.map(({ point }) => point);
}

/**
 * Bounds on how many public listings lie inside `area`, from its cells at the finest level that cuts it into
 * at most the map grid's columns and rows: at most what the cells it reaches into hold, at least what the cells
 * wholly inside it hold less the suspended owners' listings there. A few hundred rows by primary key, where
 * counting past a thousand points of a city from an index takes milliseconds. Null for an area too small for
 * any level (it holds few listings: count them).
 */
export async function listedInAreaBounds(
  db: Db,
  area: Bbox,
  /**
   * Whether a cell wholly inside `area` is also wholly inside a drawn area or a radius (decision 069). With
   * one, an area too small for the map's levels is read at the finest (a radius of a few km: a few cells).
   */
  cellInside?: (cell: Bbox) => boolean,
): Promise<{ atLeast: number; atMost: number } | null> {
  const level = cellLevelFor(area) ?? (cellInside ? MAP_CELL_LEVELS - 1 : null);
  if (level === null) return null;
  const { from, to } = cellRange(level, area);
  const rows = await occupiedCells(db, level, from, to);
  let atMost = 0;
  let inside = 0;
  for (const row of rows) {
    atMost += Number(row.count);
    const box = cellBox(level, row.x, row.y);
    const whole =
      box.west >= area.west && box.east <= area.east && box.south >= area.south && box.north <= area.north;
    if (whole && (cellInside?.(box) ?? true)) inside += Number(row.count);
  }
  // Only when the cells could settle it is it worth reading the suspended owners (usually none).
  const suspended = inside > 0 ? (await suspendedOwnersListings(db, area)).length : 0;
  return { atLeast: Math.max(0, inside - suspended), atMost };
}

type CellAt = { x: number; y: number };

/** The cells of `level` from `from` to `to` (corners included) that hold listings, by primary key. */
function occupiedCells(db: Db, level: number, from: CellAt, to: CellAt) {
  return db
    .selectFrom("mapCell")
    .select(["x", "y", "count", "sumLat", "sumLng"])
    .where("level", "=", level)
    .where("x", ">=", from.x)
    .where("x", "<=", to.x)
    .where("y", ">=", from.y)
    .where("y", "<=", to.y)
    .where("count", ">", 0)
    .execute();
}

function pick<T, K extends keyof T>(value: T, ...keys: K[]) {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/**
 * Listings the cells count (listed by their own columns) whose owner or agency is suspended, inside `area`. The
 * suspended owners and agencies first (the partial indexes user_banned_idx and organization_suspended_idx;
 * usually none, and then nothing more is read), then their listings by the owner and agency indexes.
 */
async function suspendedOwnersListings(db: Db, { west, south, east, north }: Bbox) {
  // Written as the partial indexes are (a bare "banned", "suspendedAt" IS NOT NULL), so both engines use them.
  const [owners, agencies] = await Promise.all([
    db.selectFrom("user").select("user.id").where(sql<boolean>`"user"."banned"`).execute(),
    db
      .selectFrom("organization")
      .select("organization.id")
      .where("organization.suspendedAt", "is not", null)
      .execute(),
  ]);
  if (owners.length === 0 && agencies.length === 0) return [];
  const ownerIds = owners.map((owner) => owner.id);
  const agencyIds = agencies.map((agency) => agency.id);
  return db
    .selectFrom("listing")
    .select(["listing.lat", "listing.lng"])
    .where((eb) =>
      eb.or([
        ...(ownerIds.length > 0 ? [eb("listing.userRef", "in", ownerIds)] : []),
        ...(agencyIds.length > 0 ? [eb("listing.agencyId", "in", agencyIds)] : []),
      ]),
    )
    .where("listing.hiddenAt", "is", null)
    .where("listing.status", "=", "available")
    .where("listing.expiredAt", "is", null)
    .where("listing.lng", ">=", west)
    .where("listing.lng", "<=", east)
    .where("listing.lat", ">=", south)
    .where("listing.lat", "<=", north)
    .execute();
}

/**
 * The card of each single-listing cell: its one public listing, from one query over the cells' boxes. A box's
 * edges touch the next cells, so what it finds is sorted into cells by position.
 */
async function addCards(
  db: Db,
  level: number,
  singles: { x: number; y: number; point: MapPoint }[],
  listedIn: (boxes: Bbox[]) => Promise<ListingRow[]>,
) {
  if (singles.length === 0) return;
  const byCell = new Map(singles.map((single) => [`${single.x}:${single.y}`, single]));
  const found = new Map<string, ListingRow>();
  for (const row of await listedIn(singles.map((single) => single.point.bounds))) {
    const { x, y } = cellOf(level, row.lat, row.lng);
    if (byCell.has(`${x}:${y}`) && !found.has(`${x}:${y}`)) found.set(`${x}:${y}`, row);
  }
  const listings = await withImages(db, [...found.values()]);
  for (const listing of listings) {
    const { x, y } = cellOf(level, listing.geolocation.lat, listing.geolocation.lng);
    const single = byCell.get(`${x}:${y}`);
    if (single) single.point.listing = toListingSummary(listing);
  }
}
