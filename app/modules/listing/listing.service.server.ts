import { randomUUID } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import type { ImageKind, ImageRow } from "#app/db/schema.ts";
import {
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
  UnavailableError,
} from "#app/http/errors.ts";
import { logger } from "#app/logger.server.ts";
import {
  mayWriteListing,
  type PublishAsInput,
  resolvePublisher,
} from "#app/modules/agency/agency.listing.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import {
  attachImage,
  deleteImageRows,
  findImagesByIds,
  findImagesByListing,
} from "#app/modules/image/image.repo.server.ts";
import { deleteImageFiles } from "#app/modules/image/image.service.server.ts";
import { type LimitRules, takeLimit } from "#app/modules/limits/limits.server.ts";
import { coordinateOrZero } from "#app/providers/geocoding/geocoding.coordinate.ts";
import { GeocoderBusyError } from "#app/providers/geocoding/geocoding.error.ts";
import type { GeocodePrecision, Geocoder } from "#app/providers/geocoding/geocoding.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import { storedPlace } from "./listing.address.server.ts";
import { distanceKm, PIN_MAX_KM, PIN_MESSAGES } from "./listing.address.ts";
import type { ListingRuleSet } from "./listing.country-rules.ts";
import { toSquareMetres } from "./listing.details.ts";
import {
  type EditableListing,
  LISTING_STATUSES,
  type ListingStatus,
  type ListingType,
  type ListingWrite,
} from "./listing.model.ts";
import {
  deleteListingById,
  findExactPlaces,
  findListingById,
  findListingWriters,
  insertListing,
  isStoredAs,
  renewListing,
  replaceListing,
  setListingStatus,
} from "./listing.repo.server.ts";
import {
  LISTING_LIMITS,
  LISTING_MESSAGES,
  type ListingForm,
  type ListingFormField,
  listingToastMessage,
  validateListingForm,
} from "./listing.schema.ts";
import { STATUS_MESSAGES, takenStatus } from "./listing.status.ts";

// Every write to a listing goes through here: the form is validated again (a forged request gets the same
// answers as the browser), the owner is checked, and rows change in one transaction before files are touched.
// Refusals are the errors of app/http/errors.ts, with the words the form shows.

export type ListingServiceDeps = {
  db: Db;
  storage: Storage;
  geocoder: Geocoder;
  /** Saves per user per hour (LIMIT_LISTING_SAVES_PER_HOUR); none when absent. */
  limits?: Pick<LimitRules, "listingSaves">;
  /**
   * LISTING_PHOTOS_MAX (the spec's 6 when absent), AREA_UNIT (the form's areas; m² when absent),
   * LISTING_RULES (the country's required fields and energy scale; none when absent), and the
   * site's secret, which places the circle of a listing without its exact address.
   */
  config: Partial<Pick<Config, "listingPhotosMax" | "areaUnit" | "listingRules">> & {
    auth: Pick<Config["auth"], "secret">;
  };
};

const IMAGES_GONE = "Some images are no longer available, please add them again";
const GEOCODER_DOWN = "Could not check the address right now, please try again in a moment";
const GEOCODER_BUSY = "Many addresses are being checked right now, please try again in a moment";
const NOT_YOURS_TO_DELETE = "You can not delete that listing";

/** Where a saved listing lives: the page the user is sent to afterwards. */
export type SavedListing = { id: string; type: ListingType };

/**
 * Creates a listing owned by `user` from a submitted form (SPEC.md section 5), with its photos and floor plans
 * attached.
 */
export async function createListing(
  deps: ListingServiceDeps,
  user: SessionUser,
  input: unknown,
  now = Date.now(),
  /** "Publish as" and "Listing agent" (agency.listing.server.ts); Myself when absent. */
  publishAs: PublishAsInput = {},
  /** The lister's own reference (the API, imports); none from the form. */
  reference?: string,
) {
  const form = parseForm(input, deps.config.listingPhotosMax, deps.config.listingRules);
  const publisher = await resolvePublisher(deps.db, user.id, publishAs, null);
  await checkImages(deps.db, user, allImageIds(form), null);
  await countSave(deps, user);
  const id = randomUUID();
  const listing = { ...(await listingData(deps, id, form, now)), ...publisher, reference };
  await deps.db.transaction().execute(async (trx) => {
    await insertListing(trx, id, listing);
    await attachImages(trx, user, id, form);
  });
  return { id, type: listing.type } satisfies SavedListing;
}

