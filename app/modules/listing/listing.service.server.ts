import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import type { ImageRow, NewListingRow } from "#app/db/schema.ts";
import { logger } from "#app/logger.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import {
  attachImage,
  deleteImageRows,
  findImagesByIds,
  findImagesByListing,
} from "#app/modules/image/image.repo.server.ts";
import { deleteImageFiles } from "#app/modules/image/image.service.server.ts";
import type { Geocoder } from "#app/providers/geocoding/geocoding.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import {
  deleteListingRow,
  findListingById,
  findListingRowById,
  insertListing,
  updateListingRow,
} from "./listing.repo.server.ts";
import {
  LISTING_MESSAGES,
  type ListingForm,
  type ListingFormErrors,
  validateListingForm,
} from "./listing.schema.ts";
import type { Listing, ListingType } from "./listing.types.ts";

// Every write to a listing goes through here: the form is validated again (a forged request gets the same
// answers as the browser), the owner is checked, and rows change in one transaction before files are touched.

export type ListingServiceDeps = { db: Db; storage: Storage; geocoder: Geocoder };

/**
 * Why a listing write was refused. `invalid` and `bad-address` carry per-field messages for the form;
 * `not-found` and `forbidden` send the user home with the spec's toast.
 */
export type ListingWriteErrorCode =
  | "invalid"
  | "bad-address"
  | "geocoder-unavailable"
  | "not-found"
  | "forbidden";

