import { describe, expect, it } from "vitest";
import { ENGLISH } from "#app/modules/i18n/i18n.ts";
import { VALUE_FILTERS } from "#app/modules/listing/listing.fields.ts";
import { EMPTY_SEARCH, FILTER_PARAMS } from "#app/modules/search/search.rules.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
import { renderSearchFilters } from "./search-filters.server.tsx";
import { appliedSummary } from "./search-filters.tsx";

// The filter bar is written field by field (its controls differ: a price box, a rooms list, a check box), so
// this holds it to listing.fields.ts: every declared filter has a control and is named in the bar's summary.

describe("the filter bar", () => {
  it("has a control for every declared filter parameter", () => {
    const html = renderSearchFilters({ params: EMPTY_SEARCH, action: "/search", total: 3, i18n: ENGLISH });
    for (const param of FILTER_PARAMS) expect(html, param).toContain(`name="${param}"`);
  });

  it("labels the areas in the site's unit and shows back the kinds and dates used", () => {
    const params = parseSearchParams(
      new URLSearchParams("kind=flat&kind=house&minArea=800&availableBy=2027-03-01&pets=true"),
      "ft2",
    );
    const html = renderSearchFilters({ params, action: "/search", total: 3, i18n: ENGLISH });
    expect(html).toContain("Min area (ft²)");
    expect(html).toContain('name="kind" checked="" value="flat"');
    expect(html).toContain('name="kind" checked="" value="house"');
    expect(html).toContain('name="kind" value="land"');
    expect(html).toContain('value="2027-03-01"');
    expect(appliedSummary(params, ENGLISH)).toBe(
      "Filtered by: Flat or House, from 800 ft², available by Mar 1, 2027, pets allowed",
    );
  });

  it("names every declared filter in its summary of the filters used", () => {
    const summary = (query: Record<string, string>) =>
      appliedSummary(parseSearchParams(new URLSearchParams(query)), ENGLISH);
    const none = summary({});
    for (const { column, filter, field } of VALUE_FILTERS) {
      const value = Math.max(1, field.min ?? 0) + 1;
      if (filter.op === "range") {
        expect(summary({ [filter.min]: String(value) }), column).not.toBe(none);
        expect(summary({ [filter.max]: String(value) }), column).not.toBe(none);
      } else if (filter.op === "flag") {
        expect(summary({ [filter.param]: "1" }), column).not.toBe(none);
      } else if (filter.op === "anyOf") {
        for (const choice of field.values!)
          expect(summary({ [filter.param]: choice }), column).not.toBe(none);
      } else if (filter.op === "availableBy") {
        expect(summary({ [filter.param]: "2027-03-01" }), column).not.toBe(none);
      } else if (filter.op === "equals" || filter.op === "scale") {
        for (const choice of field.values!)
          expect(summary({ [filter.param]: choice }), column).not.toBe(none);
      } else {
        expect(summary({ [filter.param]: String(value) }), column).not.toBe(none);
      }
    }
  });

  it("reads minEnergy as a class of any scale, a hand-typed A+ too, and says it as that class or better", () => {
    const read = (query: string) => parseSearchParams(new URLSearchParams(query)).minEnergy;
    expect(read("minEnergy=C")).toBe("C");
    expect(read("minEnergy=B2")).toBe("B2");
    expect(read("minEnergy=A%2B")).toBe("A+");
    expect(read("minEnergy=A+")).toBe("A+");
    expect(read("minEnergy=Z")).toBeNull();
    expect(read("minEnergy=c")).toBeNull();
    const summary = appliedSummary(parseSearchParams(new URLSearchParams("minEnergy=C")), ENGLISH);
    expect(summary).toBe("Filtered by: energy rating C or better");
    const html = renderSearchFilters({
      params: { ...EMPTY_SEARCH, minEnergy: "B2" },
      action: "/search",
      total: 3,
      i18n: ENGLISH,
      energyScale: ["A1", "B1", "B2", "C1"],
    });
    expect(html).toContain('<option value="B2" selected="">B2 or better</option>');
  });
});
