import type { Config } from "#app/config.server.ts";
import { ForbiddenError, InvalidError, NotFoundError } from "#app/http/errors.ts";
import type { ApiActor } from "#app/modules/api-key/api-key.service.server.ts";
import { imageFromUrl, remoteImageDeps } from "#app/modules/image/image.remote.server.ts";
import {
  type ReferenceOutcome,
  saveListingByReference,
  withdrawListingByReference as withdrawByReference,
} from "#app/modules/listing/listing.by-reference.server.ts";
import { findListingById, findListingIdByReference } from "#app/modules/listing/listing.repo.server.ts";
import type { ListingServiceDeps } from "#app/modules/listing/listing.service.server.ts";
import { type ApiMediaInput, apiFieldErrors, formInputOf } from "./api.schema.ts";

// The API's writes (decision 065): a listing is created, replaced or withdrawn by the lister's own reference
// (ListingId) with an API key of scope "write", through the same service as the listing form: the same
// validation (the form's schema, the country's rules), the same checks of who may write it, the same limits.
// A key acts as its maker, or, made in /agency, as that agency (its listings, published as it). The writes by
// reference themselves are listing.by-reference.server.ts, which imports share.

export type ApiWriteDeps = ListingServiceDeps & {
  config: ListingServiceDeps["config"] &
    Pick<Config, "areaUnit" | "imports"> & {
      storage: Pick<Config["storage"], "maxUploadBytes">;
    };
};

export const API_MESSAGES = {
  readOnly: "This API key may only read; writing needs a key with the write scope",
  badReference: "ListingId must be 1 to 64 letters, digits, dots, dashes or underscores",
  notFound: "No listing has this ListingId",
  invalid: "The listing was not saved; see fields",
} as const;

const REFERENCE = /^[A-Za-z0-9][\w.-]{0,63}$/;

/** The actor must hold a write key. */
function requireWrite(actor: ApiActor) {
  if (actor.scope !== "write") throw new ForbiddenError(API_MESSAGES.readOnly);
}

function checkReference(reference: string) {
  if (!REFERENCE.test(reference)) {
    throw new InvalidError({ ListingId: API_MESSAGES.badReference }, API_MESSAGES.badReference);
  }
}

/** Whose references the actor's key names: its agency's, or its maker's own private listings. */
function referenceOwner(actor: ApiActor) {
  return actor.agencyId ? { agencyId: actor.agencyId } : { userId: actor.user.id };
}

/**
 * Creates or replaces the listing with the lister's reference `reference` from an API body. Idempotent: a body
 * that would store what the listing holds already writes nothing (its timestamp stays), and photos already
 * fetched from the same URLs are not fetched again.
 */
export async function putListingByReference(
  siteDeps: ApiWriteDeps,
  actor: ApiActor,
  reference: string,
  body: unknown,
  now = Date.now(),
): Promise<ReferenceOutcome> {
  requireWrite(actor);
  checkReference(reference);
  // The API's areas are square metres, as stored, whatever unit the site's form shows (AREA_UNIT).
  const deps = { ...siteDeps, config: { ...siteDeps.config, areaUnit: "m2" as const } };
  const parsed = formInputOf(body);
  if (parsed.errors) throw new InvalidError(parsed.errors, API_MESSAGES.invalid);
  const { input, photos } = parsed;
  const asPhoto = (photo: ApiMediaInput) => ({ source: photo.url, caption: photo.caption });
  const fetchDeps = remoteImageDeps(deps);
  try {
    return await saveListingByReference(
      deps,
      actor.user,
      referenceOwner(actor),
      reference,
      {
        input,
        photos: photos.filter((photo) => !photo.floorPlan).map(asPhoto),
        floorPlans: photos.filter((photo) => photo.floorPlan).map(asPhoto),
        imageOf: (url, { listingId, position }) =>
          imageFromUrl(fetchDeps, { url, userId: actor.user.id, listingId, field: "Media", position }),
      },
      now,
    );
  } catch (error) {
    if (error instanceof InvalidError) {
      throw new InvalidError(apiFieldErrors(error.fieldErrors), error.formMessage ?? API_MESSAGES.invalid);
    }
    throw error;
  }
}

/** Withdraws (deletes, with its photos) the listing with the lister's reference `reference`. */
export async function withdrawListingByReference(deps: ApiWriteDeps, actor: ApiActor, reference: string) {
  requireWrite(actor);
  checkReference(reference);
  const id = await withdrawByReference(deps, actor.user, referenceOwner(actor), reference);
  if (!id) throw new NotFoundError(API_MESSAGES.notFound);
  return id;
}

/** The actor's own listing with this reference, hidden or not (a CRM checks what it sent); 404 otherwise. */
export async function findListingByReference(
  deps: Pick<ApiWriteDeps, "db">,
  actor: ApiActor,
  reference: string,
) {
  checkReference(reference);
  const id = await findListingIdByReference(deps.db, referenceOwner(actor), reference);
  const listing = id ? await findListingById(deps.db, id) : undefined;
  if (!listing) throw new NotFoundError(API_MESSAGES.notFound);
  return listing;
}
