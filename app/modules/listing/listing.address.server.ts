import { createHmac } from "node:crypto";
import { AREA_RADIUS_M, type LatLng, offsetBy, streetWithoutNumber } from "./listing.address.ts";
import type { ListingPlace } from "./listing.model.ts";

// The circle of a listing without its exact address is drawn around a point near the home, never the home:
// 50 to 150 m away in a direction of its own, the same every time (the circle does not move between visits,
// so averaging visits gives nothing away). Keyed with the site's secret: from the listing's id alone, which
// is public, nobody can work the offset out and step back to the door.

const MIN_OFFSET_M = 50;
const MAX_OFFSET_M = AREA_RADIUS_M / 2;

/** The centre of the circle shown for listing `id` placed at `position`. */
export function approximateCentre(id: string, position: LatLng, secret: string): LatLng {
  const digest = createHmac("sha256", secret).update(`listing-area:${id}`).digest();
  const bearing = (digest.readUInt32BE(0) / 2 ** 32) * 2 * Math.PI;
  const metres = MIN_OFFSET_M + (digest.readUInt32BE(4) / 2 ** 32) * (MAX_OFFSET_M - MIN_OFFSET_M);
  return offsetBy(position, metres, bearing);
}

/**
 * What listing `id` stores for the place its lister gave: with "Show exact address" on, that place is public.
 * Off, the public columns get the street without its house number and the circle's centre, and the exact
 * place is kept apart for its owner: whatever reads the public columns (pages, cards, feeds, mails, the word
 * and map searches, the map's clusters) cannot find the door.
 */
export function storedPlace(
  id: string,
  place: ListingPlace,
  exactAddress: boolean,
  secret: string,
): ListingPlace & { exactPlace: ListingPlace | null } {
  if (exactAddress) return { ...place, exactPlace: null };
  return {
    location: streetWithoutNumber(place.location),
    geolocation: approximateCentre(id, place.geolocation, secret),
    exactPlace: place,
  };
}