/** A refused listing write; `message` is what the user sees. */
export class ListingWriteError extends Error {
  override name = "ListingWriteError";
  readonly code: ListingWriteErrorCode;
  readonly fieldErrors: ListingFormErrors;
  constructor(code: ListingWriteErrorCode, message: string, fieldErrors: ListingFormErrors = {}) {
    super(message);
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

const IMAGES_GONE = "Some images are no longer available, please add them again";
const GEOCODER_DOWN = "Could not check the address right now, please try again in a moment";

/** Where a saved listing lives: the page the user is sent to afterwards. */
export type SavedListing = { id: string; type: ListingType };

/** Creates a listing owned by `user` from a submitted form (SPEC.md section 5), with its photos attached. */
export async function createListing(
  deps: ListingServiceDeps,
  user: SessionUser,
  input: unknown,
  now = Date.now(),
) {
  const form = parseForm(input);
  await checkImages(deps.db, user, form.imageIds, null);
  const row = { id: randomUUID(), userRef: user.id, ...(await listingData(deps.geocoder, form, now)) };
  await deps.db.transaction().execute(async (trx) => {
    await insertListing(trx, row);
    await attachImages(trx, user, row.id, form.imageIds);
  });
  return { id: row.id, type: row.type } satisfies SavedListing;
}

/**
 * Overwrites `listingId` with a submitted form, only for its owner. Photos left out of the form are deleted
 * (rows in the transaction, files after it commits); the kept and new ones take the form's order.
 */
export async function updateListing(
  deps: ListingServiceDeps,
  user: SessionUser,
  listingId: string,
  input: unknown,
  now = Date.now(),
) {
  await requireOwnListing(deps.db, user, listingId);
  const form = parseForm(input);
  await checkImages(deps.db, user, form.imageIds, listingId);
  const data = await listingData(deps.geocoder, form, now);
  const removed = await deps.db.transaction().execute(async (trx) => {
    if (!(await updateListingRow(trx, listingId, data))) {
      throw new ListingWriteError("not-found", LISTING_MESSAGES.notFound);
    }
    const kept = new Set(form.imageIds);
    const dropped = (await findImagesByListing(trx, listingId)).filter((image) => !kept.has(image.id));
    await deleteImageRows(
      trx,
      dropped.map((image) => image.id),
    );
    await attachImages(trx, user, listingId, form.imageIds);
    return dropped;
  });
  await deleteImageFiles(deps.storage, removed);
  return { id: listingId, type: data.type } satisfies SavedListing;
}

/** Deletes a listing and its photos (rows in one transaction, then the files), only for its owner. */
export async function deleteListing(
  deps: Pick<ListingServiceDeps, "db" | "storage">,
  user: SessionUser,
  listingId: string,
) {
  await requireOwnListing(deps.db, user, listingId);
  const images = await deps.db.transaction().execute(async (trx) => {
    const rows = await findImagesByListing(trx, listingId);
    await deleteImageRows(
      trx,
      rows.map((image) => image.id),
    );
    if (!(await deleteListingRow(trx, listingId)))
      throw new ListingWriteError("not-found", LISTING_MESSAGES.notFound);
    return rows;
  });
  await deleteImageFiles(deps.storage, images);
}

/** The listing `user` may edit, with its photos; throws `not-found` or `forbidden` otherwise. */
export async function findEditableListing(db: Db, user: SessionUser, listingId: string): Promise<Listing> {
  await requireOwnListing(db, user, listingId);
  const listing = await findListingById(db, listingId);
  if (!listing) throw new ListingWriteError("not-found", LISTING_MESSAGES.notFound);
  return listing;
}

async function requireOwnListing(db: Db, user: SessionUser, listingId: string) {
  const row = await findListingRowById(db, listingId);
  if (!row) throw new ListingWriteError("not-found", LISTING_MESSAGES.notFound);
  if (row.userRef !== user.id) throw new ListingWriteError("forbidden", LISTING_MESSAGES.notOwner);
  return row;
}

function parseForm(input: unknown): ListingForm {
  const result = validateListingForm(input);
  if (result.success) return result.data;
  const message = Object.values(result.errors)[0] ?? "Please check the form";
  throw new ListingWriteError("invalid", message, result.errors);
}

/** Each image must be the user's own upload, and pending or already on this listing (null: a new one). */
async function checkImages(db: Db, user: SessionUser, ids: string[], listingId: string | null) {
  const found = await findImagesByIds(db, ids);
  const usable = (image: ImageRow) =>
    image.userId === user.id && (image.listingId === null || image.listingId === listingId);
  if (found.length !== ids.length || !found.every(usable)) {
    throw new ListingWriteError("invalid", IMAGES_GONE, { imageIds: IMAGES_GONE });
  }
}

/** Attaches the images in form order (the first is the cover); a photo claimed meanwhile aborts the save. */
async function attachImages(db: Db, user: SessionUser, listingId: string, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    if (!(await attachImage(db, { id, userId: user.id, listingId, position }))) {
      throw new ListingWriteError("invalid", IMAGES_GONE, { imageIds: IMAGES_GONE });
    }
  }
}

/** The stored fields of a listing (SPEC.md section 3): the address is geocoded and kept as `location`. */
async function listingData(
  geocoder: Geocoder,
  form: ListingForm,
  now: number,
): Promise<Omit<NewListingRow, "id" | "userRef">> {
  const place = await geocode(geocoder, form.address);
  return {
    type: form.type,
    name: form.name,
    bedrooms: form.bedrooms,
    bathrooms: form.bathrooms,
    parking: form.parking,
    furnished: form.furnished,
    location: place.formattedAddress,
    offer: form.offer,
    regularPrice: form.regularPrice,
    // SPEC.md section 7: no discounted price is stored without an offer.
    discountedPrice: form.offer ? (form.discountedPrice ?? null) : null,
    lat: place.lat,
    lng: place.lng,
    timestamp: now,
  };
}

async function geocode(geocoder: Geocoder, address: string) {
  let place: Awaited<ReturnType<Geocoder["geocode"]>>;
  try {
    place = await geocoder.geocode(address);
  } catch (error) {
    logger.error({ err: error }, "geocoding failed");
    throw new ListingWriteError("geocoder-unavailable", GEOCODER_DOWN, { address: GEOCODER_DOWN });
  }
  const formattedAddress = place?.formattedAddress?.trim();
  if (!place || !formattedAddress) {
    throw new ListingWriteError("bad-address", LISTING_MESSAGES.badAddress, {
      address: LISTING_MESSAGES.badAddress,
    });
  }
  // SPEC.md section 5: a missing coordinate falls back to 0.
  const coordinate = (value: number | undefined) =>
    typeof value === "number" && Number.isFinite(value) ? value : 0;
  return { formattedAddress, lat: coordinate(place.lat), lng: coordinate(place.lng) };
}
