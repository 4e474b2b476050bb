import type { Db } from "#app/db/db.server.ts";
import { isWellFormedId } from "#app/db/ids.ts";
import type { ImageRow, ListingRow, NewListingRow } from "#app/db/schema.ts";
import { imageSources, imageUrl, storedWidths } from "#app/modules/image/image.rules.ts";
import type { Listing, ListingPage, ListingType } from "./listing.types.ts";

/** SPEC.md section 9: lists load 10 at a time. */
export const PAGE_SIZE = 10;

/** Which listings a paged list shows: a category, or the offers. */
export type ListingFilter = { type: ListingType } | { offer: true };

type Cursor = { timestamp: number; id: string };

/** Opaque to the client: the position after the last listing shown, newest first. */
export function encodeCursor(cursor: Cursor) {
  return Buffer.from(`${cursor.timestamp}.${cursor.id}`).toString("base64url");
}

/** The cursor's position, or null when it was tampered with. */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 200) return null;
  const match = /^(\d{1,16})\.([\w-]{1,64})$/.exec(Buffer.from(value, "base64url").toString());
  return match ? { timestamp: Number(match[1]), id: match[2]! } : null;
}

/**
 * One page of a category or of the offers, newest first, by keyset on (timestamp, id) so each page costs the
 * same however deep. Fetches one row more than the page to know whether a next page really exists.
 */
export async function findListingsPage(
  db: Db,
  filter: ListingFilter,
  cursor: Cursor | null,
  pageSize = PAGE_SIZE,
): Promise<ListingPage> {
  let query = db.selectFrom("listing").selectAll();
  query = "type" in filter ? query.where("type", "=", filter.type) : query.where("offer", "=", true);
  if (cursor) {
    // A row-value comparison, so both engines seek straight to the cursor in the (filter, timestamp, id)
    // index instead of reading every newer row first.
    query = query.where((eb) =>
      eb(eb.refTuple("timestamp", "id"), "<", eb.tuple(cursor.timestamp, cursor.id)),
    );
  }
  const rows = await query
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1)
    .execute();
  const pageRows = rows.slice(0, pageSize);
  const last = pageRows.at(-1);
  return {
    listings: await withImages(db, pageRows),
    nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null,
  };
}

/** A user's own listings, newest first (the profile page). */
export async function findListingsByOwner(db: Db, userId: string): Promise<Listing[]> {
  const rows = await db
    .selectFrom("listing")
    .selectAll()
    .where("userRef", "=", userId)
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .execute();
  return withImages(db, rows);
}

/** One listing with its photos, or undefined. */
export async function findListingById(db: Db, id: string): Promise<Listing | undefined> {
  if (!isWellFormedId(id)) return undefined;
  const row = await db.selectFrom("listing").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await withImages(db, [row]))[0] : undefined;
}

/** Ids and timestamps of every listing, newest first (the sitemap). */
export async function findAllListingPaths(db: Db, limit = 50_000) {
  return db
    .selectFrom("listing")
    .select(["id", "type", "timestamp"])
    .orderBy("timestamp", "desc")
    .limit(limit)
    .execute();
}

/** Stores a new listing row. */
export async function insertListing(db: Db, row: NewListingRow) {
  await db.insertInto("listing").values(row).execute();
}

async function withImages(db: Db, rows: ListingRow[]): Promise<Listing[]> {
  if (rows.length === 0) return [];
  const images = await db
    .selectFrom("image")
    .selectAll()
    .where(
      "listingId",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("listingId")
    .orderBy("position")
    .execute();
  const byListing = Map.groupBy(images, (image) => image.listingId);
  return rows.map((row) => toListing(row, byListing.get(row.id) ?? []));
}

function toListing(row: ListingRow, images: ImageRow[]): Listing {
  const offer = Boolean(row.offer);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    parking: Boolean(row.parking),
    furnished: Boolean(row.furnished),
    location: row.location,
    offer,
    regularPrice: row.regularPrice,
    discountedPrice: offer ? row.discountedPrice : null,
    imageUrls: images.map((image) => imageUrl(image.storageKey, storedWidths(image.width).at(-1)!)),
    images: images.map((image) => ({ id: image.id, ...imageSources(image) })),
    geolocation: { lat: row.lat, lng: row.lng },
    timestamp: Number(row.timestamp),
    userRef: row.userRef,
  };
}

/** The listing row alone (no photos), for permission checks before a write. */
export async function findListingRowById(db: Db, id: string): Promise<ListingRow | undefined> {
  if (!isWellFormedId(id)) return undefined;
  return db.selectFrom("listing").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Overwrites a listing's data (SPEC.md section 7: "overwrite with the same payload"); false when it is gone. */
export async function updateListingRow(db: Db, id: string, row: Omit<NewListingRow, "id" | "userRef">) {
  const result = await db.updateTable("listing").set(row).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a listing row; false when there was none. */
export async function deleteListingRow(db: Db, id: string) {
  const result = await db.deleteFrom("listing").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