/**
 * Overwrites `listingId` with a submitted form, only for its owner. Photos and floor plans left out of the
 * form are deleted (rows in the transaction, files after it commits); the kept and new ones take the form's
 * order and captions.
 */
export async function updateListing(
  deps: ListingServiceDeps,
  user: SessionUser,
  listingId: string,
  input: unknown,
  now = Date.now(),
  /** "Publish as" and "Listing agent" (agency.listing.server.ts); Myself when absent. */
  publishAs: PublishAsInput = {},
) {
  const writers = await requireOwnListing(deps.db, user, listingId, LISTING_MESSAGES.notOwner);
  const form = parseForm(input, deps.config.listingPhotosMax, deps.config.listingRules);
  const publisher = await resolvePublisher(deps.db, user.id, publishAs, writers);
  await checkImages(deps.db, user, allImageIds(form), listingId);
  await countSave(deps, user);
  const data = { ...(await listingData(deps, listingId, form, now)), ...publisher };
  const removed = await deps.db.transaction().execute(async (trx) => {
    if (!(await replaceListing(trx, listingId, data))) throw new NotFoundError(LISTING_MESSAGES.notFound);
    const kept = new Set(allImageIds(form));
    const dropped = (await findImagesByListing(trx, listingId)).filter((image) => !kept.has(image.id));
    await deleteImageRows(
      trx,
      dropped.map((image) => image.id),
    );
    await attachImages(trx, user, listingId, form);
    return dropped;
  });
  await deleteImageFiles(deps.storage, removed);
  return { id: listingId, type: data.type } satisfies SavedListing;
}

/**
 * Whether saving `input` over `listingId` (as updateListing would, for a user who may) would store exactly
 * what it holds, its photos, their order and captions included: then an API save changes nothing.
 */
export async function saveChangesNothing(
  deps: ListingServiceDeps,
  user: SessionUser,
  listingId: string,
  input: unknown,
  publishAs: PublishAsInput = {},
) {
  const writers = await requireOwnListing(deps.db, user, listingId, LISTING_MESSAGES.notOwner);
  const form = parseForm(input, deps.config.listingPhotosMax, deps.config.listingRules);
  const publisher = await resolvePublisher(deps.db, user.id, publishAs, writers);
  const data = { ...(await listingData(deps, listingId, form, 0)), ...publisher };
  if (!(await isStoredAs(deps.db, listingId, data))) return false;
  const images = await findImagesByListing(deps.db, listingId);
  const stored = (kind: ImageKind) =>
    images.filter((image) => image.kind === kind).map((image) => `${image.id} ${image.caption ?? ""}`);
  const asked = (ids: string[], captions: string[]) =>
    ids.map((id, position) => `${id} ${captions[position] || ""}`);
  return (
    stored("photo").join("\n") === asked(form.imageIds, form.imageCaptions).join("\n") &&
    stored("floorPlan").join("\n") === asked(form.floorPlanIds, form.floorPlanCaptions).join("\n")
  );
}

/**
 * Deletes a listing with its photos and floor plans (rows in one transaction, then the files), only for its
 * owner.
 */
export async function deleteListing(
  deps: Pick<ListingServiceDeps, "db" | "storage">,
  user: SessionUser,
  listingId: string,
) {
  await requireOwnListing(deps.db, user, listingId, NOT_YOURS_TO_DELETE);
  const images = await deps.db.transaction().execute(async (trx) => {
    const rows = await findImagesByListing(trx, listingId);
    await deleteImageRows(
      trx,
      rows.map((image) => image.id),
    );
    if (!(await deleteListingById(trx, listingId))) throw new NotFoundError(LISTING_MESSAGES.notFound);
    return rows;
  });
  await deleteImageFiles(deps.storage, images);
}

/**
 * Marks the user's listing let (rent), sold (sale) or available again; returns the toast's message. A let or
 * sold listing leaves every public list (listing.visibility.server.ts) and keeps its page.
 */
export async function changeListingStatus(
  db: Db,
  user: SessionUser,
  listingId: string,
  input: unknown,
  now = Date.now(),
) {
  await requireOwnListing(db, user, listingId, LISTING_MESSAGES.notOwner);
  if (!LISTING_STATUSES.includes(input as ListingStatus)) {
    throw new InvalidError({}, STATUS_MESSAGES.unknownStatus);
  }
  const status = input as ListingStatus;
  const listing = await findListingById(db, listingId);
  if (!listing) throw new NotFoundError(LISTING_MESSAGES.notFound);
  if (status !== "available" && status !== takenStatus(listing.type)) {
    throw new InvalidError(
      {},
      listing.type === "rent" ? STATUS_MESSAGES.letIsForRent : STATUS_MESSAGES.soldIsForSale,
    );
  }
  if (!(await setListingStatus(db, listingId, status, now)))
    throw new NotFoundError(LISTING_MESSAGES.notFound);
  return STATUS_MESSAGES[status];
}

