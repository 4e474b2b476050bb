import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewListingRow } from "#app/db/schema.ts";
import { createAgency, createUser, testListingRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { INDEX_MATCHES_UP_TO } from "./search.access.server.ts";
import { clusterListings } from "./search.cluster.server.ts";
import { MAP_GRID, WORLD } from "./search.map.ts";
import { cellLevelFor, cellOf, listedInAreaBounds } from "./search.map-cells.server.ts";
import { type Bbox, EMPTY_SEARCH } from "./search.rules.ts";

// The map's cells (decision 044) on a real database of each engine: kept by the database's triggers through
// inserts, moves, status changes, hiding, expiry, deletes and suspensions, they give the same clusters as the
// listings themselves, counted here in plain code.

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});

// A fixed pseudo-random sequence, so a failure can be replayed.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const EUROPE = { west: -10, south: 35, east: 25, north: 60 };

type Row = NewListingRow & { id: string; lat: number; lng: number };

/** What the map must show: per cell of the area's level that reaches into it, its public listings (plain code). */
async function expectedCells(area: Bbox, level: number) {
  const listings = await testDb.db
    .selectFrom("listing")
    .innerJoin("user", "user.id", "listing.userRef")
    .leftJoin("organization", "organization.id", "listing.agencyId")
    .select(["listing.id", "listing.lat", "listing.lng", "user.banned", "organization.suspendedAt"])
    .where("listing.hiddenAt", "is", null)
    .where("listing.status", "=", "available")
    .where("listing.expiredAt", "is", null)
    .execute();
  const size = 360 / 2 ** level;
  const reaches = (x: number, y: number) =>
    x * size - 180 < area.east &&
    (x + 1) * size - 180 > area.west &&
    y * size - 90 < area.north &&
    (y + 1) * size - 90 > area.south;
  const cells = new Map<string, { count: number; lat: number; lng: number; ids: string[] }>();
  for (const listing of listings) {
    if (listing.banned || listing.suspendedAt != null) continue;
    const { x, y } = cellOf(level, listing.lat, listing.lng);
    if (!reaches(x, y)) continue;
    const cell = cells.get(`${x}:${y}`) ?? { count: 0, lat: 0, lng: 0, ids: [] };
    cell.count += 1;
    cell.lat += listing.lat;
    cell.lng += listing.lng;
    cell.ids.push(listing.id);
    cells.set(`${x}:${y}`, cell);
  }
  return cells;
}

async function expectMapMatches(area: Bbox = EUROPE) {
  const level = cellLevelFor(area)!;
  const points = await clusterListings(testDb.db, EMPTY_SEARCH, area);
  const expected = await expectedCells(area, level);
  expect(points.length).toBe(expected.size);
  expect(points.length).toBeLessThanOrEqual((MAP_GRID.columns + 1) * (MAP_GRID.rows + 1));
  for (const point of points) {
    // The point's box is its cell: its centre names it.
    const { x, y } = cellOf(
      level,
      (point.bounds.south + point.bounds.north) / 2,
      (point.bounds.west + point.bounds.east) / 2,
    );
    const cell = expected.get(`${x}:${y}`);
    expect(cell, `cell ${x}:${y}`).toBeDefined();
    expect(point.count).toBe(cell!.count);
    expect(point.lat).toBeCloseTo(cell!.lat / cell!.count, 6);
    expect(point.lng).toBeCloseTo(cell!.lng / cell!.count, 6);
    expect(point.listing?.id ?? null).toBe(cell!.count === 1 ? cell!.ids[0] : null);
  }
}

/** The whole table, to see that a write changed none of it. */
function allCells() {
  return testDb.db.selectFrom("mapCell").selectAll().orderBy(["level", "x", "y"]).execute();
}

