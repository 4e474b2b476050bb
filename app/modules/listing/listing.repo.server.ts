import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import { isWellFormedId } from "#app/db/ids.ts";
import { decodeKeyset, encodeKeyset, keysetPage } from "#app/db/keyset.server.ts";
import type { ImageRow, ListingRow, NewListingRow } from "#app/db/schema.ts";
import { logger } from "#app/logger.server.ts";
import { columnsOfKind, LISTING_COLUMNS, LISTING_SELECT, type ListingField } from "./listing.fields.ts";
import {
  LISTING_TYPES,
  type Listing,
  type ListingPlace,
  type ListingPublisher,
  type ListingStatus,
  type ListingSummary,
  type ListingType,
  type ListingWrite,
  toListingSummary,
} from "./listing.model.ts";
import { effectivePrice } from "./listing.rules.ts";
import { whereListed, whereVisible } from "./listing.visibility.server.ts";

// Every query on the listing table. Rows stay in here: callers get and give the shapes of listing.model.ts,
// and the conversions happen in toListing and toListingRow only.

/** SPEC.md section 9: lists load 10 at a time. */
export const PAGE_SIZE = 10;

/** Which listings a paged list shows: a category or the offers. */
export type ListingFilter = { type: ListingType } | { offer: true };

/** Where a page of a category or of the offers ends: the last listing's timestamp and id. */
export type Cursor = { timestamp: number; id: string };

/** Opaque to the client: the position after the last listing shown, newest first (the search's own cursor). */
export function encodeCursor(cursor: Cursor) {
  return encodeKeyset(NEWEST_TAG, { key: cursor.timestamp, id: cursor.id });
}

/** The cursor's position, or null when it was tampered with. */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  const at = decodeKeyset(value, NEWEST_TAG);
  return at ? { timestamp: at.key, id: at.id } : null;
}

/** The tag of the newest-first order, shared with the search's cursors (a list page is a search). */
export const NEWEST_TAG = "n";

/**
 * One page of a category or of the offers, newest first, by keyset on (timestamp, id) so each page costs the
 * same however deep.
 */
export async function findListingsPage(
  db: Db,
  filter: ListingFilter,
  cursor: Cursor | null,
  pageSize = PAGE_SIZE,
): Promise<{ listings: Listing[]; nextCursor: string | null }> {
  let query = selectListings(db).where(whereListed);
  query =
    "type" in filter
      ? query.where("listing.type", "=", filter.type)
      : query.where("listing.offer", "=", true);
  const { rows, next } = await keysetPage(query, {
    key: "listing.timestamp",
    id: "listing.id",
    direction: "desc",
    after: cursor && { key: cursor.timestamp, id: cursor.id },
    pageSize,
    keysetOf: (row) => ({ key: Number(row.timestamp), id: row.id }),
  });
  return {
    listings: await withImages(db, rows),
    nextCursor: next && encodeKeyset(NEWEST_TAG, next),
  };
}

/** The listing table with every column the app reads (LISTING_COLUMNS), for toListing (withImages). */
export function selectListings(db: Db) {
  return db.selectFrom("listing").select(LISTING_SELECT.map((column) => `listing.${column}` as const));
}

/**
 * The newest listings of both types together, newest first (Explore). Read as the newest of each type, by
 * the indexes the category pages use, then merged.
 */
export async function findNewestListings(db: Db, limit: number) {
  const [rent, sale] = await Promise.all(
    LISTING_TYPES.map((type) => findListingsPage(db, { type }, null, limit)),
  );
  return [...rent!.listings, ...sale!.listings]
    .sort((a, b) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : -1))
    .slice(0, limit);
}

/** What Explore shows: the newest listings and the newest offers. */
export type ExploreListings = {
  recommended: ListingSummary[];
  offers: ListingSummary[];
};

/**
 * Explore's listings: `recommended` newest of both types and `offers` newest offers. A database failure is
 * logged and shows as empty strips: Explore's categories still lead on.
 */
export async function loadExploreListings(
  db: Db,
  counts = { recommended: 8, offers: 4 },
): Promise<ExploreListings> {
  try {
    const [newest, offers] = await Promise.all([
      findNewestListings(db, counts.recommended),
      findListingsPage(db, { offer: true }, null, counts.offers),
    ]);
    return {
      recommended: newest.map(toListingSummary),
      offers: offers.listings.map(toListingSummary),
    };
  } catch (error) {
    logger.error({ err: error }, "could not fetch Explore's listings");
    return { recommended: [], offers: [] };
  }
}

/**
 * The public listings saved after `from` and up to `upTo` (epoch ms), newest first, without their photos: what
 * the alert sweep matches against saved searches.
 */