/** The owner says the listing is still current (Renew in Profile): an expired one is listed again. */
export async function renewOwnListing(db: Db, user: SessionUser, listingId: string, now = Date.now()) {
  await requireOwnListing(db, user, listingId, LISTING_MESSAGES.notOwner);
  if (!(await renewListing(db, listingId, now))) throw new NotFoundError(LISTING_MESSAGES.notFound);
  return STATUS_MESSAGES.renewed;
}

/**
 * The listing `user` may edit, with its photos and, when it hides them, its exact address and pin; throws
 * NotFoundError or ForbiddenError otherwise.
 */
export async function findEditableListing(
  db: Db,
  user: SessionUser,
  listingId: string,
): Promise<EditableListing> {
  await requireOwnListing(db, user, listingId, LISTING_MESSAGES.notOwner);
  const listing = await findListingById(db, listingId);
  if (!listing) throw new NotFoundError(LISTING_MESSAGES.notFound);
  const exactPlace = (await findExactPlaces(db, [listingId])).get(listingId) ?? null;
  return { ...listing, exactPlace };
}

/** A valid save counts toward the user's hourly limit (a refused form does not). */
async function countSave(deps: ListingServiceDeps, user: SessionUser) {
  if (deps.limits) await takeLimit(deps.db, deps.limits.listingSaves, user.id);
}

/**
 * The listing must exist and be the user's to write: their own, or their agency's as its owner or admin
 * (agency.listing.server.ts); `notOwner` is what anyone else is told. Returns its lister and agency.
 */
async function requireOwnListing(db: Db, user: SessionUser, listingId: string, notOwner: string) {
  const writers = await findListingWriters(db, listingId);
  if (!writers) throw new NotFoundError(LISTING_MESSAGES.notFound);
  if (!(await mayWriteListing(db, user.id, writers))) throw new ForbiddenError(notOwner);
  return writers;
}

/**
 * The valid form, or an InvalidError with the form's own messages. The whole form says the spec's message
 * when one applies ("Max 6 images"...), or the images' message, which has no field the user typed into.
 */
function parseForm(input: unknown, photosMax?: number, rules?: ListingRuleSet): ListingForm {
  const result = validateListingForm(input, photosMax, rules);
  if (result.success) return result.data;
  const { errors } = result;
  const imagesMessage =
    errors.imageIds ?? errors.imageCaptions ?? errors.floorPlanIds ?? errors.floorPlanCaptions;
  throw new InvalidError<ListingFormField>(errors, listingToastMessage(errors) ?? imagesMessage ?? null);
}

/** Every image a form names: its photos and its floor plans. */
function allImageIds(form: ListingForm) {
  return [...form.imageIds, ...form.floorPlanIds];
}

/** Each image must be the user's own upload, and pending or already on this listing (null: a new one). */
async function checkImages(db: Db, user: SessionUser, ids: string[], listingId: string | null) {
  const found = await findImagesByIds(db, ids);
  // A new image must be the user's own upload; one already on the listing stays usable by whoever may edit it
  // (an agency's admin keeps the agent's photos).
  const usable = (image: ImageRow) =>
    (image.userId === user.id && image.listingId === null && image.agencyId === null) ||
    (listingId !== null && image.listingId === listingId);
  if (found.length !== ids.length || !found.every(usable)) {
    throw new InvalidError<ListingFormField>({ imageIds: IMAGES_GONE }, IMAGES_GONE);
  }
}

/**
 * Attaches the photos, then the floor plans, each in form order with its caption (the first photo is the
 * cover); an image claimed meanwhile aborts the save.
 */
async function attachImages(db: Db, user: SessionUser, listingId: string, form: ListingForm) {
  const lists: [ImageKind, string[], string[]][] = [
    ["photo", form.imageIds, form.imageCaptions],
    ["floorPlan", form.floorPlanIds, form.floorPlanCaptions],
  ];
  for (const [kind, ids, captions] of lists) {
    for (const [position, id] of ids.entries()) {
      const caption = captions[position] || null;
      if (!(await attachImage(db, { id, userId: user.id, listingId, kind, position, caption }))) {
        throw new InvalidError<ListingFormField>({ imageIds: IMAGES_GONE }, IMAGES_GONE);
      }
    }
  }
}

