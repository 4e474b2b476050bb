import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#app/config.server.ts";
import { type Auth, createAuth } from "#app/modules/auth/auth.server.ts";
import { storedWidths, variantKey } from "#app/modules/image/image.rules.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { createDiskStorage } from "#app/providers/storage/storage.disk.server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { HOME_WORDS } from "./demo-data.listing-generator.ts";
import { DEMO_LISTING_COUNT } from "./demo-data.listings.server.ts";
import { EXTERIOR_PHOTOS, type HomeKind } from "./demo-data.photos.ts";
import { DEMO_SIGN_IN, type SeedReport, type SeedServices, seed } from "./demo-data.server.ts";

// The seed against a real database (SQLite, or PostgreSQL when DATABASE_URL names one) and real disk storage.

const BULK = 1500; // more rows than one INSERT statement holds (1,000)
let testDb: TestDb;
let folder: string;
let services: SeedServices;
let auth: Auth;
let first: SeedReport;

beforeAll(async () => {
  testDb = await createTestDb();
  folder = mkdtempSync(path.join(tmpdir(), "homestead-seed-"));
  const config = loadConfig({
    DATA_DIR: folder,
    DATABASE_URL: testDb.url,
    AUTH_SECRET: "seed-test-secret-seed-test-secret-0123",
    LOG_LEVEL: "silent",
  });
  const storage = createDiskStorage(path.join(folder, "images"));
  auth = createAuth({ config, db: testDb.db, mailer: createMailer(config.mail) });
  services = { db: testDb.db, storage };
  first = await seed(services, { listings: BULK });
}, 180_000);

