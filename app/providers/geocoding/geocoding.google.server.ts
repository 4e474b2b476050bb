import { z } from "zod";
import { coordinateOrZero } from "./geocoding.coordinate.ts";
import { GeocoderUnavailableError } from "./geocoding.error.ts";
import { fetchGeocoderJson } from "./geocoding.http.server.ts";
import type { GeocodePrecision, Geocoder } from "./geocoding.server.ts";

const GOOGLE_BASE_URL = "https://maps.googleapis.com";

// Only the fields we read, all optional: what is missing is decided below, per SPEC.
const GoogleResponseSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z
    .array(
      z.object({
        formatted_address: z.string().optional(),
        geometry: z
          .object({
            location: z.object({ lat: z.number().optional(), lng: z.number().optional() }).optional(),
            location_type: z.string().optional(),
          })
          .optional(),
        types: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});

/**
 * Google's Geocoding API, called from the server so the key never reaches the browser. `url` replaces
 * https://maps.googleapis.com (tests point it at a loopback server).
 */
export function createGoogleGeocoder(options: {
  apiKey: string;
  url?: string;
  timeoutMs?: number;
}): Geocoder {
  const base = options.url ?? GOOGLE_BASE_URL;
  const endpoint = new URL(`${base.replace(/\/+$/, "")}/maps/api/geocode/json`);
  return {
    async geocode(address) {
      const query = address.trim();
      if (!query) return null;
      const url = new URL(endpoint);
      url.searchParams.set("address", query);
      url.searchParams.set("key", options.apiKey);
      const parsed = GoogleResponseSchema.safeParse(
        await fetchGeocoderJson("google geocoder", url, { timeoutMs: options.timeoutMs }),
      );
      if (!parsed.success) throw new GeocoderUnavailableError("google geocoder: unexpected response shape");
      const { status, error_message: detail, results } = parsed.data;
      if (status === "ZERO_RESULTS") return null;
      // REQUEST_DENIED, OVER_QUERY_LIMIT, INVALID_REQUEST, UNKNOWN_ERROR: the service, not the address.
      if (status !== "OK") {
        throw new GeocoderUnavailableError(`google geocoder: ${status}${detail ? ` (${detail})` : ""}`);
      }
      const first = results?.[0];
      if (!first?.formatted_address) return null;
      const location = first.geometry?.location;
      return {
        lat: coordinateOrZero(location?.lat),
        lng: coordinateOrZero(location?.lng),
        formattedAddress: first.formatted_address,
        precision: googlePrecision(first.geometry?.location_type, first.types ?? []),
      };
    },
  };
}

// A building (or a house number placed along its street) is the address; a street's middle is the street.
const GOOGLE_ADDRESS_TYPES = new Set(["street_address", "premise", "subpremise"]);

/** Google's precision: `location_type` ROOFTOP or RANGE_INTERPOLATED, or the result's `types`. */
export function googlePrecision(locationType: string | undefined, types: string[]): GeocodePrecision {
  if (locationType === "ROOFTOP" || locationType === "RANGE_INTERPOLATED") return "address";
  if (types.some((type) => GOOGLE_ADDRESS_TYPES.has(type))) return "address";
  if (types.includes("route") || types.includes("intersection")) return "street";
  return "city";
}
