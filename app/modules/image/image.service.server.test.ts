import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDiskStorage } from "#app/providers/storage/storage.disk.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { ImageRejectedError } from "./image.pipeline.server.ts";
import {
  ABANDONED_UPLOAD_AGE_MS,
  deleteAbandonedImages,
  type ImageServiceDeps,
  imageFileKeys,
  storeUploadedImage,
} from "./image.service.server.ts";

const fixture = (name: string) => readFile(path.join(import.meta.dirname, "../../../tests/fixtures", name));
const engine = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";

let testDb: TestDb;
let storageDir: string;
let storage: Storage;
let deps: ImageServiceDeps;
let userId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  storageDir = await mkdtemp(path.join(tmpdir(), "homestead-image-service-"));
  storage = createDiskStorage(storageDir);
  deps = { db: testDb.db, storage };
});
afterAll(async () => {
  await testDb.destroy();
  await rm(storageDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await testDb.db.deleteFrom("image").execute();
  await testDb.db.deleteFrom("listing").execute();
  userId = (await createUser(testDb.db)).id;
});

async function storedKeys(image: { storageKey: string; width: number }) {
  const keys = imageFileKeys(image);
  const present = await Promise.all(keys.map((key) => storage.exists(key)));
  return keys.filter((_, index) => present[index]);
}

async function imageCount() {
  return (await testDb.db.selectFrom("image").select("id").execute()).length;
}

describe(`uploaded image processing (${engine})`, () => {
  it("stores an upright, metadata-free WebP per width and a pending row under images/{userId}-{name}-{uuid}", async () => {
    const id = randomUUID();
    const row = await storeUploadedImage(
      deps,
      { id, userId, fileName: "My Flat (1).JPG", data: await fixture("photo-gps-orientation-6.jpg") },
      42,
    );
    expect(row).toMatchObject({
      id,
      userId,
      listingId: null,
      position: 0,
      width: 900,
      height: 1200,
      createdAt: 42,
    });
    expect(row.storageKey).toMatch(new RegExp(`^images/${userId}-my-flat-1-[0-9a-f-]{36}$`));
    expect(await storedKeys(row)).toEqual([`${row.storageKey}-400.webp`, `${row.storageKey}-800.webp`]);

    const stored = await storage.get(`${row.storageKey}-800.webp`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk));
    const metadata = await sharp(Buffer.concat(chunks)).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 800, height: 1067 });
    expect(metadata.exif).toBeUndefined();
    expect(
      await testDb.db.selectFrom("image").selectAll().where("id", "=", id).executeTakeFirst(),
    ).toMatchObject({
      userId,
      listingId: null,
    });
  });

  it("stores a PNG too", async () => {
    const row = await storeUploadedImage(deps, {
      id: randomUUID(),
      userId,
      fileName: "floor-plan.png",
      data: await fixture("floor-plan.png"),
    });
    expect((await storedKeys(row)).length).toBeGreaterThan(0);
  });

  it.each([
    ["not-an-image.jpg", "not-an-image"],
    ["truncated.jpg", "not-an-image"],
    ["animation.gif", "unsupported-type"],
    ["photo.webp", "unsupported-type"],
    ["bomb-20000x20000.png", "too-large"],
  ])("refuses %s (%s) and stores nothing", async (name, reason) => {
    const error = await storeUploadedImage(deps, {
      id: randomUUID(),
      userId,
      fileName: name,
      data: await fixture(name),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe(reason);
    expect(await imageCount()).toBe(0);
  });

  it("deletes pending uploads older than a day with their files, and nothing else", async () => {
    const now = Date.UTC(2026, 5, 1);
    const data = await sharp({ create: { width: 500, height: 400, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    const store = (createdAt: number) =>
      storeUploadedImage(deps, { id: randomUUID(), userId, fileName: "x.png", data }, createdAt);
    const old = await store(now - ABANDONED_UPLOAD_AGE_MS - 1);
    const recent = await store(now - ABANDONED_UPLOAD_AGE_MS + 60_000);
    const listing = await createListing(testDb.db, userId);
    const attachedOld = await store(now - 2 * ABANDONED_UPLOAD_AGE_MS);
    await testDb.db
      .updateTable("image")
      .set({ listingId: listing.id })
      .where("id", "=", attachedOld.id)
      .execute();

    expect(await deleteAbandonedImages(deps, now)).toBe(1);
    const left = await testDb.db.selectFrom("image").select("id").execute();
    expect(left.map((row) => row.id).sort()).toEqual(
      [recent.id, attachedOld.id, ...(await listingImageIds(listing.id))].filter(unique).sort(),
    );
    expect(await storedKeys(old)).toEqual([]);
    expect(await storedKeys(recent)).not.toEqual([]);
    expect(await storedKeys(attachedOld)).not.toEqual([]);
  });
});

async function listingImageIds(listingId: string) {
  const rows = await testDb.db.selectFrom("image").select("id").where("listingId", "=", listingId).execute();
  return rows.map((row) => row.id);
}

function unique<T>(value: T, index: number, all: T[]) {
  return all.indexOf(value) === index;
}
