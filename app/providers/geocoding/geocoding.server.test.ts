import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type GeocoderPeer,
  googleResult,
  nominatimResult,
  startGeocoderServer,
} from "#tests/support/geocoder-server.ts";
import { createGeocoder } from "./geocoding.server.ts";

describe("createGeocoder", () => {
  let peer: GeocoderPeer;
  beforeAll(async () => {
    peer = await startGeocoderServer();
    peer.setResponse("google", googleResult({ lat: 1, lng: 2, formattedAddress: "from google" }));
    peer.setResponse("nominatim", nominatimResult({ lat: "3", lon: "4", displayName: "from nominatim" }));
  });
  afterAll(() => peer.stop());

  it("picks the provider named by GEOCODER", async () => {
    const google = createGeocoder({ kind: "google", url: peer.url, googleApiKey: "k" });
    expect((await google.geocode("x"))?.formattedAddress).toBe("from google");
    const nominatim = createGeocoder({ kind: "nominatim", url: peer.url, googleApiKey: undefined });
    expect((await nominatim.geocode("x"))?.formattedAddress).toBe("from nominatim");
    const offline = createGeocoder({ kind: "offline", url: undefined, googleApiKey: undefined });
    expect((await offline.geocode("Lyon"))?.formattedAddress).toBe("Lyon, France");
  });

  it("refuses google without a key", () => {
    expect(() => createGeocoder({ kind: "google", url: undefined, googleApiKey: undefined })).toThrow(
      /GOOGLE_GEOCODING_API_KEY/,
    );
  });
});
