import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type GeocoderPeer,
  googleResult,
  googleStatus,
  startGeocoderServer,
} from "#tests/support/geocoder-server.ts";
import { GeocoderUnavailableError } from "./geocoding.error.ts";
import { createGoogleGeocoder } from "./geocoding.google.server.ts";
import type { Geocoder } from "./geocoding.server.ts";

describe("google geocoder", () => {
  let peer: GeocoderPeer;
  let geocoder: Geocoder;
  beforeAll(async () => {
    peer = await startGeocoderServer();
    geocoder = createGoogleGeocoder({ apiKey: "test-key", url: peer.url, timeoutMs: 500 });
  });
  beforeEach(() => peer.reset());
  afterAll(() => peer.stop());

  it("sends the address and the key, and reads the first result", async () => {
    peer.setResponse(
      "google",
      googleResult({ lat: 48.8606, lng: 2.3376, formattedAddress: "12 Rue de Rivoli, 75004 Paris, France" }),
    );
    expect(await geocoder.geocode(" 12 Rue de Rivoli, Paris ")).toEqual({
      lat: 48.8606,
      lng: 2.3376,
      formattedAddress: "12 Rue de Rivoli, 75004 Paris, France",
      precision: "address",
    });
    const [request] = peer.requests;
    expect(request?.path).toBe("/maps/api/geocode/json");
    expect(request?.query.get("address")).toBe("12 Rue de Rivoli, Paris");
    expect(request?.query.get("key")).toBe("test-key");
  });

  it.each([
    { locationType: "ROOFTOP", types: ["premise"], precision: "address" },
    { locationType: "RANGE_INTERPOLATED", types: ["street_address"], precision: "address" },
    { locationType: "GEOMETRIC_CENTER", types: ["street_address"], precision: "address" },
    { locationType: "GEOMETRIC_CENTER", types: ["route"], precision: "street" },
    { locationType: "APPROXIMATE", types: ["locality", "political"], precision: "city" },
    { locationType: "APPROXIMATE", types: ["postal_code"], precision: "city" },
  ])("says how precise a $locationType $types result is: $precision", async (result) => {
    peer.setResponse("google", googleResult({ lat: 52.5, lng: 13.4, formattedAddress: "Berlin", ...result }));
    expect((await geocoder.geocode("Weserstraße 10, Berlin"))?.precision).toBe(result.precision);
  });

  it("answers null for ZERO_RESULTS", async () => {
    peer.setResponse("google", googleStatus("ZERO_RESULTS"));
    expect(await geocoder.geocode("Nowhere-ville-xyz")).toBeNull();
  });

  it("falls back to 0 for a missing latitude or longitude (SPEC)", async () => {
    peer.setResponse("google", googleResult({ lng: 2.35, formattedAddress: "Paris, France" }));
    expect(await geocoder.geocode("Paris")).toMatchObject({
      lat: 0,
      lng: 2.35,
      formattedAddress: "Paris, France",
    });
    peer.setResponse("google", { body: { status: "OK", results: [{ formatted_address: "Somewhere" }] } });
    expect(await geocoder.geocode("Somewhere")).toEqual({
      lat: 0,
      lng: 0,
      formattedAddress: "Somewhere",
      precision: "city",
    });
  });

  it("answers null without a formatted address (SPEC)", async () => {
    peer.setResponse("google", googleResult({ lat: 1, lng: 2 }));
    expect(await geocoder.geocode("Paris")).toBeNull();
    peer.setResponse("google", { body: { status: "OK", results: [] } });
    expect(await geocoder.geocode("Paris")).toBeNull();
  });

  it.each(["REQUEST_DENIED", "OVER_QUERY_LIMIT", "INVALID_REQUEST", "UNKNOWN_ERROR"])(
    "reports %s as unavailable, without leaking the key",
    async (status) => {
      peer.setResponse("google", googleStatus(status, "The provided API key is invalid."));
      const error = await geocoder.geocode("Paris").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GeocoderUnavailableError);
      expect((error as Error).message).toContain(status);
      expect((error as Error).message).not.toContain("test-key");
    },
  );

  it("reports HTTP errors, bodies that are not JSON and unexpected shapes as unavailable", async () => {
    peer.setResponse("google", { status: 500, body: "Internal Server Error" });
    await expect(geocoder.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    peer.setResponse("google", { body: "<html>not json</html>" });
    await expect(geocoder.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    peer.setResponse("google", { body: { results: "nope" } });
    await expect(geocoder.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });

  it("gives up on a server that does not answer in time", async () => {
    peer.setResponse("google", {
      ...googleResult({ lat: 1, lng: 2, formattedAddress: "x" }),
      delayMs: 2_000,
    });
    await expect(geocoder.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });

  it("reports an unreachable server as unavailable", async () => {
    const closed = await startGeocoderServer();
    await closed.stop();
    const offline = createGoogleGeocoder({ apiKey: "k", url: closed.url });
    await expect(offline.geocode("Paris")).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });

  it("does not call the service for an empty address", async () => {
    expect(await geocoder.geocode("   ")).toBeNull();
    expect(peer.requests).toHaveLength(0);
  });
});
