import { isThrownResponse } from "#app/http/thrown-response.ts";
import type { ListingFormFields } from "./listing.fields.ts";

// A listing as the app reads and writes it (SPEC.md section 3), safe for the browser. The repo is the only
// place that turns rows into these shapes and back: booleans, epoch-millisecond timestamps, coordinates and
// the rule that a discounted price exists only with an offer (listing.repo.server.ts).

export const LISTING_TYPES = ["rent", "sale"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** What kind of home it is; a room is only let, land only sold (listing.schema.ts). */
export const PROPERTY_TYPES = ["flat", "house", "townhouse", "studio", "room", "land"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const CONDITIONS = ["newBuild", "good", "needsRenovation"] as const;
export const PETS = ["allowed", "notAllowed", "byArrangement"] as const;
/** How furnished: "furnished" in a search means partly or fully. */
export const FURNISHING = ["unfurnished", "partly", "furnished"] as const;
export type Furnishing = (typeof FURNISHING)[number];

/** A listing is available until its owner marks it let (rent) or sold (sale). */
export const LISTING_STATUSES = ["available", "let", "sold"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * A photo (or floor plan) of a listing as stored: its key, upright size and the lister's caption (null for
 * none). Pages build its URLs from these (image.rules.ts: `imageSources` for an <img>, `largestImageUrl` for
 * previews).
 */
export type ListingImage = {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  caption: string | null;
};

/**
 * The read shape: the fields the form asks for, as listing.fields.ts declares them (type, name, rooms,
 * parking, furnished, location, offer, prices), with its photos, cover first (SPEC.md's imageUrls, as stored
 * photos rather than bare URLs, so a page can offer every width). `discountedPrice` is null without an offer.
 */
export type Listing = ListingFormFields & {
  id: string;
  images: ListingImage[];
  /** Its floor plans, in the lister's order: never the cover, not counted among the photos. */
  floorPlans: ListingImage[];
  geolocation: { lat: number; lng: number };
  /** When it was last saved (epoch ms); lists are newest first. */
  timestamp: number;
  userRef: string;
  /** The agency it is published as (userRef is then its listing agent); null for a private lister's. */
  agencyId: string | null;
  /** Who lists it, for the "Listed by" line (see ListingPublisher). */
  publisher?: ListingPublisher;
  status: ListingStatus;
  /** Hidden because its owner did not confirm it was still available (freshness); renewed from Profile. */
  expired: boolean;
  /** When it was first published, and when it last changed (a save, a status, a renewal); epoch ms. */
  publishedAt: number;
  changedAt: number;
};

/**
 * Who lists a home, as its card and page say it: the listing agent's name and the agency it is published as
 * (its name, page and logo), or no agency for a private landlord or seller. Read with the listing's photos, one
 * query per page of listings (withImages); absent where a listing was read without it (the alert sweep).
 */
export type ListingPublisher = {
  agentName: string;
  agency: {
    name: string;
    slug: string;
    logo: Pick<ListingImage, "storageKey" | "width" | "height"> | null;
  } | null;
};

/** Where a listing is: its address and its position. */
export type ListingPlace = { location: string; geolocation: { lat: number; lng: number } };

/** A listing as its owner edits it: with its exact address and pin when visitors see only the area. */
export type EditableListing = Listing & { exactPlace: ListingPlace | null };

/**
 * The write shape: what a save stores. Photos are attached apart (they are uploaded first); a discounted price
 * given without an offer is not stored (SPEC.md section 7).
 */
export type ListingWrite = Omit<
  Listing,
  | "id"
  | "agencyId"
  | "publisher"
  | "images"
  | "floorPlans"
  | "discountedPrice"
  | "status"
  | "expired"
  | "publishedAt"
  | "changedAt"
  | "exactAddress"
> & {
  discountedPrice?: number | null;
  /** The exact address is shown unless the lister turned it off. */
  exactAddress?: boolean;
  /**
   * With the exact address off, the owner's exact address and pin (`location` and `geolocation` are then what
   * visitors see); null or absent otherwise.
   */
  exactPlace?: ListingPlace | null;
  /** The lister's own reference (RESO ListingId; the API and imports set it); absent: left as it is. */
  reference?: string | null;
};

/** What the listing tells about the home beyond its name, rooms and price (areas stored in m²). */
export const DETAIL_FIELDS = [
  "description",
  "propertyType",
  "livingArea",
  "plotArea",
  "rooms",
  "yearBuilt",
  "condition",
  "floor",
  "floorsTotal",
  "lift",
  "stepFree",
  "pets",
  "availableFrom",
  "leaseMonths",
  "deposit",
  "monthlyCharges",
  "heatingIncluded",
  "serviceCharge",
  "tourUrl",
  "energyCertificate",
  "energyRating",
  "energyUse",
  "energyValidUntil",
  "energyCertificateType",
  "energySource",
  "ghgRating",
  "energyCostMin",
  "energyCostMax",
  "tenure",
  "councilTaxBand",
] as const satisfies readonly (keyof Listing)[];

/** The details a card shows: the living area, and from it the price per area ("72 m² · €18/m²"). */
const CARD_DETAILS = ["livingArea"] as const;

/** What only a listing's own page shows of it (its description, the home's details and costs), not a card. */
export const PAGE_ONLY_FIELDS = [
  "parking",
  "furnished",
  "geolocation",
  "timestamp",
  "userRef",
  "publishedAt",
  "changedAt",
  "floorPlans",
  ...(DETAIL_FIELDS.filter(
    (field): field is Exclude<(typeof DETAIL_FIELDS)[number], (typeof CARD_DETAILS)[number]> =>
      !(CARD_DETAILS as readonly string[]).includes(field),
  ) as readonly Exclude<(typeof DETAIL_FIELDS)[number], (typeof CARD_DETAILS)[number]>[]),
] as const satisfies readonly (keyof Listing)[];

/**
 * What a listing card shows: the read shape without what only the detail page needs, and the cover photo
 * alone. Lists send these to the browser (ten per page) so the page data stays small.
 */
export type ListingSummary = Omit<Listing, (typeof PAGE_ONLY_FIELDS)[number]>;

/** The card's share of a listing: its cover photo, not the gallery. */
export function toListingSummary(listing: Listing): ListingSummary {
  const card: Record<string, unknown> = { ...listing, images: listing.images.slice(0, 1) };
  for (const field of PAGE_ONLY_FIELDS) delete card[field];
  return card as ListingSummary;
}

/** Whether anyone can still take the home: available and not hidden as expired. */
export function isListed(listing: Pick<Listing, "status" | "expired">) {
  return listing.status === "available" && !listing.expired;
}

/**
 * The badge of a listing that is not listed: "Let", "Sold", "Expired"; null for a listed one. Here rather than
 * in listing.status.ts, so a card (on every list page) loads no more than this.
 */
export function statusBadge(listing: Pick<Listing, "status" | "expired">) {
  if (listing.status === "let") return "Let";
  if (listing.status === "sold") return "Sold";
  return listing.expired ? "Expired" : null;
}

/**
 * One page of a category or of the offers as its loader returns it: the cards, the opaque cursor of the next
 * page (null when there is none), and whether fetching failed ("Could not fetch listings").
 */
export type ListingsPage = {
  listings: ListingSummary[];
  nextCursor: string | null;
  failed: boolean;
  /** Of these listings, those the signed-in viewer saved (their hearts are pressed); none for visitors. */
  savedIds?: string[];
};

/** What a list shows when its page could not be fetched: nothing, no Load More, and the error flag. */
export const FAILED_PAGE: ListingsPage = { listings: [], nextCursor: null, failed: true };

/**
 * Runs a list route's server loader from the browser (navigations and Load More) and turns a network failure
 * or a server error (5xx, from the app or a proxy in front) into the failed page, so the list keeps its cards
 * and shows the spec's toast instead of the error page. Responses the server chose to throw below 500 (404
 * for an unknown category) still reach the error boundary.
 */
export async function orFailedPage<T extends ListingsPage>(
  serverLoader: () => Promise<T>,
  fallback: Omit<T, keyof ListingsPage>,
): Promise<T> {
  try {
    return await serverLoader();
  } catch (error) {
    if (isThrownResponse(error) && (error as { status: number }).status < 500) throw error;
    return { ...fallback, ...FAILED_PAGE } as T;
  }
}
