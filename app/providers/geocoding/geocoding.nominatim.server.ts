import { z } from "zod";
import { coordinateOrZero } from "./geocoding.coordinate.ts";
import { GeocoderBusyError, GeocoderUnavailableError } from "./geocoding.error.ts";
import { fetchGeocoderJson } from "./geocoding.http.server.ts";
import type { GeocodePrecision, Geocoder } from "./geocoding.server.ts";

const PUBLIC_NOMINATIM_URL = "https://nominatim.openstreetmap.org";
// The public instance's usage policy: identify the application, at most one request per second.
const USER_AGENT = "Homestead/1.0 (open-source property marketplace)";
const PUBLIC_MIN_INTERVAL_MS = 1_000;

// jsonv2 search results: lat and lon are strings; `category` is what format=json calls `class`.
const NominatimResponseSchema = z.array(
  z.object({
    lat: z.string().optional(),
    lon: z.string().optional(),
    display_name: z.string().optional(),
    category: z.string().optional(),
    type: z.string().optional(),
    addresstype: z.string().optional(),
    place_rank: z.number().optional(),
  }),
);

/**
 * OpenStreetMap's Nominatim search. `url` points at a self-hosted instance; on the public one, requests
 * from this process are spaced at least a second apart (`minIntervalMs` overrides). At most `maxWaiting`
 * requests wait for their slot (LIMIT_GEOCODER_QUEUE); one more throws GeocoderBusyError at once, so a burst
 * of saves cannot queue minutes of work.
 */
export function createNominatimGeocoder(
  options: { url?: string; minIntervalMs?: number; timeoutMs?: number; maxWaiting?: number } = {},
): Geocoder {
  const base = options.url ?? PUBLIC_NOMINATIM_URL;
  const endpoint = new URL(`${base.replace(/\/+$/, "")}/search`);
  const minIntervalMs = options.minIntervalMs ?? (options.url ? 0 : PUBLIC_MIN_INTERVAL_MS);
  const maxWaiting = options.maxWaiting ?? Number.POSITIVE_INFINITY;
  let nextSlot = 0;
  let waiting = 0;

  /** Resolves when this request may go out; slots are handed out in call order. */
  async function waitForSlot(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    if (slot <= now) {
      nextSlot = slot + minIntervalMs;
      return;
    }
    if (waiting >= maxWaiting) throw new GeocoderBusyError(Math.ceil((slot - now) / 1000));
    nextSlot = slot + minIntervalMs;
    waiting++;
    try {
      await new Promise((resolve) => setTimeout(resolve, slot - now));
    } finally {
      waiting--;
    }
  }

  return {
    async geocode(address) {
      const query = address.trim();
      if (!query) return null;
      const url = new URL(endpoint);
      url.searchParams.set("q", query);
      url.searchParams.set("format", "jsonv2");
      url.searchParams.set("limit", "1");
      await waitForSlot();
      const body = await fetchGeocoderJson("nominatim geocoder", url, {
        headers: { "User-Agent": USER_AGENT, "Accept-Language": "en" },
        timeoutMs: options.timeoutMs,
      });
      const parsed = NominatimResponseSchema.safeParse(body);
      // Nominatim reports its own failures as an object ({ error: ... }), not as an array.
      if (!parsed.success)
        throw new GeocoderUnavailableError("nominatim geocoder: unexpected response shape");
      const first = parsed.data[0];
      if (!first?.display_name) return null;
      return {
        lat: coordinateOrZero(first.lat),
        lng: coordinateOrZero(first.lon),
        formattedAddress: first.display_name,
        precision: nominatimPrecision(first),
      };
    },
  };
}

const NOMINATIM_ADDRESS_TYPES = new Set(["house", "building", "house_number"]);
const NOMINATIM_STREET_TYPES = new Set(["road", "street", "pedestrian", "residential"]);

/**
 * Nominatim's precision: its place rank when given (30 a building or house number, 26-27 a street), else the
 * address type (house, road ...) or the class (building, highway).
 */
export function nominatimPrecision(result: {
  category?: string;
  type?: string;
  addresstype?: string;
  place_rank?: number;
}): GeocodePrecision {
  const rank = result.place_rank;
  if (rank !== undefined) return rank >= 28 ? "address" : rank >= 26 ? "street" : "city";
  const kinds = [result.addresstype, result.type];
  if (result.category === "building" || kinds.some((kind) => kind && NOMINATIM_ADDRESS_TYPES.has(kind)))
    return "address";
  if (result.category === "highway" || kinds.some((kind) => kind && NOMINATIM_STREET_TYPES.has(kind)))
    return "street";
  return "city";
}
