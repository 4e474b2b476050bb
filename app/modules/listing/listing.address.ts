import { msg } from "#app/modules/i18n/i18n.ts";

// Where a listing is, and how much of it visitors see (safe for the browser). The lister places the pin; the
// server keeps it within PIN_MAX_KM of the address. Without "Show exact address" visitors read the street
// without its house number and see a circle of AREA_RADIUS_M around a point near, not at, the home
// (listing.address.server.ts picks that point).

/** How far the pin may be from the geocoded address: a Berlin address cannot be pinned in Tokyo. */
export const PIN_MAX_KM = 50;

/** The radius of the circle a listing without its exact address shows, in metres. */
export const AREA_RADIUS_M = 300;

/** The words the form and the service say about the pin (`tooFar` names PIN_MAX_KM). */
export const PIN_MESSAGES = {
  tooFar: msg("Put the pin within 50 km of the address"),
  invalid: msg("The pin's position is not valid"),
  street: msg("We found the street"),
  city: msg("We found only the city: drag the pin to the home"),
} as const;

export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371;

/** The great-circle distance between two positions, in kilometres. */
export function distanceKm(a: LatLng, b: LatLng) {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `from` moved `metres` towards `bearing` (radians, clockwise from north); fine at the scale of a street. */
export function offsetBy(from: LatLng, metres: number, bearing: number): LatLng {
  const dLat = (metres * Math.cos(bearing)) / 111_320;
  const dLng =
    (metres * Math.sin(bearing)) / (111_320 * Math.max(0.01, Math.cos((from.lat * Math.PI) / 180)));
  return { lat: from.lat + dLat, lng: from.lng + dLng };
}

// A house number: "10", "10a", "10-12", "10/2", "10 bis"; a unit before the street: "Flat 3", "Apt. 4B", "#5".
const NUMBER = String.raw`\d+[a-z]?(?:\s?[-/]\s?\d+[a-z]?)?(?:\s(?:bis|ter))?`;
const ONLY_NUMBER = new RegExp(`^(?:no\\.?\\s?|nr\\.?\\s?)?${NUMBER}$`, "i");
const UNIT = /^(?:flat|apt\.?|apartment|unit|suite|ste\.?|#|no\.?|nr\.?)\s?\S+$/i;
const LEADING_NUMBER = new RegExp(`^(?:no\\.?\\s?|nr\\.?\\s?)?${NUMBER}\\b[,\\s]*`, "i");
const TRAILING_NUMBER = new RegExp(`[,\\s]+(?:no\\.?\\s?|nr\\.?\\s?)?${NUMBER}$`, "i");

/**
 * The address without what finds the door: parts that are only a house number or a unit are dropped, and the
 * number before or after the street's name ("12 Rue de Rivoli, Paris" and "Weserstraße 10, Berlin" become
 * "Rue de Rivoli, Paris" and "Weserstraße, Berlin"). Postcodes and towns after the street stay.
 */
export function streetWithoutNumber(address: string) {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  while (parts.length > 1 && (ONLY_NUMBER.test(parts[0]!) || UNIT.test(parts[0]!))) parts.shift();
  const street = parts[0];
  if (street !== undefined && /\p{L}/u.test(street)) {
    const bare = street.replace(LEADING_NUMBER, "").replace(TRAILING_NUMBER, "").trim();
    if (/\p{L}/u.test(bare)) parts[0] = bare;
  }
  return parts.join(", ");
}
