import { describe, expect, it } from "vitest";
import { searchQueryString } from "./search.rules.ts";
import { parseSearchParams } from "./search.schema.ts";

// How /search reads the parameters of a listing's details: like every other parameter, nothing is refused;
// a value it cannot use is no filter, and the page shows back what was used.

const read = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("the details' search parameters", () => {
  it("reads kinds as a comma list or repeated, known ones only, each once, in the declared order", () => {
    expect(read("kind=house,flat").kind).toEqual(["flat", "house"]);
    expect(read("kind=studio&kind=flat&kind=studio").kind).toEqual(["flat", "studio"]);
    expect(read("kind=FLAT,%20castle,,").kind).toEqual(["flat"]);
    expect(read("kind=castle").kind).toBeNull();
    expect(read("kind=").kind).toBeNull();
    expect(searchQueryString(read("kind=house&kind=flat"))).toBe("kind=flat%2Chouse");
  });

  it("reads areas as whole numbers of the site's unit, swapped when upside down, kept with the unit", () => {
    expect(read("minArea=60.7&maxArea=100")).toMatchObject({ minArea: 60, maxArea: 100 });
    expect(read("minArea=120&maxArea=60")).toMatchObject({ minArea: 60, maxArea: 120 });
    expect(read("minArea=abc&maxArea=-5")).toMatchObject({ minArea: null, maxArea: 1 });
    expect(read("minArea=60").areaUnit).toBe("m2");
    expect(parseSearchParams(new URLSearchParams("minArea=800"), "ft2")).toMatchObject({
      minArea: 800,
      areaUnit: "ft2",
    });
    // The unit is the site's, not the URL's: the canonical query string does not carry it.
    expect(searchQueryString(parseSearchParams(new URLSearchParams("minArea=800"), "ft2"))).toBe(
      "minArea=800",
    );
  });

  it("reads pets and step-free access as the other flags are read", () => {
    for (const on of ["true", "1", "on", "yes", "TRUE"]) {
      expect(read(`pets=${on}&stepFree=${on}`), on).toMatchObject({ pets: true, stepFree: true });
    }
    for (const off of ["", "false", "0", "no", "maybe"]) {
      expect(read(`pets=${off}&stepFree=${off}`), off).toMatchObject({ pets: false, stepFree: false });
    }
    expect(searchQueryString(read("pets=true&stepFree=yes"))).toBe("stepFree=1&pets=1");
  });

  it("reads available-by as a calendar date, anything else no filter", () => {
    expect(read("availableBy=2027-03-01").availableBy).toBe("2027-03-01");
    for (const bad of ["2027-02-30", "2027-3-1", "01/03/2027", "now", "2027-03-01T00:00", ""]) {
      expect(read(`availableBy=${encodeURIComponent(bad)}`).availableBy, bad).toBeNull();
    }
  });

  it("sorts by area and by price per area; an unknown sort is the default", () => {
    expect(read("sort=area-desc").sort).toBe("area-desc");
    expect(read("sort=price-per-area-asc").sort).toBe("price-per-area-asc");
    expect(read("sort=area-asc").sort).toBe("newest");
    expect(searchQueryString(read("sort=area-desc"))).toBe("sort=area-desc");
  });
});
