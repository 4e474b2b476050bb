import type { Insertable } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import type { ImageTable, NewListingRow } from "#app/db/schema.ts";
import type { GeneratedListing } from "./demo-data.listing-generator.ts";
import type { StoredPhoto } from "./demo-data.photo-studio.server.ts";
import { stableId } from "./demo-data.random.ts";

// Rows the seed writes, built the way the listing form and the upload pipeline would build them.

export type NewImageRow = Insertable<ImageTable>;

// SQLite binds at most 32,766 parameters per statement and PostgreSQL 65,535: 500 listings (up to 40 columns
// with their details) or 2,000 images (8 columns) per INSERT stay well below both.
const LISTINGS_PER_INSERT = 500;
const IMAGES_PER_INSERT = 2000;

/** The listing row for generated fields. */
export function toListingRow(
  id: string,
  userRef: string,
  listing: GeneratedListing,
  timestamp: number,
): NewListingRow {
  const { photos: _photos, ...fields } = listing;
  return { id, userRef, timestamp, ...fields };
}

/** The image rows of a listing's stored photos, in order (position 0 is the cover); ids are stable. */
export function toImageRows(
  listingId: string,
  userId: string,
  photos: StoredPhoto[],
  createdAt: number,
): NewImageRow[] {
  return photos.map((photo, position) => ({
    id: stableId("image", listingId, position),
    userId,
    listingId,
    position,
    storageKey: photo.storageKey,
    width: photo.width,
    height: photo.height,
    createdAt,
  }));
}

/** Which of `ids` already name a listing. */
export async function findExistingListingIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("listing").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Inserts many listings and their images in one transaction, with multi-row INSERTs; rows whose id exists
 * are left alone, so two seeding processes cannot collide. Only the seed needs this bulk path: the app
 * creates one listing at a time.
 */
export async function insertListingsWithImages(db: Db, listings: NewListingRow[], images: NewImageRow[]) {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < listings.length; start += LISTINGS_PER_INSERT) {
      await trx
        .insertInto("listing")
        .values(listings.slice(start, start + LISTINGS_PER_INSERT))
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    }
    for (let start = 0; start < images.length; start += IMAGES_PER_INSERT) {
      await trx
        .insertInto("image")
        .values(images.slice(start, start + IMAGES_PER_INSERT))
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    }
  });
}
