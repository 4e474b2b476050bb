import { randomUUID } from "node:crypto";
import { InvalidError } from "#app/http/errors.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { findListingById, findListingIdByReference } from "./listing.repo.server.ts";
import { validateListingForm } from "./listing.schema.ts";
import {
  createListing,
  deleteListing,
  type ListingServiceDeps,
  saveChangesNothing,
  updateListing,
} from "./listing.service.server.ts";

// Writes by the lister's own reference (RESO ListingId), shared by the API's PUT and DELETE and by imports: a
// listing is created, replaced or left as it is, or withdrawn, through the same service as the listing form
// (its validation, its checks of who may write, its transaction). An agency's references are its own; a
// private lister's are theirs among the listings they publish as themself. What names a photo (a URL, a file
// of a zip) is the caller's: it says how a photo becomes an image of the user's.

/** Whose references: an agency's, or a private lister's own. */
export type ReferenceOwner = { agencyId: string } | { userId: string };

/** What a save by reference did: made the listing, replaced it, or found it already so (nothing written). */
export type ReferenceOutcome = {
  id: string;
  type: "rent" | "sale";
  result: "created" | "updated" | "unchanged";
};

/** A photo or floor plan of a save: where it comes from (the caller's kind of source) and its caption. */
export type ReferencedPhoto<Source> = { source: Source; caption: string };

export type SaveByReference<Source> = {
  /** The listing form's input, its images aside (areas in the unit of `deps.config.areaUnit`). */
  input: Record<string, unknown>;
  photos: ReferencedPhoto<Source>[];
  floorPlans: ReferencedPhoto<Source>[];
  /**
   * The id of the user's image for a photo (one fetched or stored now, pending, or one the listing has
   * already: `listingId` is the listing being replaced, null for a new one; `position` counts photos, then
   * floor plans). Throws InvalidError when the photo can not be had.
   */
  imageOf: (source: Source, at: { listingId: string | null; position: number }) => Promise<string>;
};

/**
 * Creates or replaces the listing with `owner`'s reference `reference`, as `user` (an agency's listing is
 * published as the agency). The form is checked before any photo is fetched (a refused listing costs no
 * download); a save that would store what the listing holds already writes nothing, not even its timestamp.
 * Throws the listing service's errors (InvalidError with the form's field names).
 */
export async function saveListingByReference<Source>(
  deps: ListingServiceDeps,
  user: SessionUser,
  owner: ReferenceOwner,
  reference: string,
  { input, photos, floorPlans, imageOf }: SaveByReference<Source>,
  now = Date.now(),
): Promise<ReferenceOutcome> {
  const withImages = (photoIds: string[], planIds: string[]) => ({
    ...input,
    imageIds: photoIds,
    imageCaptions: photos.map((photo) => photo.caption),
    floorPlanIds: planIds,
    floorPlanCaptions: floorPlans.map((plan) => plan.caption),
  });
  const dry = validateListingForm(
    withImages(
      photos.map(() => randomUUID()),
      floorPlans.map(() => randomUUID()),
    ),
    deps.config.listingPhotosMax,
    deps.config.listingRules,
  );
  if (!dry.success) throw new InvalidError(dry.errors);

  const existingId = (await findListingIdByReference(deps.db, owner, reference)) ?? null;
  const publishAs = "agencyId" in owner ? { publishAs: owner.agencyId } : {};
  const idsOf = async (list: ReferencedPhoto<Source>[], offset: number) => {
    const ids: string[] = [];
    for (const [at, photo] of list.entries()) {
      ids.push(await imageOf(photo.source, { listingId: existingId, position: offset + at }));
    }
    return ids;
  };
  const form = withImages(await idsOf(photos, 0), await idsOf(floorPlans, photos.length));
  if (existingId) {
    if (await saveChangesNothing(deps, user, existingId, form, publishAs)) {
      const listing = await findListingById(deps.db, existingId);
      return { id: existingId, type: listing?.type ?? "rent", result: "unchanged" };
    }
    const saved = await updateListing(deps, user, existingId, form, now, publishAs);
    return { ...saved, result: "updated" };
  }
  const saved = await createListing(deps, user, form, now, publishAs, reference);
  return { ...saved, result: "created" };
}

/**
 * Withdraws (deletes, with its photos) `owner`'s listing with the reference `reference`, as `user`; returns
 * its id, or undefined when no listing has that reference.
 */
export async function withdrawListingByReference(
  deps: Pick<ListingServiceDeps, "db" | "storage">,
  user: SessionUser,
  owner: ReferenceOwner,
  reference: string,
) {
  const id = await findListingIdByReference(deps.db, owner, reference);
  if (id) await deleteListing(deps, user, id);
  return id;
}