describe("the map's cells", () => {
  it("give the clusters of a wide area as the listings do, through every kind of write", async () => {
    const next = random(7);
    const owners = [await createUser(testDb.db), await createUser(testDb.db), await createUser(testDb.db)];
    // Enough that the cells answer even with a third of them suspended (fewer are grouped one by one).
    const rows: Row[] = Array.from({ length: 2 * INDEX_MATCHES_UP_TO + 400 }, (_, index) => ({
      ...testListingRow(owners[index % 3]!.id, { id: `M${String(index).padStart(5, "0")}` }),
      lat: 40 + next() * 15,
      lng: -5 + next() * 25,
    }));
    // A lone home far from the others: a cell of its own, which shows its card. Homes whose address found no
    // position sit at 0, 0, a corner of the cells next to the lone one in Abidjan; and one at the grid's edge.
    rows.push({ ...testListingRow(owners[0]!.id, { id: "lone" }), lat: 35.5, lng: 24.5 });
    rows.push({ ...testListingRow(owners[0]!.id, { id: "abidjan" }), lat: 5.3, lng: -4.0 });
    for (let i = 0; i < 6; i++) {
      rows.push({ ...testListingRow(owners[0]!.id, { id: `nowhere${i}` }), lat: 0, lng: 0 });
    }
    rows.push({ ...testListingRow(owners[0]!.id, { id: "edge" }), lat: 90, lng: 180 });
    for (let at = 0; at < rows.length; at += 200) {
      await testDb.db
        .insertInto("listing")
        .values(rows.slice(at, at + 200))
        .execute();
    }
    expect(cellLevelFor(EUROPE)).not.toBeNull();
    await expectMapMatches();
    await expectMapMatches(WORLD);
    // An area whose edges lie on cell edges (as a cluster's box does) reads no cell beyond them.
    const snapped = { west: -5.625, south: 39.375, east: 19.6875, north: 56.25 };
    expect(cellLevelFor(snapped)).toBe(8);
    await expectMapMatches(snapped);

    const ids = (from: number, count: number) => rows.slice(from, from + count).map((row) => row.id);
    // Moves (one statement of many rows, and one alone), let and sold, hidden, expired, deleted, available again.
    await testDb.db
      .updateTable("listing")
      .set({ lat: 51.5, lng: -0.1 })
      .where("id", "in", ids(0, 50))
      .execute();
    await testDb.db.updateTable("listing").set({ lng: 19.9 }).where("id", "=", "M00060").execute();
    await testDb.db.updateTable("listing").set({ status: "let" }).where("id", "in", ids(100, 40)).execute();
    await testDb.db
      .updateTable("listing")
      .set({ hiddenAt: Date.now() })
      .where("id", "in", ids(200, 30))
      .execute();
    await testDb.db
      .updateTable("listing")
      .set({ expiredAt: Date.now() })
      .where("id", "in", ids(300, 30))
      .execute();
    await testDb.db.deleteFrom("listing").where("id", "in", ids(400, 60)).execute();
    await testDb.db
      .updateTable("listing")
      .set({ status: "available" })
      .where("id", "in", ids(100, 10))
      .execute();
    // An update of nothing the map shows (or of a status to what it was) writes no cell.
    const before = await allCells();
    await testDb.db
      .updateTable("listing")
      .set({ reminderSentAt: Date.now() })
      .where("id", "in", ids(500, 100))
      .execute();
    await testDb.db
      .updateTable("listing")
      .set({ status: "available" })
      .where("id", "in", ids(600, 100))
      .execute();
    expect(await allCells()).toEqual(before);
    await expectMapMatches();
    await expectMapMatches(WORLD);

    // A suspended owner's homes leave the map; lifting the suspension brings them back.
    await testDb.db.updateTable("user").set({ banned: true }).where("id", "=", owners[1]!.id).execute();
    await expectMapMatches();
    await testDb.db.updateTable("user").set({ banned: false }).where("id", "=", owners[1]!.id).execute();
    await expectMapMatches();

    // A suspended agency's homes leave it too, counted once when their agent is suspended as well.
    const { id: agencyId } = await createAgency(testDb.db, { name: "Map Homes" });
    await testDb.db.updateTable("listing").set({ agencyId }).where("id", "in", ids(200, 300)).execute();
    await testDb.db
      .updateTable("organization")
      .set({ suspendedAt: Date.now() })
      .where("id", "=", agencyId)
      .execute();
    await expectMapMatches();
    await expectMapMatches(WORLD);
    await testDb.db.updateTable("user").set({ banned: true }).where("id", "=", owners[1]!.id).execute();
    await expectMapMatches();
    await testDb.db.updateTable("user").set({ banned: false }).where("id", "=", owners[1]!.id).execute();
    await testDb.db
      .updateTable("organization")
      .set({ suspendedAt: null })
      .where("id", "=", agencyId)
      .execute();
    await expectMapMatches();
  });

  it("bound the listings of an area: never more than it holds, never fewer, suspended owners taken off", async () => {
    const next = random(11);
    const owners = [await createUser(testDb.db), await createUser(testDb.db)];
    // Around Sydney, away from the other test's listings: some hidden, some of an owner suspended below.
    const rows: Row[] = Array.from({ length: 900 }, (_, index) => ({
      ...testListingRow(owners[index % 2]!.id, { id: `B${String(index).padStart(5, "0")}` }),
      lat: -34.5 + next(),
      lng: 150.5 + next(),
      hiddenAt: index % 9 === 0 ? Date.now() : null,
    }));
    for (let at = 0; at < rows.length; at += 200) {
      await testDb.db
        .insertInto("listing")
        .values(rows.slice(at, at + 200))
        .execute();
    }
    const inside = async (area: Bbox) => {
      const listed = await testDb.db
        .selectFrom("listing")
        .innerJoin("user", "user.id", "listing.userRef")
        .select(["listing.lat", "listing.lng", "user.banned"])
        .where("listing.hiddenAt", "is", null)
        .where("listing.status", "=", "available")
        .where("listing.expiredAt", "is", null)
        .execute();
      return listed.filter(
        (row) =>
          !row.banned &&
          row.lng >= area.west &&
          row.lng <= area.east &&
          row.lat >= area.south &&
          row.lat <= area.north,
      ).length;
    };
    const region = { west: 150.5, south: -34.5, east: 151.5, north: -33.5 };
    for (const suspended of [false, true]) {
      await testDb.db
        .updateTable("user")
        .set({ banned: suspended })
        .where("id", "=", owners[1]!.id)
        .execute();
      let settled = 0;
      for (let i = 0; i < 30; i++) {
        const [west, east] = [150.4 + next() * 1.2, 150.4 + next() * 1.2].sort((a, b) => a - b) as [
          number,
          number,
        ];
        const [south, north] = [-34.6 + next() * 1.2, -34.6 + next() * 1.2].sort((a, b) => a - b) as [
          number,
          number,
        ];
        const area = i === 0 ? region : { west, south, east, north };
        const bounds = await listedInAreaBounds(testDb.db, area);
        if (!bounds) continue;
        const truth = await inside(area);
        expect(bounds.atLeast, JSON.stringify(area)).toBeLessThanOrEqual(truth);
        expect(bounds.atMost, JSON.stringify(area)).toBeGreaterThanOrEqual(truth);
        if (bounds.atLeast > 0) settled++;
      }
      // Most areas this size hold whole cells: the lower bound says something.
      expect(settled).toBeGreaterThan(10);
    }
  });
});
