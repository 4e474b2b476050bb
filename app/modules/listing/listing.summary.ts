import type { Listing } from "./listing.types.ts";

/**
 * What a listing card shows: a Listing minus what only the detail page needs, with the cover photo only. Lists
 * send these to the browser (ten per page) so the page data stays small. A full Listing fits this type too.
 */
export type ListingSummary = Pick<
  Listing,
  | "id"
  | "type"
  | "name"
  | "location"
  | "offer"
  | "regularPrice"
  | "discountedPrice"
  | "bedrooms"
  | "bathrooms"
  | "images"
>;

/** The card's share of a listing: its cover photo, not the gallery. */
export function toListingSummary(listing: Listing): ListingSummary {
  return {
    id: listing.id,
    type: listing.type,
    name: listing.name,
    location: listing.location,
    offer: listing.offer,
    regularPrice: listing.regularPrice,
    discountedPrice: listing.discountedPrice,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    images: listing.images.slice(0, 1),
  };
}
