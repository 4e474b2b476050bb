import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { storeUploadedImage } from "#app/modules/image/image.service.server.ts";
import { clusterListings } from "#app/modules/search/search.cluster.server.ts";
import { loadSearchPage } from "#app/modules/search/search.repo.server.ts";
import { type Bbox, EMPTY_SEARCH } from "#app/modules/search/search.rules.ts";
import { exportUserData } from "#app/modules/user/user.data.server.ts";
import { createOfflineGeocoder } from "#app/providers/geocoding/geocoding.offline.server.ts";
import { createDiskStorage } from "#app/providers/storage/storage.disk.server.ts";
import { createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { distanceKm, type LatLng } from "./listing.address.ts";
import { findListingById } from "./listing.repo.server.ts";
import { listingFormDefaults } from "./listing.schema.ts";
import {
  createListing,
  findEditableListing,
  type ListingServiceDeps,
  updateListing,
} from "./listing.service.server.ts";

// A listing whose lister turned "Show exact address" off must not be findable to its door by anything a
// visitor can ask: the word search, a map area shrunk step by step, the clusters of the search map.

const engine = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";

let testDb: TestDb;
let storageDir: string;
let deps: ListingServiceDeps;
let owner: SessionUser;
let photo: Buffer;

beforeAll(async () => {
  testDb = await createTestDb();
  storageDir = await mkdtemp(path.join(tmpdir(), "homestead-hidden-address-"));
  deps = {
    db: testDb.db,
    storage: createDiskStorage(storageDir),
    geocoder: createOfflineGeocoder(),
    config: { auth: { secret: "test secret" } },
  };
  photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#36a" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await testDb.destroy();
  await rm(storageDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await testDb.db.deleteFrom("image").execute();
  await testDb.db.deleteFrom("listing").execute();
  owner = { ...(await createUser(testDb.db, { name: "Owner" })) };
});

// The offline geocoder places "Weserstraße 10, Berlin" at Berlin's centre; the lister drags the pin home.
const ADDRESS = "Weserstraße 10, Berlin";
const EXACT = "Weserstraße 10, Berlin, Germany";
const HOME = { lat: 52.4867, lng: 13.4389 };
const NEIGHBOUR = { lat: 52.4869, lng: 13.4392 };

async function save(pin: LatLng, exactAddress: boolean, listingId?: string) {
  const image = await storeUploadedImage(deps, {
    id: randomUUID(),
    userId: owner.id,
    fileName: "photo.jpg",
    data: photo,
  });
  const imageIds = listingId
    ? (await findListingById(testDb.db, listingId))!.images.map((kept) => kept.id)
    : [image.id];
  const form = {
    type: "rent",
    name: "Flat by the canal",
    bedrooms: "2",
    bathrooms: "1",
    parking: "false",
    furnished: "false",
    description: "A flat by the canal, with a balcony over the water and a bright kitchen.",
    propertyType: "flat",
    livingArea: "64",
    address: ADDRESS,
    offer: "false",
    regularPrice: "1500",
    discountedPrice: "0",
    imageIds,
    lat: String(pin.lat),
    lng: String(pin.lng),
    pinAddress: ADDRESS,
    exactAddress: String(exactAddress),
  };
  const saved = listingId
    ? await updateListing(deps, owner, listingId, form)
    : await createListing(deps, owner, form);
  return saved.id;
}

/** A box `metres` around `at` on each side. */
function boxAround(at: LatLng, metres: number): Bbox {
  const dLat = metres / 111_320;
  const dLng = metres / (111_320 * Math.cos((at.lat * Math.PI) / 180));
  return { west: at.lng - dLng, south: at.lat - dLat, east: at.lng + dLng, north: at.lat + dLat };
}

async function foundIds(params: Partial<typeof EMPTY_SEARCH>) {
  const page = await loadSearchPage(testDb.db, { ...EMPTY_SEARCH, ...params }, null);
  expect(page.failed).toBe(false);
  return page.listings.map((listing) => listing.id);
}

describe(`a hidden address (${engine})`, () => {
  it("is not found by its house number, nor by a small box around the home, but by its public area", async () => {
    const hidden = await save(HOME, false);
    // Another home at the same address that shows it: what the searches would find of the hidden one.
    const shown = await save(NEIGHBOUR, true);
    const stored = (await findListingById(testDb.db, hidden))!;
    expect(stored.location).toBe("Weserstraße, Berlin, Germany");
    expect(distanceKm(stored.geolocation, HOME)).toBeGreaterThanOrEqual(0.049);
    // What pages, cards, feeds and mails are built from holds nothing of the owner's own columns (a number
    // whole, not a prefix: the public point 50-150 m away may share the home's first decimals).
    expect(JSON.stringify(stored)).not.toMatch(
      new RegExp(`Weserstraße 10|:${HOME.lat}[,}]|:${HOME.lng}[,}]`),
    );

    expect(await foundIds({ q: "Weserstraße 10" })).toEqual([shown]);
    expect(await foundIds({ q: "Weserstraße" })).toEqual(expect.arrayContaining([hidden, shown]));
    expect(await foundIds({ bbox: boxAround(HOME, 20) })).toEqual([]);
    expect(await foundIds({ bbox: boxAround(NEIGHBOUR, 20) })).toEqual([shown]);
    expect(await foundIds({ bbox: boxAround(stored.geolocation, 20) })).toEqual([hidden]);
  });

  it("gives no exact coordinate in a cluster of two hidden homes, nor in the map's cells", async () => {
    const ids = [await save(HOME, false), await save(NEIGHBOUR, false)];
    const exact = [HOME.lat, HOME.lng, NEIGHBOUR.lat, NEIGHBOUR.lng];
    const publicAt = await Promise.all(ids.map(async (id) => (await findListingById(testDb.db, id))!));
    // A city's area (the cells of decision 044 answer it) and a neighbourhood's (grouped one by one).
    for (const area of [boxAround(HOME, 20_000), boxAround(HOME, 2_000)]) {
      for (const filters of [
        { ...EMPTY_SEARCH, bbox: area },
        { ...EMPTY_SEARCH, type: "rent" as const },
      ]) {
        const points = await clusterListings(testDb.db, filters, area);
        expect(points.reduce((sum, point) => sum + point.count, 0)).toBe(2);
        for (const point of points) {
          const numbers = [point.lat, point.lng, ...Object.values(point.bounds)];
          for (const value of exact) expect(numbers).not.toContain(value);
          if (point.count === 2) {
            expect(point.lat).toBeCloseTo(
              (publicAt[0]!.geolocation.lat + publicAt[1]!.geolocation.lat) / 2,
              9,
            );
          }
        }
      }
    }
    const cells = await testDb.db
      .selectFrom("mapCell")
      .select(["sumLat", "sumLng"])
      .where("level", "=", 0)
      .execute();
    const sum = (key: "lat" | "lng") => publicAt.reduce((total, at) => total + at.geolocation[key], 0);
    expect(cells.reduce((total, cell) => total + Number(cell.sumLat), 0)).toBeCloseTo(sum("lat"), 9);
    expect(cells.reduce((total, cell) => total + Number(cell.sumLng), 0)).toBeCloseTo(sum("lng"), 9);
    expect(sum("lat")).not.toBeCloseTo(HOME.lat + NEIGHBOUR.lat, 6);
  });

  it("gives its owner the exact address and pin: the edit form and the data export", async () => {
    const id = await save(HOME, false);
    const defaults = listingFormDefaults(await findEditableListing(testDb.db, owner, id));
    expect(defaults.address).toBe(EXACT);
    expect(defaults.pin).toEqual({ ...HOME, address: EXACT });
    expect(defaults.exactAddress).toBe(false);

    const data = await exportUserData(testDb.db, {
      userId: owner.id,
      publicUrl: "https://x.test",
      imageBaseUrl: "",
    });
    expect(data.listings[0]?.exactPlace).toEqual({ location: EXACT, geolocation: HOME });
  });

  it("publishes the exact address and pin when the lister shows them again, and keeps no copy apart", async () => {
    const id = await save(HOME, false);
    await save(HOME, true, id);
    const listing = (await findListingById(testDb.db, id))!;
    expect(listing.location).toBe(EXACT);
    expect(listing.geolocation).toEqual(HOME);
    expect((await findEditableListing(testDb.db, owner, id)).exactPlace).toBeNull();
    const row = await testDb.db
      .selectFrom("listing")
      .select(["exactLocation", "exactLat", "exactLng"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ exactLocation: null, exactLat: null, exactLng: null });
    expect(await foundIds({ q: "Weserstraße 10" })).toEqual([id]);
    expect(await foundIds({ bbox: boxAround(HOME, 20) })).toEqual([id]);
  });
});
