import { createHmac } from "node:crypto";
import { AREA_RADIUS_M, type LatLng, offsetBy, shownAddress } from "./listing.address.ts";
import type { Listing } from "./listing.model.ts";

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
 * A listing as a visitor's browser may receive it: with "Show exact address" off, the address without the
 * house number and the circle's centre instead of the pin. The exact position never leaves the server.
 */
export function publicListing<T extends Pick<Listing, "id" | "location" | "exactAddress" | "geolocation">>(
  listing: T,
  secret: string,
): T {
  if (listing.exactAddress) return listing;
  return {
    ...listing,
    location: shownAddress(listing),
    geolocation: approximateCentre(listing.id, listing.geolocation, secret),
  };
}

type MapPointLike = {
  lat: number;
  lng: number;
  count: number;
  bounds: { west: number; south: number; east: number; north: number };
  listing: Pick<Listing, "id" | "exactAddress"> | null;
};

/**
 * A search map's point as a visitor's browser may receive it: a single listing without its exact address is
 * drawn at its circle's centre, never at the home (clusters are means of several homes, left as they are).
 */
export function publicMapPoint<P extends MapPointLike>(point: P, secret: string): P {
  if (point.count !== 1 || !point.listing || point.listing.exactAddress) return point;
  const centre = approximateCentre(point.listing.id, point, secret);
  return {
    ...point,
    ...centre,
    bounds: { west: centre.lng, south: centre.lat, east: centre.lng, north: centre.lat },
  };
}
