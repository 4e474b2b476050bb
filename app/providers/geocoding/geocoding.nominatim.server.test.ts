import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type GeocoderPeer, nominatimResult, startGeocoderServer } from "#tests/support/geocoder-server.ts";
import { GeocoderUnavailableError } from "./geocoding.error.ts";
import { createNominatimGeocoder } from "./geocoding.nominatim.server.ts";
import type { Geocoder } from "./geocoding.server.ts";

describe("nominatim geocoder", () => {
  let peer: GeocoderPeer;
  let geocoder: Geocoder;
  beforeAll(async () => {
    peer = await startGeocoderServer();
    geocoder = createNominatimGeocoder({ url: `${peer.url}/`, timeoutMs: 500 });
  });
  beforeEach(() => peer.reset());
  afterAll(() => peer.stop());

  it("searches with jsonv2, one result and an identifying User-Agent", async () => {
    peer.setResponse(
      "nominatim",
      nominatimResult({
        lat: "30.2711286",
        lon: "-97.7436995",
        displayName: "Austin, Travis County, Texas, United States",
      }),
    );
    expect(await geocoder.geocode("Austin, Texas")).toEqual({
      lat: 30.2711286,
      lng: -97.7436995,
      formattedAddress: "Austin, Travis County, Texas, United States",
      precision: "address",
    });
    const [request] = peer.requests;
    expect(request?.path).toBe("/search");
    expect(request?.query.get("q")).toBe("Austin, Texas");
    expect(request?.query.get("format")).toBe("jsonv2");
    expect(request?.query.get("limit")).toBe("1");
    expect(request?.headers["user-agent"]).toMatch(/^Homestead\//);
  });

  it.each([
    { category: "place", type: "house", addresstype: "place", placeRank: 30, precision: "address" },
    { category: "building", type: "yes", addresstype: "building", precision: "address" },
    { category: "highway", type: "residential", addresstype: "road", placeRank: 26, precision: "street" },
    { category: "highway", type: "residential", addresstype: "road", precision: "street" },
    { category: "place", type: "city", addresstype: "city", placeRank: 16, precision: "city" },
    { category: "boundary", type: "administrative", addresstype: "suburb", precision: "city" },
  ])("says how precise a $category/$type ($addresstype) result is: $precision", async (result) => {
    peer.setResponse(
      "nominatim",
      nominatimResult({ lat: "52.5", lon: "13.4", displayName: "Berlin", ...result }),
    );
    expect((await geocoder.geocode("Weserstraße 10, Berlin"))?.precision).toBe(result.precision);
  });

  it("answers null for an empty list or a result without a name", async () => {
    peer.setResponse("nominatim", { body: [] });
    expect(await geocoder.geocode("Nowhere-ville-xyz")).toBeNull();
    peer.setResponse("nominatim", nominatimResult({ lat: "1", lon: "2" }));
    expect(await geocoder.geocode("Somewhere")).toBeNull();
  });

  it("falls back to 0 for missing or malformed coordinates", async () => {
    peer.setResponse("nominatim", nominatimResult({ lat: "not a number", displayName: "Somewhere" }));
    expect(await geocoder.geocode("Somewhere")).toMatchObject({
      lat: 0,
      lng: 0,
      formattedAddress: "Somewhere",
    });
  });

  it("reports HTTP errors and error objects as unavailable", async () => {
    peer.setResponse("nominatim", { status: 429, body: "Too Many Requests" });
    await expect(geocoder.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    peer.setResponse("nominatim", { status: 500, body: { error: "Internal" } });
    await expect(geocoder.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    peer.setResponse("nominatim", { body: { error: { code: 400, message: "Nothing to search for." } } });
    await expect(geocoder.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });

  it("gives up on a server that does not answer in time", async () => {
    peer.setResponse("nominatim", { body: [], delayMs: 2_000 });
    await expect(geocoder.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });

  it("spaces requests out when asked to, as the public instance requires", async () => {
    const polite = createNominatimGeocoder({ url: peer.url, minIntervalMs: 200 });
    const started = performance.now();
    await Promise.all([polite.geocode("a"), polite.geocode("b"), polite.geocode("c")]);
    // Three requests at least 200 ms apart take at least 400 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(peer.requests.map((request) => request.query.get("q"))).toEqual(["a", "b", "c"]);
  });
});
