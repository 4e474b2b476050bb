import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback HTTP server that answers like Google's Geocoding API (GET /maps/api/geocode/json) and
 * Nominatim's search (GET /search), scripted per test. Point GEOCODER_URL (or a provider's `url`) at `url`.
 * Unscripted, Google answers ZERO_RESULTS and Nominatim an empty list; other paths get 404.
 */
export type GeocoderApi = "google" | "nominatim";

export type ScriptedResponse = {
  /** HTTP status; 200 when omitted. */
  status?: number;
  /** Sent as JSON, or as is when a string. */
  body: unknown;
  /** Wait this long before answering (to exercise timeouts). */
  delayMs?: number;
};

export type RecordedRequest = {
  api: GeocoderApi;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
};

export type GeocoderPeer = {
  url: string;
  /** Requests received so far, oldest first. */
  requests: RecordedRequest[];
  /** Answers every following request to `api` with `response`. */
  setResponse(api: GeocoderApi, response: ScriptedResponse): void;
  /** Back to the unscripted answers, and forgets recorded requests. */
  reset(): void;
  stop(): Promise<void>;
};

/** Google's documented shape for one result (https://developers.google.com/maps/documentation/geocoding). */
export function googleResult(result: {
  lat?: number;
  lng?: number;
  formattedAddress?: string;
  locationType?: string;
  types?: string[];
}): ScriptedResponse {
  const location: Record<string, number> = {};
  if (result.lat !== undefined) location.lat = result.lat;
  if (result.lng !== undefined) location.lng = result.lng;
  return {
    body: {
      status: "OK",
      results: [
        {
          ...(result.formattedAddress === undefined ? {} : { formatted_address: result.formattedAddress }),
          geometry: { location, location_type: result.locationType ?? "ROOFTOP" },
          place_id: "ChIJtest",
          types: result.types ?? ["street_address"],
        },
      ],
    },
  };
}

/** A Google answer with no results and the given status: ZERO_RESULTS, REQUEST_DENIED, OVER_QUERY_LIMIT... */
export function googleStatus(status: string, errorMessage?: string): ScriptedResponse {
  return { body: { status, results: [], ...(errorMessage ? { error_message: errorMessage } : {}) } };
}

/** Nominatim's jsonv2 shape for one result: coordinates are strings. */
export function nominatimResult(result: {
  lat?: string;
  lon?: string;
  displayName?: string;
  category?: string;
  type?: string;
  addresstype?: string;
  placeRank?: number;
}): ScriptedResponse {
  return {
    body: [
      {
        place_id: 1,
        osm_type: "way",
        osm_id: 2,
        ...(result.lat === undefined ? {} : { lat: result.lat }),
        ...(result.lon === undefined ? {} : { lon: result.lon }),
        category: result.category ?? "building",
        type: result.type ?? "house",
        ...(result.addresstype === undefined ? {} : { addresstype: result.addresstype }),
        ...(result.placeRank === undefined ? {} : { place_rank: result.placeRank }),
        ...(result.displayName === undefined ? {} : { display_name: result.displayName }),
      },
    ],
  };
}

const PATHS: Record<string, GeocoderApi> = { "/maps/api/geocode/json": "google", "/search": "nominatim" };
const UNSCRIPTED: Record<GeocoderApi, ScriptedResponse> = {
  google: googleStatus("ZERO_RESULTS"),
  nominatim: { body: [] },
};

/** Starts the scripted geocoding server on a free loopback port. */
export async function startGeocoderServer(): Promise<GeocoderPeer> {
  const requests: RecordedRequest[] = [];
  let scripted: Partial<Record<GeocoderApi, ScriptedResponse>> = {};

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const api = PATHS[url.pathname];
    if (!api || req.method !== "GET") {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not found");
      return;
    }
    requests.push({ api, path: url.pathname, query: url.searchParams, headers: req.headers });
    const response = scripted[api] ?? UNSCRIPTED[api];
    const send = () => {
      if (res.destroyed) return;
      const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
      res.writeHead(response.status ?? 200, { "Content-Type": "application/json; charset=UTF-8" });
      res.end(text);
    };
    if (response.delayMs) setTimeout(send, response.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setResponse(api, response) {
      scripted[api] = response;
    },
    reset() {
      scripted = {};
      requests.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
