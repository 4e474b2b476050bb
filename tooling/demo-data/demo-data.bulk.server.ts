import { SqliteAdapter, sql } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import { generateListing, type PhotoPool, type PhotoSpec } from "./demo-data.listing-generator.ts";
import type { PhotoStudio, StoredPhoto } from "./demo-data.photo-studio.server.ts";
import { createRandom, stableId, stableUuid } from "./demo-data.random.ts";
import {
  findExistingListingIds,
  insertListingsWithImages,
  type NewImageRow,
  toImageRows,
  toListingRow,
} from "./demo-data.rows.server.ts";

/**
 * Bulk listings only exist for benchmarks: their image rows all point at a pool of 20 photos stored once
 * (10 houses, 10 rooms), so 100,000 listings cost 20 processed photos, not 350,000. Deleting one of them
 * deletes pool files that others still show; that is acceptable for benchmark data, never for real data.
 */
const BULK_PHOTO_POOL: PhotoPool = { exteriors: 10, interiors: 10 };
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
  pool: (spec: PhotoSpec) => StoredPhoto,
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
      const listing = generateListing(random, BULK_PHOTO_POOL);
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

/** Stores the pool's photos (once; a re-run finds them) and returns a lookup from picture to stored photo. */
async function storePhotoPool(
  studio: PhotoStudio,
  ownerId: string,
): Promise<(spec: PhotoSpec) => StoredPhoto> {
  const specs: PhotoSpec[] = [
    ...Array.from({ length: BULK_PHOTO_POOL.exteriors }, (_, seed) => ({ kind: "exterior" as const, seed })),
    ...Array.from({ length: BULK_PHOTO_POOL.interiors }, (_, seed) => ({ kind: "interior" as const, seed })),
  ];
  const key = (spec: PhotoSpec) => `${spec.kind}-${spec.seed}`;
  const stored = await Promise.all(
    specs.map((spec) => studio.store(ownerId, spec, stableUuid("bench-photo", key(spec)))),
  );
  const byKey = new Map(specs.map((spec, index) => [key(spec), stored[index]!]));
  return (spec) => byKey.get(key(spec))!;
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
