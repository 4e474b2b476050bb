import type { Config } from "#app/config.server.ts";
import { createGoogleGeocoder } from "./geocoding.google.server.ts";
import { createNominatimGeocoder } from "./geocoding.nominatim.server.ts";
import { createOfflineGeocoder } from "./geocoding.offline.server.ts";

// Defined apart so the providers can throw it without importing this module (which imports them).
export { GeocoderUnavailableError } from "./geocoding.error.ts";

/**
 * How closely a result places the home: the building ("address"), the street ("street"), or only a town or
 * an area ("city", all the offline gazetteer knows). The form asks the lister to drag the pin unless it is
 * at least the street.
 */
export const GEOCODE_PRECISIONS = ["address", "street", "city"] as const;
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number];

export type GeocodeResult = {
  lat: number;
  lng: number;
  formattedAddress: string;
  precision: GeocodePrecision;
};

/** Turns a typed address into coordinates; the browser never talks to a geocoding service itself. */
export interface Geocoder {
  /** The best match, or null when there is none (the form then says "Please enter a correct address"). */
  geocode(address: string): Promise<GeocodeResult | null>;
  /** Releases what it holds (the offline gazetteer's worker thread); optional, called at shutdown. */
  stop?(): Promise<void>;
}

/** The geocoder chosen by configuration: offline (default), nominatim or google. */
export function createGeocoder(
  config: Config["geocoder"],
  { maxWaiting }: { maxWaiting?: number } = {},
): Geocoder {
  switch (config.kind) {
    case "offline":
      return createOfflineGeocoder();
    case "nominatim":
      return createNominatimGeocoder({ url: config.url, maxWaiting });
    case "google":
      if (!config.googleApiKey) throw new Error("GEOCODER=google needs GOOGLE_GEOCODING_API_KEY");
      return createGoogleGeocoder({ apiKey: config.googleApiKey, url: config.url });
  }
}
