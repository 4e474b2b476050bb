import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, NO_LISTING_DETAILS, testListingRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { findMatchesBounds } from "./search.bounds.server.ts";
import { EMPTY_SEARCH } from "./search.rules.ts";

let testDb: TestDb;
let ownerId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  ownerId = (await createUser(testDb.db)).id;
});
afterAll(async () => {
  await testDb.destroy();
});

const homeArb = fc.record({
  type: fc.constantFrom("rent" as const, "sale" as const),
  regularPrice: fc.integer({ min: 100, max: 5000 }),
  lat: fc.double({ min: -80, max: 80, noNaN: true }),
  lng: fc.double({ min: -179, max: 179, noNaN: true }),
  hidden: fc.boolean(),
});

describe("the box of every match (the search map's first view)", () => {
  it("holds exactly the matching listings' positions, whatever the page shows, and is null for no match", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(homeArb, { minLength: 0, maxLength: 25 }),
        fc.constantFrom("rent" as const, "sale" as const),
        fc.integer({ min: 100, max: 5000 }),
        async (homes, type, maxPrice) => {
          await testDb.db.deleteFrom("listing").execute();
          if (homes.length > 0) {
            await testDb.db
              .insertInto("listing")
              .values(
                homes.map(({ hidden, ...home }) => ({
                  ...testListingRow(ownerId, { ...NO_LISTING_DETAILS, ...home }),
                  hiddenAt: hidden ? Date.now() : null,
                })),
              )
              .execute();
          }
          const matches = homes.filter(
            (home) => !home.hidden && home.type === type && home.regularPrice <= maxPrice,
          );
          const bounds = await findMatchesBounds(testDb.db, { ...EMPTY_SEARCH, type, maxPrice });
          if (matches.length === 0) {
            expect(bounds).toBeNull();
            return;
          }
          const lats = matches.map((home) => home.lat);
          const lngs = matches.map((home) => home.lng);
          expect(bounds!.south).toBeCloseTo(Math.min(...lats), 6);
          expect(bounds!.north).toBeCloseTo(Math.max(...lats), 6);
          expect(bounds!.west).toBeCloseTo(Math.min(...lngs), 6);
          expect(bounds!.east).toBeCloseTo(Math.max(...lngs), 6);
        },
      ),
      { numRuns: 25 },
    );
  });
});
