import { describe, expect, it } from "vitest";
import { approximateCentre, publicListing, publicMapPoint } from "./listing.address.server.ts";
import { distanceKm } from "./listing.address.ts";

const home = { lat: 52.4867, lng: 13.4389 };

describe("approximateCentre", () => {
  it("is 50 to 150 m from the home, the same each time, and differs per listing and per site", () => {
    const centres = ["a", "b", "c", "d", "e", "f"].map((id) => approximateCentre(id, home, "secret"));
    for (const centre of centres) {
      const metres = distanceKm(home, centre) * 1000;
      expect(metres).toBeGreaterThanOrEqual(49);
      expect(metres).toBeLessThanOrEqual(151);
    }
    expect(approximateCentre("a", home, "secret")).toEqual(centres[0]);
    expect(new Set(centres.map((centre) => `${centre.lat},${centre.lng}`)).size).toBe(centres.length);
    expect(approximateCentre("a", home, "another site")).not.toEqual(centres[0]);
  });
});

describe("publicListing", () => {
  const listing = { id: "l1", location: "Weserstraße 10, Berlin, Germany", geolocation: home };

  it("hides the house number and the position when the exact address is off", () => {
    const shown = publicListing({ ...listing, exactAddress: false }, "secret");
    expect(shown.location).toBe("Weserstraße, Berlin, Germany");
    expect(shown.geolocation).toEqual(approximateCentre("l1", home, "secret"));
    expect(shown.geolocation).not.toEqual(home);
  });

  it("leaves a listing with its exact address as it is", () => {
    const exact = { ...listing, exactAddress: true };
    expect(publicListing(exact, "secret")).toBe(exact);
  });
});

describe("publicMapPoint", () => {
  const bounds = { west: home.lng, south: home.lat, east: home.lng, north: home.lat };

  it("draws a single listing without its exact address at its circle's centre", () => {
    const point = { ...home, count: 1, bounds, listing: { id: "l1", exactAddress: false } };
    const shown = publicMapPoint(point, "secret");
    const centre = approximateCentre("l1", home, "secret");
    expect({ lat: shown.lat, lng: shown.lng }).toEqual(centre);
    expect(shown.bounds).toEqual({
      west: centre.lng,
      south: centre.lat,
      east: centre.lng,
      north: centre.lat,
    });
  });

  it("leaves exact listings and clusters where they are", () => {
    const exact = { ...home, count: 1, bounds, listing: { id: "l1", exactAddress: true } };
    expect(publicMapPoint(exact, "secret")).toBe(exact);
    const cluster = { ...home, count: 3, bounds, listing: null };
    expect(publicMapPoint(cluster, "secret")).toBe(cluster);
  });
});
