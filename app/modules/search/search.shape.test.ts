import { describe, expect, it } from "vitest";
import { ENGLISH } from "#app/modules/i18n/i18n.ts";
import {
  describeFilter,
  normalizeSearchQuery,
  parseSearchFilter,
} from "#app/modules/saved/saved-search.filter.ts";
import { searchQueryString } from "./search.rules.ts";
import { parseSearchParams } from "./search.schema.ts";
import {
  circleBounds,
  distanceKm,
  MAX_RADIUS,
  pointInPolygon,
  polygonBounds,
  searchBox,
} from "./search.shape.ts";

// The URL forms of a drawn area and a radius, and the geometry's edges: what a hand-typed or tampered URL
// reads to, and the few facts the SQL's boxes rely on.

const read = (query: string, unit: "m2" | "ft2" = "m2") =>
  parseSearchParams(new URLSearchParams(query), unit);

describe("a drawn area in the URL", () => {
  it("reads 3 to 50 corners, drops a repeated first corner, rounds to 5 decimals, and writes them back the same", () => {
    const poly = read("poly=52.5,13.3;52.6,13.4;52.5,13.5;52.5,13.3").poly;
    expect(poly).toEqual([
      { lat: 52.5, lng: 13.3 },
      { lat: 52.6, lng: 13.4 },
      { lat: 52.5, lng: 13.5 },
    ]);
    expect(read("poly=52.123456789,13.1;52.2,13.2;52.3,13.1").poly?.[0]).toEqual({
      lat: 52.12346,
      lng: 13.1,
    });
    expect(searchQueryString(read("poly=52.5,13.3;52.6,13.4;52.5,13.5;"))).toBe(
      "poly=52.5%2C13.3%3B52.6%2C13.4%3B52.5%2C13.5",
    );
    const fifty = Array.from({ length: 50 }, (_, i) => `${i / 10},${i / 20}`).join(";");
    expect(read(`poly=${fifty}`).poly).toHaveLength(50);
  });

  it("ignores anything else: too few or too many corners, off the globe, not numbers, empty", () => {
    const fiftyOne = Array.from({ length: 51 }, (_, i) => `${i / 10},${i / 20}`).join(";");
    for (const bad of [
      "",
      "52,13;53,14",
      "52,13;53,14;52,13",
      fiftyOne,
      "91,13;52,14;53,13",
      "52,181;52,14;53,13",
      "a,b;c,d;e,f",
      "52,13,1;53,14;52,15",
      "52;53;54",
      "52,13;;53,14",
      "Infinity,1;2,3;4,5",
      "52,;53,14;52,15",
    ]) {
      expect(read(`poly=${encodeURIComponent(bad)}`).poly, bad).toBeNull();
    }
  });
});

describe("a radius in the URL", () => {
  it("needs both near and radius, caps the radius, and keeps the place only with them", () => {
    expect(read("near=52.52,13.405&radius=2&place=Berlin")).toMatchObject({
      near: { lat: 52.52, lng: 13.405 },
      radius: 2,
      place: "Berlin",
    });
    expect(read("near=52.52,13.405&radius=5000").radius).toBe(MAX_RADIUS);
    expect(read("near=52.52,13.405&radius=0.5").radius).toBe(0.5);
    for (const query of [
      "near=52.52,13.405",
      "radius=2",
      "near=52.52,13.405&radius=0",
      "near=52.52,13.405&radius=-2",
      "near=52.52,13.405&radius=two",
      "near=100,13&radius=2",
      "near=52.52&radius=2",
      "place=Berlin&radius=2",
    ]) {
      expect(read(query), query).toMatchObject({ near: null, radius: null, place: "" });
    }
    // The canonical form: a saved search of the same radius is one search.
    expect(normalizeSearchQuery("radius=2.0&place=%20Berlin%20&near=52.520000,13.405")).toBe(
      "near=52.52%2C13.405&radius=2&place=Berlin",
    );
  });

  it("is said in words in the site's unit, with the place the search box named", () => {
    expect(
      describeFilter(
        parseSearchFilter(new URLSearchParams("near=52.52,13.4&radius=2&place=Berlin")),
        ENGLISH,
      ),
    ).toBe("Rent or sale · within 2 km of Berlin");
    expect(
      describeFilter(
        parseSearchFilter(new URLSearchParams("near=52.52,13.4&radius=5&type=rent"), "ft2"),
        ENGLISH,
      ),
    ).toBe("For rent · within 5 mi of a point on the map");
    expect(describeFilter(parseSearchFilter(new URLSearchParams("poly=1,1;2,2;1,3")), ENGLISH)).toBe(
      "Rent or sale · in a drawn area",
    );
  });
});

describe("the geometry", () => {
  const square = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 2 },
    { lat: 2, lng: 2 },
    { lat: 2, lng: 0 },
  ];

  it("tells inside from outside, concave corners included", () => {
    const notch = [...square.slice(0, 3), { lat: 1, lng: 1 }, square[3]!];
    expect(pointInPolygon(1, 1.5, square)).toBe(true);
    expect(pointInPolygon(3, 1, square)).toBe(false);
    expect(pointInPolygon(1.5, 1.2, notch)).toBe(false);
    expect(pointInPolygon(0.5, 1.2, notch)).toBe(true);
    expect(polygonBounds(notch)).toEqual({ west: 0, south: 0, east: 2, north: 2 });
  });

  it("measures great-circle distances, and boxes every point of a circle", () => {
    // Berlin to Paris, about 878 km.
    expect(distanceKm(52.52, 13.405, 48.8566, 2.3522)).toBeCloseTo(877.5, 0);
    for (const centre of [
      { lat: 52.5, lng: 13.4 },
      { lat: -33.9, lng: 151.2 },
      { lat: 80, lng: 0 },
    ]) {
      const box = circleBounds(centre, 20);
      // Points at the radius, every 5°, all lie in the box.
      for (let bearing = 0; bearing < 360; bearing += 5) {
        const angle = 20 / 6371.0088;
        const [phi, theta] = [(centre.lat * Math.PI) / 180, (bearing * Math.PI) / 180];
        const lat2 = Math.asin(
          Math.sin(phi) * Math.cos(angle) + Math.cos(phi) * Math.sin(angle) * Math.cos(theta),
        );
        const lng2 =
          (centre.lng * Math.PI) / 180 +
          Math.atan2(
            Math.sin(theta) * Math.sin(angle) * Math.cos(phi),
            Math.cos(angle) - Math.sin(phi) * Math.sin(lat2),
          );
        const [lat, lng] = [(lat2 * 180) / Math.PI, (lng2 * 180) / Math.PI];
        expect(lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east, `${bearing}`).toBe(
          true,
        );
      }
    }
    expect(circleBounds({ lat: 89.9, lng: 10 }, 50)).toMatchObject({ west: -180, east: 180, north: 90 });
  });

  it("cuts the map's area to the shapes' box, and says when they do not overlap", () => {
    const bbox = { west: 1, south: 1, east: 5, north: 5 };
    expect(searchBox({ bbox, poly: square })).toEqual({ west: 1, south: 1, east: 2, north: 2 });
    expect(searchBox({ bbox: { west: 3, south: 3, east: 5, north: 5 }, poly: square })).toBe("none");
    expect(searchBox({ bbox: null })).toBeNull();
  });
});
