import { describe, expect, it } from "vitest";
import { ENGLISH } from "#app/modules/i18n/i18n.ts";
import { VALUE_FILTERS, type ValueFilter } from "#app/modules/listing/listing.fields.ts";
import { EMPTY_SEARCH, type SearchFilters } from "#app/modules/search/search.rules.ts";
import { queryWords } from "#app/modules/search/search.words.ts";
import { NO_LISTING_DETAILS } from "#tests/support/factories.ts";
import {
  describeFilter,
  describeValueFilter,
  type MatchableListing,
  matchesFilter,
  normalizeSearchQuery,
  parseSearchFilter,
} from "./saved-search.filter.ts";

const listing: MatchableListing = {
  id: "l1",
  userRef: "u1",
  agencyId: null,
  status: "available",
  expired: false,
  timestamp: 1,
  publishedAt: 1,
  changedAt: 1,
  type: "rent",
  name: "Altbau mit Balkon",
  location: "Leopoldstraße 3, München",
  bedrooms: 2,
  bathrooms: 1,
  parking: true,
  furnished: "unfurnished",
  ...NO_LISTING_DETAILS,
  offer: true,
  regularPrice: 2000,
  discountedPrice: 1700,
  geolocation: { lat: 48.16, lng: 11.58 },
  exactAddress: true,
};

function matches(query: string) {
  const filter = parseSearchFilter(new URLSearchParams(query));
  return matchesFilter(filter, queryWords(filter.q), listing);
}

