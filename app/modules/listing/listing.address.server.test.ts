import { describe, expect, it } from "vitest";
import { approximateCentre, storedPlace } from "./listing.address.server.ts";
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

describe("storedPlace", () => {
  const place = { location: "Weserstraße 10, Berlin, Germany", geolocation: home };

  it("keeps the street and the circle's centre public and the exact place apart when the address is hidden", () => {
    const stored = storedPlace("l1", place, false, "secret");
    expect(stored.location).toBe("Weserstraße, Berlin, Germany");
    expect(stored.geolocation).toEqual(approximateCentre("l1", home, "secret"));
    expect(stored.geolocation).not.toEqual(home);
    expect(stored.exactPlace).toEqual(place);
  });

  it("makes the exact place public, with no copy apart, when the address is shown", () => {
    expect(storedPlace("l1", place, true, "secret")).toEqual({ ...place, exactPlace: null });
  });
});
