import type { Listing } from "#app/modules/listing/listing.model.ts";

// The lister's own reference of a listing (RESO's ListingId, the listing's `reference` column): what a feed
// matches a listing by. A listing without one (made on the site's form) goes by the site's id.

/** The lister's reference of `listing`: `references` holds the set ones by listing id. */
export function listingReference(
  listing: Pick<Listing, "id">,
  references: ReadonlyMap<string, string>,
): string {
  return references.get(listing.id) ?? listing.id;
}
