import type { ImageSources } from "#app/modules/image/image.rules.ts";

export const LISTING_TYPES = ["rent", "sale"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** A photo of a listing as pages show it. */
export type ListingImage = ImageSources & { id: string };

/** A listing as SPEC.md section 3 describes it (the id kept apart from the data), ready for a page. */
export type Listing = {
  id: string;
  type: ListingType;
  name: string;
  bedrooms: number;
  bathrooms: number;
  parking: boolean;
  furnished: boolean;
  location: string;
  offer: boolean;
  regularPrice: number;
  discountedPrice: number | null;
  imageUrls: string[];
  images: ListingImage[];
  geolocation: { lat: number; lng: number };
  timestamp: number;
  userRef: string;
};

/** One page of a list and the opaque cursor of the next page (null when there is none). */
export type ListingPage = { listings: Listing[]; nextCursor: string | null };