describe("saved search filters", () => {
  it("matches like search: folded words, the last as a prefix, the price paid, at least, the area", () => {
    expect(matches("q=munchen")).toBe(true);
    expect(matches("q=leopoldstrasse munch")).toBe(true);
    expect(matches("q=berlin")).toBe(false);
    expect(matches("q=mun balkon")).toBe(false); // only the last word is a prefix
    expect(matches("maxPrice=1700")).toBe(true);
    expect(matches("minPrice=1800")).toBe(false);
    expect(matches("beds=2&baths=1&parking=1&offer=1&type=rent")).toBe(true);
    expect(matches("furnished=1")).toBe(false);
    // furnished=1, in links and saved searches made before the three choices: partly or fully furnished.
    for (const furnished of ["partly", "furnished"] as const) {
      const filter = parseSearchFilter(new URLSearchParams("furnished=true"));
      expect(matchesFilter(filter, [], { ...listing, furnished }), furnished).toBe(true);
    }
    expect(matches("type=sale")).toBe(false);
    expect(matches("bbox=11,48,12,49")).toBe(true);
    expect(matches("bbox=2,48,3,49")).toBe(false);
  });

  it("keeps the filters only, in one form, and says them in words", () => {
    expect(normalizeSearchQuery("sort=price-asc&maxPrice=100&minPrice=500&type=rent&cursor=x&view=map")).toBe(
      "type=rent&minPrice=100&maxPrice=500",
    );
    expect(normalizeSearchQuery("beds=-1&bbox=10,50,5,40&q=%20%20a%20%20b ")).toBe("q=a+b");
    expect(
      describeFilter(
        parseSearchFilter(new URLSearchParams("type=rent&q=berlin&maxPrice=1500&beds=2&parking=1")),
        ENGLISH,
      ),
    ).toBe("For rent · “berlin” · up to $1,500 · 2+ bedrooms · parking");
  });

  it("says every declared value filter, each value apart, a range's ends in its field's unit", () => {
    const say = (query: Record<string, string>) =>
      describeFilter(parseSearchFilter(new URLSearchParams(query)), ENGLISH);
    const none = say({});
    for (const { column, filter, field } of VALUE_FILTERS) {
      // A value each filter keeps (within the field's limits, a lower bound at least 1).
      const low = Math.max(1, field.min ?? 0) + 1;
      if (filter.op === "equals") {
        const said = field.values!.map((value) => say({ [filter.param]: value }));
        expect(new Set([none, ...said]).size, column).toBe(field.values!.length + 1);
      } else if (filter.op === "flag") {
        expect(say({ [filter.param]: "1" }), column).not.toBe(none);
      } else if (filter.op === "scale") {
        const said = field.values!.map((value) => say({ [filter.param]: value }));
        expect(new Set([none, ...said]).size, column).toBe(field.values!.length + 1);
        for (const [at, value] of field.values!.entries()) expect(said[at], column).toContain(value);
      } else if (filter.op === "atLeast") {
        expect(say({ [filter.param]: String(low) }), column).toContain(ENGLISH.number(low));
        expect(say({ [filter.param]: String(low) }), column).not.toBe(
          say({ [filter.param]: String(low + 1) }),
        );
      } else if (filter.op === "anyOf") {
        const said = field.values!.map((value) => say({ [filter.param]: value }));
        expect(new Set([none, ...said]).size, column).toBe(field.values!.length + 1);
        expect(say({ [filter.param]: field.values!.slice(0, 2).join(",") }), column).not.toBe(said[0]);
      } else if (filter.op === "availableBy") {
        expect(say({ [filter.param]: "2027-03-01" }), column).toContain("2027");
        expect(say({ [filter.param]: "2027-03-01" }), column).not.toBe(say({ [filter.param]: "2027-04-01" }));
      } else {
        expect(field.unit, `${column}'s unit`).toBeDefined();
        const high = low + 1000;
        const inUnit = (value: number) =>
          field.unit === "money" ? ENGLISH.money(value) : `${ENGLISH.number(value)} ${field.unit}`;
        const both = say({ [filter.min]: String(low), [filter.max]: String(high) });
        expect(both, column).toContain(ENGLISH.number(low));
        expect(both, column).toContain(inUnit(high));
        expect(say({ [filter.min]: String(low) }), column).toContain(inUnit(low));
        expect(say({ [filter.max]: String(high) }), column).toContain(inUnit(high));
        expect(say({ [filter.min]: String(low) }), column).not.toBe(say({ [filter.max]: String(low) }));
      }
    }
  });

  it("says the details' filters: kinds, an area in the site's unit, pets, a date, step-free access", () => {
    const say = (query: string, unit: "m2" | "ft2" = "m2") =>
      describeFilter(parseSearchFilter(new URLSearchParams(query), unit), ENGLISH);
    expect(say("kind=house,flat&minArea=60&maxArea=100&pets=true&availableBy=2027-03-01&stepFree=1")).toBe(
      "Rent or sale · Flat or House · 60 to 100 m² · step-free access · available by Mar 1, 2027 · pets allowed",
    );
    expect(say("minArea=800", "ft2")).toBe("Rent or sale · from 800 ft²");
  });

  it("matches the details' filters as search does: a detail the listing never gave matches none", () => {
    const home: MatchableListing = {
      ...listing,
      propertyType: "flat",
      livingArea: 72,
      pets: "byArrangement",
      availableFrom: "2027-03-01",
      stepFree: true,
    };
    const match = (query: string, unit: "m2" | "ft2" = "m2", of = home) => {
      const filter = parseSearchFilter(new URLSearchParams(query), unit);
      return matchesFilter(filter, [], of);
    };
    expect(match("kind=flat,house&minArea=72&maxArea=72&pets=1&availableBy=2027-03-01&stepFree=1")).toBe(
      true,
    );
    expect(match("kind=house")).toBe(false);
    expect(match("minArea=73")).toBe(false);
    expect(match("availableBy=2027-02-28")).toBe(false);
    expect(match("availableBy=2026-01-01", "m2", { ...home, availableFrom: "now" })).toBe(true);
    expect(match("pets=1", "m2", { ...home, pets: "notAllowed" })).toBe(false);
    expect(match("pets=1", "m2", { ...home, pets: "allowed" })).toBe(true);
    // 72 m² is 775 ft² to the foot.
    expect(match("minArea=775", "ft2")).toBe(true);
    expect(match("minArea=776", "ft2")).toBe(false);
    for (const query of [
      "kind=flat",
      "minArea=1",
      "maxArea=1000",
      "pets=1",
      "availableBy=2030-01-01",
      "stepFree=1",
    ]) {
      expect(match(query, "m2", listing), query).toBe(false);
    }
  });

  it("says a range in a unit once, after its last value", () => {
    const area: ValueFilter = {
      column: "price",
      filter: { op: "range", min: "minArea", max: "maxArea" },
      field: { kind: "integer", unit: "m²" },
    };
    const filters = (minArea: number | null, maxArea: number | null) =>
      ({ ...EMPTY_SEARCH, minArea, maxArea }) as SearchFilters;
    expect(describeValueFilter(area, filters(72, 100), ENGLISH)).toBe("72 to 100 m²");
    expect(describeValueFilter(area, filters(72, null), ENGLISH)).toBe("from 72 m²");
    expect(describeValueFilter(area, filters(null, 1500), ENGLISH)).toBe("up to 1,500 m²");
    expect(describeValueFilter(area, filters(null, null), ENGLISH)).toBeNull();
  });
});
