import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { imageSources, largestImageUrl } from "#app/modules/image/image.rules.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  decodeCursor,
  encodeCursor,
  findListingById,
  findListingsByOwner,
  findListingsPage,
  findNewestListings,
  type ListingFilter,
} from "./listing.repo.server.ts";

let testDb: TestDb;
let ownerId: string;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});
beforeEach(async () => {
  await testDb.db.deleteFrom("image").execute();
  await testDb.db.deleteFrom("listing").execute();
  ownerId = (await createUser(testDb.db)).id;
});

async function seed(count: number, overrides = {}) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createListing(testDb.db, ownerId, overrides)).id);
  return ids.reverse(); // newest first
}

async function readAll(filter: ListingFilter) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await findListingsPage(testDb.db, filter, decodeCursor(cursor));
    pages.push(page.listings.map((listing) => listing.id));
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe(`listing pagination (${process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite"})`, () => {
  it.each([
    [0, [0]],
    [9, [9]],
    [10, [10]],
    [11, [10, 1]],
    [20, [10, 10]],
    [21, [10, 10, 1]],
  ])("splits %i listings into pages of %j, newest first, none missed or repeated", async (count, sizes) => {
    const expected = await seed(count);
    const pages = await readAll({ type: "rent" });
    expect(pages.map((page) => page.length)).toEqual(sizes);
    expect(pages.flat()).toEqual(expected);
  });

  it("orders listings saved in the same millisecond by id, and pages through them without loss", async () => {
    const expected = (await seed(13, { timestamp: 1_700_000_000_000 })).sort().reverse();
    const pages = await readAll({ type: "rent" });
    expect(pages.map((page) => page.length)).toEqual([10, 3]);
    expect(pages.flat()).toEqual(expected);
  });

  it("keeps categories apart and lists only offers on the offers list", async () => {
    const rent = await seed(3, { type: "rent" });
    const sale = await seed(2, { type: "sale" });
    const offers = await seed(2, { type: "sale", offer: true, discountedPrice: 1000 });
    expect((await readAll({ type: "rent" })).flat()).toEqual(rent);
    expect((await readAll({ type: "sale" })).flat()).toEqual([...offers, ...sale]);
    expect((await readAll({ offer: true })).flat()).toEqual(offers);
  });

  it("refuses a tampered cursor instead of failing", () => {
    expect(decodeCursor("not a cursor")).toBeNull();
    expect(decodeCursor(Buffer.from("1.a b").toString("base64url"))).toBeNull();
    expect(decodeCursor(encodeCursor({ timestamp: 5, id: "abc" }))).toEqual({ timestamp: 5, id: "abc" });
  });
});

describe("listing reads", () => {
  it("reads a listing's details as stored: areas in m², Yes/No as booleans", async () => {
    const details = {
      description: "A bright flat.\n\nWith two paragraphs.",
      propertyType: "flat",
      livingArea: 71.9999,
      plotArea: null,
      lift: true,
      stepFree: false,
      heatingIncluded: null,
      availableFrom: "now",
      pets: "allowed",
    } as const;
    const row = await createListing(testDb.db, ownerId, details);
    expect(await findListingById(testDb.db, row.id)).toMatchObject(details);
  });

  it("returns a listing with its fields, booleans and photos as pages need them", async () => {
    const row = await createListing(testDb.db, ownerId, {
      type: "sale",
      offer: true,
      parking: true,
      furnished: "partly",
      regularPrice: 500_000,
      discountedPrice: 450_000,
    });
    const listing = await findListingById(testDb.db, row.id);
    expect(listing).toMatchObject({
      id: row.id,
      type: "sale",
      offer: true,
      parking: true,
      furnished: "partly",
      // A listing without details (saved before they were asked) reads them as null, Yes/No ones too.
      description: null,
      livingArea: null,
      lift: null,
      regularPrice: 500_000,
      discountedPrice: 450_000,
      geolocation: { lat: 48.8566, lng: 2.3522 },
      userRef: ownerId,
    });
    expect(listing?.images).toHaveLength(1);
    expect(largestImageUrl(listing!.images[0]!)).toMatch(/^\/images\/.+-1600\.webp$/);
    expect(imageSources(listing!.images[0]!).srcSet).toContain("400w");
    expect(await findListingById(testDb.db, "missing")).toBeUndefined();
  });

  it("lists the newest listings of both types together", async () => {
    const older = await seed(3, { type: "sale" });
    const newer = await seed(2, { type: "rent" });
    const newest = await findNewestListings(testDb.db, 4);
    expect(newest.map((listing) => listing.id)).toEqual([...newer, ...older.slice(0, 2)]);
    await testDb.db.deleteFrom("image").execute();
    await testDb.db.deleteFrom("listing").execute();
    expect(await findNewestListings(testDb.db, 4)).toEqual([]);
  });

  it("lists a user's own listings newest first, and no one else's", async () => {
    const mine = await seed(3);
    const other = await createUser(testDb.db);
    await createListing(testDb.db, other.id);
    expect((await findListingsByOwner(testDb.db, ownerId)).map((listing) => listing.id)).toEqual(mine);
  });
});