/**
 * What a form stores for listing `id` (SPEC.md section 3): the address is geocoded and kept as `location`;
 * `geolocation` is where the lister put the pin for this address, or the geocoded position without one. A pin
 * farther than PIN_MAX_KM from the geocoded address is refused. Without "Show exact address" both are kept
 * apart and the public ones hide the door (storedPlace).
 */
async function listingData(
  deps: Pick<ListingServiceDeps, "geocoder" | "config">,
  id: string,
  {
    address,
    imageIds: _attachedApart,
    imageCaptions: _captionsToo,
    floorPlanIds: _plansToo,
    floorPlanCaptions: _planCaptionsToo,
    lat,
    lng,
    pinAddress,
    ...fields
  }: ListingForm,
  now: number,
): Promise<Omit<ListingWrite, "userRef">> {
  const place = await geocodeAddress(deps.geocoder, address);
  const pinned = lat !== undefined && lng !== undefined && sameAddress(pinAddress, address);
  const geolocation = pinned ? { lat, lng } : place.geolocation;
  if (pinned && distanceKm(geolocation, place.geolocation) > PIN_MAX_KM) {
    throw new InvalidError<ListingFormField>({ lat: PIN_MESSAGES.tooFar }, PIN_MESSAGES.tooFar);
  }
  const exact = { location: place.formattedAddress, geolocation };
  const stored = storedPlace(id, exact, fields.exactAddress, deps.config.auth.secret);
  // The form's areas are in the site's unit; the table's in square metres.
  const unit = deps.config.areaUnit ?? "m2";
  const inM2 = (area: number | null) => (area === null ? null : toSquareMetres(area, unit));
  return {
    ...fields,
    livingArea: inM2(fields.livingArea),
    plotArea: inM2(fields.plotArea),
    ...stored,
    timestamp: now,
  };
}

/** Whether the pin was placed for this address (spacing aside). */
function sameAddress(pinAddress: string | undefined, address: string) {
  const tidy = (text: string) => text.trim().replace(/\s+/g, " ");
  return pinAddress !== undefined && tidy(pinAddress) === tidy(address);
}

/** What the form shows after the lister typed an address: where it is and how precisely it was found. */
export type PlacedAddress = {
  formattedAddress: string;
  geolocation: { lat: number; lng: number };
  precision: GeocodePrecision;
};

/**
 * Places an address for the form's map before it is saved (a signed-in user's lookups are counted against
 * LIMIT_ADDRESS_LOOKUPS_PER_HOUR). Refusals as a save's: "Please enter a correct address", busy, unavailable.
 */
export async function placeAddress(
  deps: Pick<ListingServiceDeps, "db" | "geocoder"> & { limits?: Pick<LimitRules, "addressLookups"> },
  user: SessionUser,
  address: string,
): Promise<PlacedAddress> {
  const text = address.trim();
  if (!text || text.length > LISTING_LIMITS.addressMax) {
    const { badAddress } = LISTING_MESSAGES;
    throw new InvalidError<ListingFormField>({ address: badAddress }, badAddress);
  }
  if (deps.limits) await takeLimit(deps.db, deps.limits.addressLookups, user.id);
  return geocodeAddress(deps.geocoder, text);
}

async function geocodeAddress(geocoder: Geocoder, address: string): Promise<PlacedAddress> {
  let place: Awaited<ReturnType<Geocoder["geocode"]>>;
  try {
    place = await geocoder.geocode(address);
  } catch (error) {
    if (error instanceof GeocoderBusyError)
      throw new TooManyRequestsError(GEOCODER_BUSY, error.retryAfterSeconds);
    logger.error({ err: error }, "geocoding failed");
    throw new UnavailableError(GEOCODER_DOWN, { address: GEOCODER_DOWN });
  }
  const formattedAddress = place?.formattedAddress?.trim();
  if (!place || !formattedAddress) {
    const { badAddress } = LISTING_MESSAGES;
    throw new InvalidError<ListingFormField>({ address: badAddress }, badAddress);
  }
  const geolocation = { lat: coordinateOrZero(place.lat), lng: coordinateOrZero(place.lng) };
  return { formattedAddress, geolocation, precision: place.precision ?? "city" };
}