export async function findListedSavedBetween(db: Db, from: number, upTo: number): Promise<Listing[]> {
  const rows = await selectListings(db)
    .where(whereListed)
    .where("listing.timestamp", ">", from)
    .where("listing.timestamp", "<=", upTo)
    .orderBy("listing.timestamp", "desc")
    .execute();
  return rows.map((row) => toListing(row, []));
}

/** Of `ids`, the listings in the public lists (whereListed), without photos: what alerts match searches against. */
export async function findListedByIds(db: Db, ids: readonly string[]): Promise<Listing[]> {
  if (ids.length === 0) return [];
  const rows = await selectListings(db)
    .where(whereListed)
    .where("listing.id", "in", [...ids])
    .execute();
  return rows.map((row) => toListing(row, []));
}

/** Every listing of an agency, listed or not, newest first (its workspace). */
export async function findListingsByAgency(db: Db, agencyId: string): Promise<Listing[]> {
  const rows = await selectListings(db)
    .where("agencyId", "=", agencyId)
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .execute();
  return withImages(db, rows);
}

/** A user's own listings, newest first (the profile page). */
export async function findListingsByOwner(db: Db, userId: string): Promise<Listing[]> {
  const rows = await selectListings(db)
    .where("userRef", "=", userId)
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .execute();
  return withImages(db, rows);
}

/** One listing with its photos, or undefined. */
export async function findListingById(db: Db, id: string): Promise<Listing | undefined> {
  if (!isWellFormedId(id)) return undefined;
  const row = await selectListings(db).where("id", "=", id).executeTakeFirst();
  return row ? (await withImages(db, [row]))[0] : undefined;
}

/**
 * The exact address and pin of each listing of `ids` that hides them (the public columns hold the street and a
 * point near the home): for the owner's edit form and data export only.
 */
export async function findExactPlaces(db: Db, ids: string[]): Promise<Map<string, ListingPlace>> {
  const wellFormed = ids.filter(isWellFormedId);
  if (wellFormed.length === 0) return new Map();
  const rows = await db
    .selectFrom("listing")
    .select(["id", "exactLocation", "exactLat", "exactLng"])
    .where("id", "in", wellFormed)
    .where("exactLocation", "is not", null)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        location: row.exactLocation ?? "",
        geolocation: { lat: Number(row.exactLat), lng: Number(row.exactLng) },
      },
    ]),
  );
}

/** Stores a new listing under `id` (its photos are attached apart). */
export async function insertListing(db: Db, id: string, { userRef, ...listing }: ListingWrite) {
  const now = listing.timestamp;
  await db
    .insertInto("listing")
    .values({ id, userRef, ...toListingRow(listing), publishedAt: now, changedAt: now, confirmedAt: now })
    .execute();
}

/**
 * Overwrites a listing's data (SPEC.md section 7: "overwrite with the same payload"); false when it is gone.
 * A save is its owner saying it is current (freshness starts again), and a new price paid is recorded in its
 * price history. Call it inside a transaction: it reads the old price first.
 */
