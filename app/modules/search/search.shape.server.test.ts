import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewListingRow } from "#app/db/schema.ts";
import { type MatchableListing, matchesFilter } from "#app/modules/saved/saved-search.filter.ts";
import { createUser, NO_LISTING_DETAILS, testListingRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { ACCESS_LIMITS, type Access } from "./search.access.server.ts";
import { clusterListings } from "./search.cluster.server.ts";
import { countListings, searchListings } from "./search.repo.server.ts";
import { EMPTY_SEARCH, type SearchFilters, type SearchSort } from "./search.rules.ts";
import { parseSearchParams } from "./search.schema.ts";
import type { LatLng } from "./search.shape.ts";

// A drawn area and a radius on the real database (both engines): every way of reading a search answers what
// plain geometry answers, and the alert matcher agrees. The oracle below is written apart from search.shape.ts
// on purpose (winding numbers, and the chord through the Earth), so a shared mistake cannot pass unseen; random
// positions are never exactly on an edge, where the two ways of deciding could part.

let testDb: TestDb;
let ownerId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  ownerId = (await createUser(testDb.db)).id;
});
afterAll(async () => {
  await testDb.destroy();
});

/** Winding number of the closed polygon around the point: non-zero inside (for simple polygons, as drawn). */
function windingInside(lat: number, lng: number, points: readonly LatLng[]) {
  let winding = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const side = (b.lng - a.lng) * (lat - a.lat) - (lng - a.lng) * (b.lat - a.lat);
    if (a.lat <= lat) {
      if (b.lat > lat && side > 0) winding++;
    } else if (b.lat <= lat && side < 0) winding--;
  }
  return winding !== 0;
}

/** The great-circle distance from the chord between the two points' unit vectors. */
function chordKm(a: LatLng, b: LatLng) {
  const vector = ({ lat, lng }: LatLng) => {
    const [phi, lambda] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
    return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  };
  const [u, v] = [vector(a), vector(b)];
  const chord = Math.hypot(u[0]! - v[0]!, u[1]! - v[1]!, u[2]! - v[2]!);
  return 2 * 6371.0088 * Math.asin(Math.min(1, chord / 2));
}

// Positions in a 2° square around Berlin, not on any grid the shapes use.
const coordinate = (centre: number) =>
  fc.integer({ min: -99_991, max: 99_991 }).map((v) => centre + v / 99_991);
const listingArb = fc.record({
  type: fc.constantFrom("rent" as const, "sale" as const),
  regularPrice: fc.integer({ min: 100, max: 1000 }).map((p) => p * 10),
  lat: coordinate(52.5),
  lng: coordinate(13.4),
  timestamp: fc.integer({ min: 1, max: 6 }).map((t) => 1_700_000_000_000 + t),
});

const corner = fc.record({
  lat: fc.integer({ min: -1000, max: 1000 }).map((v) => 52.5 + v / 1000),
  lng: fc.integer({ min: -1000, max: 1000 }).map((v) => 13.4 + v / 1000),
});
// Star-shaped polygons (corners sorted by angle round their mean) are simple, as a drawing is; some are
// concave. Random lists of corners too, which may cross themselves: even-odd there, so only the matcher and
// the engines are compared (the oracle's winding number is for simple polygons).
const simplePolygon = fc.array(corner, { minLength: 3, maxLength: 12 }).map((points) => {
  const lat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const lng = points.reduce((sum, p) => sum + p.lng, 0) / points.length;
  return [...points].sort(
    (a, b) => Math.atan2(a.lat - lat, a.lng - lng) - Math.atan2(b.lat - lat, b.lng - lng),
  );
});

const shapeArb = fc.record({
  poly: fc.option(simplePolygon, { freq: 2 }),
  near: fc.option(corner, { freq: 2 }),
  radius: fc.constantFrom(1, 2, 5, 10, 20, 35.5),
  areaUnit: fc.constantFrom("m2" as const, "ft2" as const),
  bbox: fc.option(
    fc.record({
      west: fc.constant(12.9),
      south: fc.constant(52.2),
      east: fc.constant(13.9),
      north: fc.constant(52.8),
    }),
    { freq: 4 },
  ),
  type: fc.constantFrom(null, null, "rent" as const),
  maxPrice: fc.option(fc.integer({ min: 2000, max: 9000 }), { freq: 2 }),
});

