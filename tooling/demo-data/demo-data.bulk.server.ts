import { SqliteAdapter, sql } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import { generateListing } from "./demo-data.listing-generator.ts";
import { DEMO_PHOTO_POOL } from "./demo-data.listings.server.ts";
import type { PhotoStudio, StoredPhoto } from "./demo-data.photo-studio.server.ts";
import type { DemoPhoto } from "./demo-data.photos.ts";
import { createRandom, stableId, stableUuid } from "./demo-data.random.ts";
import {
  findExistingListingIds,
  insertListingsWithImages,
  type NewImageRow,
  toImageRows,
  toListingRow,
} from "./demo-data.rows.server.ts";

/**
 * Bulk listings only exist for benchmarks: their image rows all point at the demo photos, stored once more
 * for the bench owner, so 100,000 listings cost a few dozen stored photos, not 350,000. Deleting one of them
 * deletes pool files that others still show; that is acceptable for benchmark data, never for real data.
 */
// Listings per transaction (each INSERT holds at most 1,000 rows). Ids are random, so every batch dirties pages
// all over the indexes, and each commit writes them again: big batches write each page far fewer times.
const BATCH_SIZE = 10_000;
const DAY = 24 * 60 * 60 * 1000;
// A year of listings, newest first: deep pages of a category reach months back.
const SPAN = 365 * DAY;

/** The id of bulk listing `index` (0-based). */
export function bulkListingId(index: number): string {
  return stableId("bench-listing", index);
}

/**
 * Makes sure bulk listings 0 to count-1 exist, inserting the missing ones 10,000 per transaction, spread among
 * `ownerIds`, rent and sale, about 30% offers. Returns how many listings and images it created.
 */
export async function seedBulkListings(
  db: Db,
  studio: PhotoStudio,
  ownerIds: string[],
  count: number,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ listings: number; images: number }> {
  const pool = await storePhotoPool(studio, ownerIds[0]!);
  return withLargeSqliteCache(db, () => insertBulkListings(db, pool, ownerIds, count, onProgress));
}

async function insertBulkListings(
  db: Db,
  pool: (photo: DemoPhoto) => StoredPhoto,
  ownerIds: string[],
  count: number,
  onProgress: (done: number, total: number) => void,
): Promise<{ listings: number; images: number }> {
  const now = Date.now();
  let listings = 0;
  let images = 0;
  for (let start = 0; start < count; start += BATCH_SIZE) {
    const indexes = Array.from(
      { length: Math.min(BATCH_SIZE, count - start) },
      (_, offset) => start + offset,
    );
    const existing = await findExistingListingIds(db, indexes.map(bulkListingId));
    const listingRows = [];
    const imageRows: NewImageRow[] = [];
    for (const index of indexes) {
      const id = bulkListingId(index);
      if (existing.has(id)) continue;
      const random = createRandom(5_000_000 + index);
      const listing = generateListing(random, DEMO_PHOTO_POOL);
      const owner = ownerIds[index % ownerIds.length]!;
      const timestamp = now - Math.floor((index / count) * SPAN) - random.int(0, 60_000);
      listingRows.push(toListingRow(id, owner, listing, timestamp));
      imageRows.push(...toImageRows(id, owner, listing.photos.map(pool), timestamp));
    }
    if (listingRows.length > 0) await insertListingsWithImages(db, listingRows, imageRows);
    listings += listingRows.length;
    images += imageRows.length;
    onProgress(start + indexes.length, count);
  }
  return { listings, images };
}

/** Stores the pool's photos (once; a re-run finds them) and returns a lookup from photo to stored photo. */
async function storePhotoPool(
  studio: PhotoStudio,
  ownerId: string,
): Promise<(photo: DemoPhoto) => StoredPhoto> {
  const photos: DemoPhoto[] = [...DEMO_PHOTO_POOL.exteriors, ...DEMO_PHOTO_POOL.interiors];
  const stored = await Promise.all(
    photos.map((photo) => studio.store(ownerId, photo, stableUuid("bench-photo", photo.file))),
  );
  const byFile = new Map(photos.map((photo, index) => [photo.file, stored[index]!]));
  return (photo) => byFile.get(photo.file)!;
}

/**
 * SQLite only: ids are random, so every insert lands on a random page of each index, and SQLite's default
 * 2 MB page cache would write pages out and read them back all the time. A 256 MB cache for the bulk insert
 * makes it several times faster; the previous size is restored afterwards.
 */
async function withLargeSqliteCache<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work();
  const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  await sql`PRAGMA cache_size = -262144`.execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`PRAGMA cache_size = ${Number(rows[0]?.cache_size ?? -2000)}`).execute(db);
  }
}
