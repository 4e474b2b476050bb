import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImageRow } from "#app/db/schema.ts";
import { createDiskStorage } from "#app/providers/storage/storage.disk.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { insertImage } from "./image.repo.server.ts";
import { ABANDONED_UPLOAD_AGE_MS } from "./image.service.server.ts";
import { createDiskStaging } from "./image.staging.disk.server.ts";
import { deleteOrphanImageFiles, sweepUploads } from "./image.sweeper.server.ts";

// What a crash leaves behind, made by hand on real files and a real database, then swept.

const engine = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
const DAY = ABANDONED_UPLOAD_AGE_MS;

let testDb: TestDb;
let dir: string;
let storage: Storage;
let userId: string;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.destroy());
beforeEach(async () => {
  await testDb.db.deleteFrom("image").execute();
  await testDb.db.deleteFrom("listing").execute();
  dir = await mkdtemp(path.join(tmpdir(), "homestead-sweeper-"));
  storage = createDiskStorage(path.join(dir, "images"));
  userId = (await createUser(testDb.db)).id;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Stores a file under `key` that was last written `ageMs` ago. */
async function storeAged(key: string, ageMs: number) {
  await storage.put(key, Buffer.from(key), key.endsWith(".webp") ? "image/webp" : "text/plain");
  const then = new Date(Date.now() - ageMs);
  await utimes(path.join(dir, "images", key), then, then);
}

async function insertRow(storageKey: string, overrides: Partial<ImageRow> = {}) {
  const row: ImageRow = {
    sourceUrl: null,
    id: randomUUID(),
    userId,
    listingId: null,
    agencyId: null,
    position: 0,
    storageKey,
    width: 800,
    height: 600,
    createdAt: Date.now(),
    kind: "photo",
    caption: null,
    ...overrides,
  };
  await insertImage(testDb.db, row);
  return row;
}

async function keys() {
  const found: string[] = [];
  for await (const entry of storage.list("images/")) found.push(entry.key);
  return found.sort();
}

describe(`upload sweeper (${engine})`, () => {
  it("deletes variant files no row uses once they are older than the cutoff, and nothing else", async () => {
    const listing = await createListing(testDb.db, userId);
    await insertRow("images/u-used", { listingId: listing.id });
    // The seed's bulk listings share one photo's files between rows.
    await insertRow("images/u-shared", { listingId: listing.id, position: 1 });
    await insertRow("images/u-shared");
    for (const key of ["images/u-used-400.webp", "images/u-used-800.webp", "images/u-shared-400.webp"]) {
      await storeAged(key, 2 * DAY);
    }
    // Written before a crash stopped its row's insert, or left by an edit that died before deleting them.
    await storeAged("images/u-orphan-400.webp", 2 * DAY);
    await storeAged("images/u-orphan-800.webp", 2 * DAY);
    // Too fresh to tell from an upload whose row is being inserted right now.
    await storeAged("images/u-fresh-400.webp", 0);
    // Not the shape of an upload's file: not ours to judge.
    await storeAged("images/notes.txt", 2 * DAY);

    expect(await deleteOrphanImageFiles({ db: testDb.db, storage }, Date.now() - DAY)).toBe(2);
    expect(await keys()).toEqual([
      "images/notes.txt",
      "images/u-fresh-400.webp",
      "images/u-shared-400.webp",
      "images/u-used-400.webp",
      "images/u-used-800.webp",
    ]);
  });

  it("checks more files than one batch holds", async () => {
    await insertRow("images/u-keep-250");
    for (let index = 0; index < 520; index += 1) await storeAged(`images/u-keep-${index}-400.webp`, 2 * DAY);
    expect(await deleteOrphanImageFiles({ db: testDb.db, storage }, Date.now() - DAY)).toBe(519);
    expect(await keys()).toEqual(["images/u-keep-250-400.webp"]);
  });

  it("sweeps, as of a time past the age limit, everything a crash can leave", async () => {
    const listing = await createListing(testDb.db, userId);
    await insertRow("images/u-saved", { listingId: listing.id });
    await storeAged("images/u-saved-400.webp", 0);
    await insertRow("images/u-pending", { createdAt: Date.now() });
    await storeAged("images/u-pending-400.webp", 0);
    await storeAged("images/u-orphan-400.webp", 0);
    // A put killed before its rename, and an upload killed half-way through its PATCH.
    const imagesDir = path.join(dir, "images", "images");
    await writeFile(path.join(imagesDir, `.u-cut-400.webp.${randomUUID()}.tmp`), "half");
    const stagingDir = path.join(dir, "uploads");
    await mkdir(stagingDir, { recursive: true });
    await writeFile(path.join(stagingDir, randomUUID()), "half an upload");

    const staging = createDiskStaging(stagingDir);
    // An hour later nothing is old enough yet.
    const soon = await sweepUploads({ db: testDb.db, storage, staging }, Date.now() + 30 * 60 * 1000);
    expect(soon).toEqual({ images: 0, orphanFiles: 0, incompleteFiles: 0, staged: 0 });

    const later = await sweepUploads({ db: testDb.db, storage, staging }, Date.now() + 2 * DAY);
    expect(later).toEqual({ images: 1, orphanFiles: 1, incompleteFiles: 1, staged: 1 });
    expect(await readdir(imagesDir)).toEqual(["u-saved-400.webp"]);
    expect(await readdir(stagingDir)).toEqual([]);
    // (The factory's listing has a photo row of its own.)
    const rows = await testDb.db
      .selectFrom("image")
      .select("storageKey")
      .where("storageKey", "like", "images/u-%")
      .execute();
    expect(rows.map((row) => row.storageKey)).toEqual(["images/u-saved"]);
  });
});