type Row = NewListingRow & { price: number };

async function seed(listings: (typeof listingArb extends fc.Arbitrary<infer T> ? T : never)[]) {
  await testDb.db.deleteFrom("listing").execute();
  const rows: Row[] = listings.map((listing, index) => ({
    ...testListingRow(ownerId, { ...listing, id: `S${String(index).padStart(4, "0")}` }),
    price: listing.regularPrice,
  }));
  if (rows.length > 0) {
    await testDb.db
      .insertInto("listing")
      .values(rows.map(({ price, ...row }) => row))
      .execute();
  }
  return rows;
}

function toMatchable(row: Row): MatchableListing {
  return {
    ...row,
    ...NO_LISTING_DETAILS,
    parking: Boolean(row.parking),
    offer: Boolean(row.offer),
    agencyId: null,
    energyRating: null,
    exactAddress: true,
    discountedPrice: null,
    geolocation: { lat: row.lat, lng: row.lng },
    status: "available",
    expired: false,
    publishedAt: row.timestamp,
    changedAt: row.timestamp,
  } as unknown as MatchableListing;
}

async function readAllPages(filters: SearchFilters, sort: SearchSort, access?: Access) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: Awaited<ReturnType<typeof searchListings>> = await searchListings(
      testDb.db,
      filters,
      sort,
      cursor,
      5,
      access,
    );
    ids.push(...page.listings.map((listing) => listing.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error("pages never ended");
}

describe("a drawn area and a radius", () => {
  it("find what plain point-in-polygon and distance checks find, every way a search is read, and the matcher agrees", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(listingArb, { maxLength: 40 }), shapeArb, async (listings, shape) => {
        const rows = await seed(listings);
        const filters: SearchFilters = {
          ...EMPTY_SEARCH,
          ...shape,
          radius: shape.near ? shape.radius : null,
        };
        const km = shape.areaUnit === "ft2" ? shape.radius * 1.609344 : shape.radius;
        const expected = rows
          .filter(
            (row) =>
              (!filters.bbox ||
                (row.lng >= filters.bbox.west &&
                  row.lng <= filters.bbox.east &&
                  row.lat >= filters.bbox.south &&
                  row.lat <= filters.bbox.north)) &&
              (!filters.poly || windingInside(row.lat, row.lng, filters.poly)) &&
              (!filters.near || chordKm(filters.near, row) <= km) &&
              (!filters.type || row.type === filters.type) &&
              (filters.maxPrice === null || row.price <= filters.maxPrice),
          )
          .sort((a, b) => a.price - b.price || (a.id! < b.id! ? -1 : 1))
          .map((row) => row.id);
        expect(await readAllPages(filters, "price-asc")).toEqual(expected);
        expect(await countListings(testDb.db, filters)).toBe(expected.length);
        for (const access of ["walk", "walk-rows"] as const) {
          expect(await readAllPages(filters, "price-asc", access)).toEqual(expected);
          expect(await countListings(testDb.db, filters, access)).toBe(expected.length);
        }
        // The map's clusters hold the same homes (the map's area is the search's).
        const points = await clusterListings(
          testDb.db,
          filters,
          filters.bbox ?? { west: 12, south: 51.5, east: 15, north: 53.5 },
        );
        expect(points.reduce((sum, point) => sum + point.count, 0)).toBe(expected.length);
        // A saved search's alerts: the matcher answers as the query does.
        const alerted = rows
          .filter((row) => matchesFilter(filters, [], toMatchable(row)))
          .map((row) => row.id);
        expect(alerted.sort()).toEqual([...expected].sort());
      }),
      { numRuns: 120 },
    );
  }, 90_000);

  it("agree with the matcher on polygons that cross themselves (even-odd), and on many candidates walked", async () => {
    const limit = ACCESS_LIMITS.indexUpTo;
    await fc.assert(
      fc.asyncProperty(
        fc.array(listingArb, { minLength: 1, maxLength: 40 }),
        fc.array(corner, { minLength: 3, maxLength: 50 }),
        fc.boolean(),
        async (listings, poly, walk) => {
          const rows = await seed(listings);
          const filters: SearchFilters = { ...EMPTY_SEARCH, poly };
          const expected = rows
            .filter((row) => matchesFilter(filters, [], toMatchable(row)))
            .sort((a, b) => b.timestamp - a.timestamp || (a.id! < b.id! ? 1 : -1))
            .map((row) => row.id);
          // With the index's limit at 0 every area counts as wide: the sort's index is walked.
          ACCESS_LIMITS.indexUpTo = walk ? 0 : limit;
          try {
            expect(await readAllPages(filters, "newest")).toEqual(expected);
            if (walk) expect(await readAllPages(filters, "newest", "walk")).toEqual(expected);
            expect(await countListings(testDb.db, filters)).toBe(expected.length);
          } finally {
            ACCESS_LIMITS.indexUpTo = limit;
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 90_000);

  it("finds nothing when the map's area and the drawn area do not overlap, and reads URLs to the same search", async () => {
    await seed([{ type: "rent", regularPrice: 1000, lat: 52.55, lng: 13.35, timestamp: 1_700_000_000_001 }]);
    const poly = [
      { lat: 52.4, lng: 13.3 },
      { lat: 52.6, lng: 13.3 },
      { lat: 52.6, lng: 13.5 },
    ];
    const outside = { ...EMPTY_SEARCH, poly, bbox: { west: 0, south: 0, east: 1, north: 1 } };
    expect(await countListings(testDb.db, outside)).toBe(0);
    expect((await searchListings(testDb.db, outside, "newest", null)).listings).toEqual([]);
    expect(await clusterListings(testDb.db, outside, outside.bbox)).toEqual([]);
    // The URL's forms: the same drawn area and radius, whatever the spelling.
    const fromUrl = parseSearchParams(
      new URLSearchParams("poly=52.4,13.3;52.6,13.3;52.6,13.5;52.4,13.3&near=52.55,13.36&radius=2"),
    );
    expect(fromUrl.poly).toEqual(poly);
    expect(await countListings(testDb.db, fromUrl)).toBe(1);
    expect(await countListings(testDb.db, { ...fromUrl, near: { lat: 52.6, lng: 13.35 } })).toBe(0);
  });

  it("counts a wide drawn area or radius from the map's cells wholly inside it, and exactly when few match", async () => {
    // 1,100 homes on a 0.1° grid of 33 × ~33 round Berlin's centre.
    const listings = Array.from({ length: 1100 }, (_, i) => ({
      type: "rent" as const,
      regularPrice: 1000,
      lat: 52.47 + (Math.floor(i / 33) / 33) * 0.1 + 0.0007,
      lng: 13.35 + ((i % 33) / 33) * 0.1 + 0.0011,
      timestamp: 1_700_000_000_000 + i,
    }));
    const rows = await seed(listings);
    const hexagon = "52.6,13.3;52.6,13.5;52.52,13.6;52.42,13.5;52.42,13.3;52.5,13.2";
    const wide = parseSearchParams(new URLSearchParams(`poly=${hexagon}`));
    expect(await countListings(testDb.db, wide)).toBe(1001);
    expect(
      await countListings(testDb.db, parseSearchParams(new URLSearchParams("near=52.52,13.4&radius=30"))),
    ).toBe(1001);
    // A sliver of a triangle and a small radius: fewer than the cap, counted one by one, as plain code counts.
    for (const query of ["poly=52.47,13.35;52.57,13.36;52.47,13.37", "near=52.52,13.4&radius=1.5"]) {
      const filters = parseSearchParams(new URLSearchParams(query));
      const expected = rows.filter((row) => matchesFilter(filters, [], toMatchable(row))).length;
      expect(expected, query).toBeGreaterThan(0);
      expect(expected, query).toBeLessThan(1000);
      expect(await countListings(testDb.db, filters), query).toBe(expected);
    }
  });
});