afterAll(async () => {
  await testDb?.destroy();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function listingsWithImages() {
  const listings = await testDb.db.selectFrom("listing").selectAll().execute();
  const images = await testDb.db.selectFrom("image").selectAll().orderBy("position").execute();
  const byListing = Map.groupBy(images, (image) => image.listingId);
  return listings.map((listing) => ({ ...listing, images: byListing.get(listing.id) ?? [] }));
}

describe("seed", () => {
  it("creates the demo users, verified and with no password anyone could sign in with", async () => {
    const users = await testDb.db.selectFrom("user").select(["id", "email", "emailVerified"]).execute();
    expect(users.filter((user) => user.email.startsWith("bench-"))).toHaveLength(20);
    expect(users.length - 20).toBe(4);
    expect(users.find((user) => user.email === DEMO_SIGN_IN.email)?.emailVerified).toBeTruthy();
    expect(await testDb.db.selectFrom("account").select("id").execute()).toEqual([]);
    await expect(
      auth.api.signInEmail({ body: { email: DEMO_SIGN_IN.email, password: "demo-password" } }),
    ).rejects.toThrow();
  });

  it("creates the demo and bulk listings, each with 1 to 6 images in order", async () => {
    expect(first.listings).toBe(DEMO_LISTING_COUNT);
    expect(first.bulkListings).toBe(BULK);
    const listings = await listingsWithImages();
    expect(listings).toHaveLength(DEMO_LISTING_COUNT + BULK);
    for (const listing of listings) {
      expect(listing.images.length).toBeGreaterThanOrEqual(1);
      expect(listing.images.length).toBeLessThanOrEqual(6);
      expect(listing.images.map((image) => image.position)).toEqual(listing.images.map((_, index) => index));
      expect(listing.images.every((image) => image.userId === listing.userRef)).toBe(true);
    }
    expect(first.images + first.bulkImages).toBe(
      listings.reduce((sum, listing) => sum + listing.images.length, 0),
    );
  });

  it("stores every variant of every image", async () => {
    const images = await testDb.db.selectFrom("image").select(["storageKey", "width"]).distinct().execute();
    const keys = [...new Set(images.map((image) => image.storageKey))];
    expect(keys.every((key) => /^images\/[\w-]+-(exterior|interior)-\d{2}-[0-9a-f-]{36}$/.test(key))).toBe(
      true,
    );
    for (const image of images) {
      for (const width of storedWidths(image.width)) {
        expect(await services.storage.exists(variantKey(image.storageKey, width)), image.storageKey).toBe(
          true,
        );
      }
    }
  });

  it("obeys the listing rules of the spec", async () => {
    const hour = 60 * 60 * 1000;
    for (const listing of await listingsWithImages()) {
      expect(listing.name.length).toBeGreaterThanOrEqual(10);
      expect(listing.name.length).toBeLessThanOrEqual(32);
      for (const count of [listing.bedrooms, listing.bathrooms]) expect(count >= 1 && count <= 6).toBe(true);
      const [min, max] = listing.type === "rent" ? [700, 6000] : [150_000, 2_500_000];
      expect(listing.regularPrice, listing.name).toBeGreaterThanOrEqual(min);
      expect(listing.regularPrice, listing.name).toBeLessThanOrEqual(max);
      if (listing.offer) {
        expect(listing.discountedPrice).toBeGreaterThanOrEqual(50);
        expect(listing.discountedPrice!).toBeLessThan(listing.regularPrice);
      } else {
        expect(listing.discountedPrice).toBeNull();
      }
      expect(Math.abs(listing.lat) <= 90 && Math.abs(listing.lng) <= 180).toBe(true);
      expect(listing.location).toMatch(/\d.*, .+, .+/);
      expect(Number(listing.timestamp)).toBeLessThan(Date.now());
      expect(Number(listing.timestamp)).toBeGreaterThan(Date.now() - 366 * 24 * hour);
    }
  });

  it("tells each home's story as its kind has it: a description, an area, a flat's floor, a cabin's plot", async () => {
    for (const listing of await listingsWithImages()) {
      const cover = EXTERIOR_PHOTOS.find((photo) =>
        listing.images[0]!.storageKey.includes(`-${photo.file.replace(".jpg", "")}-`),
      )!;
      const story = `${listing.name}: ${listing.description}`;
      expect(listing.description!.length, story).toBeGreaterThanOrEqual(30);
      expect(listing.description!.split(". ").length, story).toBeGreaterThanOrEqual(2);
      expect(listing.propertyType, story).toBe(
        cover.kind === "villa" || cover.kind === "cabin" ? "house" : cover.kind,
      );
      expect(Number(listing.livingArea), story).toBeGreaterThan(20);
      expect(listing.rooms!, story).toBeGreaterThanOrEqual(listing.bedrooms);
      if (cover.kind === "flat") {
        expect(listing.floor, story).not.toBeNull();
        expect(listing.floor!, story).toBeLessThan(listing.floorsTotal!);
        expect(listing.plotArea, story).toBeNull();
      } else {
        expect(Number(listing.plotArea), story).toBeGreaterThan(0);
      }
      if (listing.type === "rent") {
        expect(listing.availableFrom, story).toMatch(/^(now|\d{4}-\d{2}-\d{2})$/);
        expect(listing.monthlyCharges, story).not.toBeNull();
        expect(listing.serviceCharge, story).toBeNull();
      } else {
        expect(listing.availableFrom, story).toBeNull();
        expect(listing.deposit, story).toBeNull();
      }
    }
  });

  it("names each listing after what its cover shows: a flat is a flat, a cabin a cabin", async () => {
    const words = Object.entries(HOME_WORDS).flatMap(([kind, home]) =>
      home.words.map((word) => ({ kind: kind as HomeKind, word })),
    );
    const covers = new Map<HomeKind, number>();
    for (const listing of await listingsWithImages()) {
      const cover = EXTERIOR_PHOTOS.find((photo) =>
        listing.images[0]!.storageKey.includes(`-${photo.file.replace(".jpg", "")}-`),
      );
      expect(cover, listing.images[0]!.storageKey).toBeDefined();
      // The longest kind word in the name decides ("terraced house" is a townhouse, not a house).
      const named = words
        .filter(({ word }) => new RegExp(`\\b${word}\\b`, "i").test(listing.name))
        .sort((a, b) => b.word.length - a.word.length)[0];
      expect(named?.kind, `${listing.name} (cover ${cover!.file})`).toBe(cover!.kind);
      covers.set(cover!.kind, (covers.get(cover!.kind) ?? 0) + 1);
    }
    expect([...covers.keys()].sort()).toEqual(["cabin", "flat", "house", "townhouse", "villa"]);
  });

  it("gives each demo listing a cover of its own", async () => {
    const demo = (await listingsWithImages()).filter((listing) => !listing.userRef.startsWith("bench-"));
    const covers = demo.map((listing) => /-(exterior-\d{2})-/.exec(listing.images[0]!.storageKey)?.[1]);
    expect(new Set(covers).size).toBe(DEMO_LISTING_COUNT);
  });

  it("spreads the demo listings over rent, sale and offers, newest an hour old", async () => {
    const demo = (await listingsWithImages()).filter((listing) => !listing.userRef.startsWith("bench-"));
    expect(demo).toHaveLength(DEMO_LISTING_COUNT);
    expect(demo.some((listing) => listing.type === "rent")).toBe(true);
    expect(demo.some((listing) => listing.type === "sale")).toBe(true);
    expect(demo.some((listing) => Boolean(listing.offer))).toBe(true);
    expect(new Set(demo.map((listing) => listing.location.split(", ").at(-1))).size).toBeGreaterThanOrEqual(
      5,
    );
    expect(new Set(demo.map((listing) => listing.userRef)).size).toBe(4);
  });

  it("gives each demo listing, and no bulk one, figures for each of the last 30 days", async () => {
    const rows = await testDb.db
      .selectFrom("listingStatDay")
      .select([
        "listingId",
        (eb) => eb.fn.countAll<number>().as("days"),
        (eb) => eb.fn.sum<number>("views").as("views"),
      ])
      .groupBy("listingId")
      .execute();
    expect(rows).toHaveLength(DEMO_LISTING_COUNT);
    for (const row of rows) {
      expect(Number(row.days)).toBe(30);
      expect(Number(row.views)).toBeGreaterThan(0);
    }
  });

  it("adds nothing when run again", async () => {
    const rowCounts = () =>
      Promise.all(
        (["user", "listing", "image", "listingStatDay"] as const).map(async (table) => {
          const row = await testDb.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .executeTakeFirstOrThrow();
          return Number(row.count);
        }),
      );
    const before = await rowCounts();
    const again = await seed(services, { listings: BULK });
    expect(again).toEqual({ listings: 0, images: 0, bulkListings: 0, bulkImages: 0 });
    expect(await rowCounts()).toEqual(before);
  }, 60_000);
});