export async function replaceListing(db: Db, id: string, listing: Omit<ListingWrite, "userRef">) {
  const before = await db
    .selectFrom("listing")
    .select(["offer", "regularPrice", "discountedPrice"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!before) return false;
  const now = listing.timestamp;
  const result = await db
    .updateTable("listing")
    .set({
      ...toListingRow(listing),
      // A let home saved as one for sale is sold, and the other way round: taken stays taken.
      status: sql<ListingStatus>`case when "status" = 'available' then 'available' else ${listing.type === "rent" ? "let" : "sold"} end`,
      publishedAt: keepPublishedAt,
      changedAt: now,
      ...freshAgain(now),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  const previousPrice = effectivePrice({ ...before, offer: Boolean(before.offer) });
  const price = effectivePrice({ ...listing, discountedPrice: listing.discountedPrice ?? null });
  if (result.numUpdatedRows > 0n && price !== previousPrice) {
    await db
      .insertInto("listingPrice")
      .values({ id: randomUUID(), listingId: id, previousPrice, price, changedAt: now })
      .execute();
  }
  return result.numUpdatedRows > 0n;
}

/**
 * Whether listing `id` already holds exactly `listing` (its save time aside): an API save sent twice stores
 * nothing the second time, not even a new timestamp. Booleans compare as 0/1, whatever the engine returns.
 */
export async function isStoredAs(db: Db, id: string, listing: ListingWrite) {
  const row = await db.selectFrom("listing").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  const { userRef, ...rest } = listing;
  const wanted: Record<string, unknown> = { userRef, ...toListingRow(rest) };
  const stored = row as unknown as Record<string, unknown>;
  const same = (a: unknown, b: unknown) =>
    a === b ||
    ((typeof a === "boolean" || typeof b === "boolean") && Number(a) === Number(b)) ||
    (typeof a === "number" && typeof b !== "object" && a === Number(b));
  return Object.entries(wanted).every(
    ([column, value]) => column === "timestamp" || value === undefined || same(value, stored[column] ?? null),
  );
}

/** The listing `reference` names among an agency's listings, or a private lister's own; undefined when none. */
/** The lister's own references of `ids` (owner-only: for the owner's exports), by listing id; none where unset. */
export async function findListingReferences(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("listing")
    .select(["id", "reference"])
    .where("id", "in", ids)
    .where("reference", "is not", null)
    .execute();
  return new Map(rows.flatMap((row) => (row.reference === null ? [] : [[row.id, row.reference]])));
}

export async function findListingIdByReference(
  db: Db,
  owner: { agencyId: string } | { userId: string },
  reference: string,
): Promise<string | undefined> {
  let query = db.selectFrom("listing").select("id").where("reference", "=", reference);
  query =
    "agencyId" in owner
      ? query.where("agencyId", "=", owner.agencyId)
      : query.where("userRef", "=", owner.userId).where("agencyId", "is", null);
  return (await query.executeTakeFirst())?.id;
}

/** Keeps the first-published date of a row written without one (it read as the timestamp a save replaces). */
const keepPublishedAt = sql<number>`coalesce("publishedAt", "timestamp")`;

/** What makes a listing current again: confirmed now, no reminder pending, not expired. */
function freshAgain(now: number) {
  return { confirmedAt: now, reminderSentAt: null, expiredAt: null };
}

/**
 * Sets a listing's status (the service checks the owner and that let goes with rent, sold with sale). Marking
 * it available again also renews it. False when it is gone.
 */
export async function setListingStatus(db: Db, id: string, status: ListingStatus, now: number) {
  const result = await db
    .updateTable("listing")
    .set({ status, changedAt: now, ...(status === "available" ? freshAgain(now) : {}) })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The owner says the listing is still available (Confirm, Renew): current again, shown again if expired. */
export async function renewListing(db: Db, id: string, now: number) {
  const result = await db
    .updateTable("listing")
    .set({ changedAt: now, ...freshAgain(now) })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A listing's newest price change ("Price reduced by $200 on 12 Nov"), or undefined when it never had one. */
export async function findLatestPriceChange(db: Db, listingId: string) {
  return db
    .selectFrom("listingPrice")
    .select(["previousPrice", "price", "changedAt"])
    .where("listingId", "=", listingId)
    .orderBy("changedAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Deletes a listing; false when there was none (its photos' rows go first, in the same transaction). */
export async function deleteListingById(db: Db, id: string) {
  const result = await db.deleteFrom("listing").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Whether the public may see listing `id`'s page (not hidden by a moderator, its owner not suspended); a let,
 * sold or expired listing's page stays public, though it is in no list.
 */
export async function isListingVisible(db: Db, id: string) {
  const row = await db
    .selectFrom("listing")
    .select("id")
    .where("id", "=", id)
    .where(whereVisible)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `userId` owns at least one listing whose page the public may see (who may be contacted at all). */
export async function hasVisibleListing(db: Db, userId: string) {
  if (!isWellFormedId(userId)) return false;
  const row = await db
    .selectFrom("listing")
    .select("id")
    .where("userRef", "=", userId)
    .where(whereVisible)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of `userId`'s listings the public does not see (hidden, or the owner suspended): Profile marks them. */
export async function findUnlistedListingIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("listing")
    .select("id")
    .where("userRef", "=", userId)
    .where((eb) => eb.not(whereVisible(eb)))
    .execute();
  return rows.map((row) => row.id);
}

/** A listing's lister and agency, or undefined when there is no such listing (permission checks). */
export async function findListingWriters(db: Db, id: string) {
  if (!isWellFormedId(id)) return undefined;
  return db.selectFrom("listing").select(["userRef", "agencyId"]).where("id", "=", id).executeTakeFirst();
}

/** The id of a listing's owner, or undefined when there is no such listing (permission checks). */
export async function findListingOwner(db: Db, id: string): Promise<string | undefined> {
  if (!isWellFormedId(id)) return undefined;
  const row = await db.selectFrom("listing").select("userRef").where("id", "=", id).executeTakeFirst();
  return row?.userRef;
}

/**
 * Rows with their photos, cover first, and who lists them (ListingPublisher), as listings: two queries for the
 * whole page, whatever its size, never one per card.
 */
export async function withImages(db: Db, rows: ListingRow[]): Promise<Listing[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [images, publishers] = await Promise.all([
    db
      .selectFrom("image")
      .selectAll()
      .where("listingId", "in", ids)
      .orderBy("listingId")
      .orderBy("position")
      .execute(),
    findPublishers(db, ids),
  ]);
  const byListing = Map.groupBy(images, (image) => image.listingId);
  return rows.map((row) => ({
    ...toListing(row, byListing.get(row.id) ?? []),
    publisher: publishers.get(row.id),
  }));
}

/** Who lists each of the listings `ids`: the agent's name, the agency's name, slug and logo, in one join. */
async function findPublishers(db: Db, ids: string[]): Promise<Map<string, ListingPublisher>> {
  const rows = await db
    .selectFrom("listing")
    .innerJoin("user", "user.id", "listing.userRef")
    .leftJoin("organization", "organization.id", "listing.agencyId")
    .leftJoin("image as logo", "logo.id", "organization.logo")
    .select([
      "listing.id",
      "user.name as agentName",
      "organization.name as agencyName",
      "organization.slug as agencySlug",
      "logo.storageKey as logoKey",
      "logo.width as logoWidth",
      "logo.height as logoHeight",
    ])
    .where("listing.id", "in", ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        agentName: row.agentName,
        agency:
          row.agencyName != null && row.agencySlug != null
            ? {
                name: row.agencyName,
                slug: row.agencySlug,
                logo:
                  row.logoKey != null
                    ? {
                        storageKey: row.logoKey,
                        width: Number(row.logoWidth),
                        height: Number(row.logoHeight),
                      }
                    : null,
              }
            : null,
      },
    ]),
  );
}

const BOOLEAN_COLUMNS = columnsOfKind("boolean");
const EPOCH_COLUMNS = columnsOfKind("epochMs");

/** A row's values as JavaScript has them: booleans (SQLite stores 0/1) and epoch ms (bigint) as numbers. */
function fromRow(row: ListingRow): ListingRow {
  const values: Record<string, unknown> = { ...row };
  for (const column of BOOLEAN_COLUMNS) {
    // A Yes/No the lister did not answer stays null (lift, step-free access...).
    const field: ListingField = LISTING_COLUMNS[column];
    values[column] = row[column] == null && field.nullable ? null : Boolean(row[column]);
  }
  for (const column of EPOCH_COLUMNS) if (row[column] != null) values[column] = Number(row[column]);
  return values as ListingRow;
}

// A discounted price exists only with an offer: none is stored without one (SPEC.md section 7), and none is
// read back without one.
function toListing(row: ListingRow, images: ImageRow[]): Listing {
  // hiddenAt is moderation's (listing.visibility.server.ts), not part of the listing's shape; nor are the
  // freshness job's dates, nor price and price per area (effectivePrice, and the same per m², which the
  // database generates for the search; a card works it out in the site's unit).
  const {
    lat,
    lng,
    hiddenAt: _hiddenAt,
    price: _price,
    pricePerArea: _pricePerArea,
    confirmedAt: _confirmedAt,
    reminderSentAt: _reminderSentAt,
    expiredAt,
    ...fields
  } = fromRow(row);
  const offer = Boolean(fields.offer);
  return {
    ...fields,
    offer,
    parking: Boolean(fields.parking),
    exactAddress: Boolean(fields.exactAddress),
    // Converted by fromRow: null when not answered, else a boolean.
    lift: fields.lift as boolean | null,
    stepFree: fields.stepFree as boolean | null,
    heatingIncluded: fields.heatingIncluded as boolean | null,
    expired: expiredAt != null,
    publishedAt: fields.publishedAt ?? fields.timestamp,
    changedAt: fields.changedAt ?? fields.timestamp,
    discountedPrice: offer ? fields.discountedPrice : null,
    ...listingImages(images),
    geolocation: { lat, lng },
  };
}

/** A listing's image rows (in order) as its photos and its floor plans. */
function listingImages(rows: ImageRow[]): Pick<Listing, "images" | "floorPlans"> {
  const toImage = ({ id, storageKey, width, height, caption }: ImageRow) => ({
    id,
    storageKey,
    width,
    height,
    caption,
  });
  return {
    images: rows.filter((row) => row.kind !== "floorPlan").map(toImage),
    floorPlans: rows.filter((row) => row.kind === "floorPlan").map(toImage),
  };
}

// Every save writes the exact place's columns: null when the exact address is shown, so turning it on again
// leaves no second copy of the address behind.
function toListingRow({
  geolocation,
  discountedPrice,
  exactPlace,
  ...fields
}: Omit<ListingWrite, "userRef">): Omit<NewListingRow, "id" | "userRef"> {
  return {
    ...fields,
    discountedPrice: fields.offer ? (discountedPrice ?? null) : null,
    ...geolocation,
    exactLocation: exactPlace?.location ?? null,
    exactLat: exactPlace?.geolocation.lat ?? null,
    exactLng: exactPlace?.geolocation.lng ?? null,
  };
}
