import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { NotFoundError } from "#app/http/errors.ts";
import { isListed, type Listing } from "#app/modules/listing/listing.model.ts";
import { findListingById, isListingVisible } from "#app/modules/listing/listing.repo.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { searchListings } from "#app/modules/search/search.repo.server.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
import { findOpenHousesOfListings } from "#app/modules/viewing/viewing.repo.server.ts";
import { toApiListing, toApiOpenHouse } from "./api.schema.ts";

// The API's public reads (decision 065): the search's own parameters, planner and keyset pages (the listings
// every public list shows), and one listing as its page shows it to a visitor (a hidden address stays hidden:
// the listing as read holds only the street and a point near the home).

type ReadConfig = Pick<Config, "publicUrl" | "areaUnit"> & { images: Pick<Config["images"], "baseUrl"> };

/** The most listings one page may hold (`limit`), and how many it holds without one. */
export const API_PAGE_MAX = 50;
export const API_PAGE_DEFAULT = 20;

function urls(config: ReadConfig) {
  return { imageBase: config.images.baseUrl || config.publicUrl, publicUrl: config.publicUrl };
}

/** A page of listings matching the search parameters of `searchParams`, after its `cursor`. */
export async function readListingsPage(db: Db, config: ReadConfig, searchParams: URLSearchParams) {
  const params = parseSearchParams(searchParams, config.areaUnit);
  const asked = Number(searchParams.get("limit"));
  const limit = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, API_PAGE_MAX) : API_PAGE_DEFAULT;
  const page = await searchListings(db, params, params.sort, searchParams.get("cursor"), limit);
  return {
    value: page.listings.map((listing) => toApiListing(listing, urls(config))),
    next: page.nextCursor,
  };
}

/** One listing whose page the public may see, as a visitor reads it; NotFoundError otherwise. */
export async function readListing(db: Db, config: ReadConfig, id: string) {
  const listing = await findListingById(db, id);
  if (!listing || !(await isListingVisible(db, id))) throw new NotFoundError(LISTING_MESSAGES.notFound);
  return toApiListing(listing, urls(config));
}

/**
 * The open houses still to end of one listing whose page the public may see (NotFoundError otherwise), soonest
 * first; none while it is let, sold or expired (it takes no viewings).
 */
export async function readOpenHouses(db: Db, config: ReadConfig, id: string, now = Date.now()) {
  const listing = await findListingById(db, id);
  if (!listing || !(await isListingVisible(db, id))) throw new NotFoundError(LISTING_MESSAGES.notFound);
  if (!isListed(listing)) return { value: [] };
  const url = `${config.publicUrl}${listingPath(listing)}`;
  const times = await findOpenHousesOfListings(db, [listing.id], now);
  return { value: times.map((time) => toApiOpenHouse(time, url)) };
}

/** A listing for its own lister's key: as the API shows it, with their reference. */
export function ownListing(listing: Listing, reference: string, config: ReadConfig) {
  return { ...toApiListing(listing, urls(config)), ListingId: reference };
}
