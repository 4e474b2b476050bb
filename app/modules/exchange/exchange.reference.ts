import type { Listing } from "#app/modules/listing/listing.model.ts";

// The lister's own reference of a listing (RESO's ListingId): what a feed matches a listing by. Until the
// listing has a column for the lister's reference, it is the listing's id; this is the one place that says so.

/** The lister's reference of `listing`. */
export function listingReference(listing: Pick<Listing, "id">): string {
  return listing.id;
}
