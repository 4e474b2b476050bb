import type { I18n } from "#app/modules/i18n/i18n.ts";
import { type AreaUnit, areaSign } from "#app/modules/listing/listing.details.ts";
import {
  LISTING_FILTERS,
  type ListingColumn,
  type ValueFilter,
} from "#app/modules/listing/listing.fields.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { effectivePrice } from "#app/modules/listing/listing.rules.ts";
import { valueConditions } from "#app/modules/search/search.conditions.ts";
import { filterValue, type SearchFilters, searchQueryString } from "#app/modules/search/search.rules.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
import { distanceUnitOf, insideSearchArea } from "#app/modules/search/search.shape.ts";
import { foldedWords, hasQueryWords, queryWords } from "#app/modules/search/search.words.ts";

// A saved search is a /search query string (the search's public parameters), read by search's own parser, so a
// saved search, its alerts, its feed and its page agree on what it asks. This module adds what alerts and feeds
// need: the filters in words, and an in-memory matcher (the alert sweep checks the few listings of the last
// minutes against thousands of searches at once) that applies the search's own conditions
// (search.conditions.ts); the search property test (search.repo.server.test.ts) holds the two to the same answers.

/**
 * Reads the filters of a query string, as /search reads them (sort, view and cursor are dropped), its areas in
 * the site's `areaUnit` (AREA_UNIT).
 */
export function parseSearchFilter(params: URLSearchParams, areaUnit: AreaUnit = "m2"): SearchFilters {
  const { sort: _sort, view: _view, ...filters } = parseSearchParams(params, areaUnit);
  return filters;
}

/** The query string of a filter, in one canonical form (two saves of the same search compare equal). */
export function filterQuery(filter: SearchFilters): string {
  return searchQueryString({ ...filter, sort: "newest", view: "list" });
}

/** Keeps only the filtering parameters of a page's query string, canonical. */
export function normalizeSearchQuery(query: string) {
  return filterQuery(parseSearchFilter(new URLSearchParams(query)));
}

/**
 * The filters in words: "For rent · “berlin” · $500 to $1,500 · 2+ bedrooms · parking · in a map area · in a
 * drawn area · within 2 km of Berlin".
 */
export function describeFilter(filter: SearchFilters, i18n: I18n): string {
  const { t } = i18n;
  // In the order the fields are declared; the words and the map's area are one filter of two columns each.
  const words = LISTING_FILTERS.map((entry) => {
    if (entry.filter.op === "words") return filter.q ? t("“{words}”", { words: filter.q }) : null;
    if (entry.filter.op === "area") return filter.bbox ? t("in a map area") : null;
    return describeValueFilter(entry as ValueFilter, filter, i18n);
  });
  words.push(filter.poly ? t("in a drawn area") : null, describeRadius(filter, i18n));
  return [...new Set(words.filter((said) => said !== null))].join(" · ");
}

/** "2 km", "5 mi": a radius in the site's distance unit (miles where areas are in ft²). */
export function formatRadius(radius: number, filter: Pick<SearchFilters, "areaUnit">, i18n: I18n) {
  const value = i18n.number(radius);
  return distanceUnitOf(filter.areaUnit) === "mi"
    ? i18n.t("{radius} mi", { radius: value })
    : i18n.t("{radius} km", { radius: value });
}

/** "within 2 km of Berlin" (the place the search box named), or "within 2 km of a point on the map"; null without. */
export function describeRadius(filter: SearchFilters, i18n: I18n): string | null {
  if (!filter.near || filter.radius == null) return null;
  const distance = formatRadius(filter.radius, filter, i18n);
  return filter.place
    ? i18n.t("within {distance} of {place}", { distance, place: filter.place })
    : i18n.t("within {distance} of a point on the map", { distance });
}

/**
 * One value filter in words, as its field declares it (listing.fields.ts): a choice or a flag by its words,
 * a lower bound by its plural ("2+ bedrooms"), a range by its values in the field's unit ("72 to 100 m²");
 * null when the filter is not set (and says nothing then).
 */
export function describeValueFilter({ filter, field }: ValueFilter, filters: SearchFilters, i18n: I18n) {
  const { t, tn } = i18n;
  if (filter.op === "range") {
    const min = filterValue(filters, filter.min) as number | null;
    const max = filterValue(filters, filter.max) as number | null;
    // An area in the site's unit, as the search was asked ("800 to 1,000 ft²").
    const unit = filter.inAreaUnit ? areaSign(filters.areaUnit ?? "m2") : field.unit;
    const inUnit = (value: number) => formatInUnit(value, unit, i18n);
    // A unit after a number is said once, after the last one ("72 to 100 m²"); money is said with each.
    if (min !== null && max !== null) {
      const low = field.unit === "money" ? inUnit(min) : i18n.number(min);
      return t("{min} to {max}", { min: low, max: inUnit(max) });
    }
    if (min !== null) return t("from {min}", { min: inUnit(min) });
    if (max !== null) return t("up to {max}", { max: inUnit(max) });
    return null;
  }
  const value = filterValue(filters, filter.param);
  if (filter.op === "anyOf") {
    if (!Array.isArray(value) || value.length === 0) return null;
    return value.map((choice) => t(filter.says[choice]!)).join(t(" or "));
  }
  if (filter.op === "availableBy") {
    if (typeof value !== "string") return null;
    const date = i18n.date(Date.parse(`${value}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
    return t(filter.says, { date });
  }
  if (filter.op === "equals") {
    const says = value === null ? filter.unset : filter.says[value as string];
    return says ? t(says) : null;
  }
  if (value === null || value === false) return null;
  if (filter.op === "flag") return t(filter.says);
  if (filter.op === "scale") return t(filter.says, { value: String(value) });
  return tn(value as number, filter.says.one, filter.says.other);
}

/** A value in a field's unit: "$1,500" for money, "72 m²" for a unit, "72" for none. */
function formatInUnit(value: number, unit: string | undefined, i18n: I18n) {
  if (unit === "money") return i18n.money(value);
  return unit ? `${i18n.number(value)} ${unit}` : i18n.number(value);
}

/** What the matcher needs of a listing: the read shape (photos and floor plans aside), as the listing repo returns it. */
export type MatchableListing = Omit<Listing, "images" | "floorPlans"> & {
  /** foldedWords of name and location, when worked out once for many searches. */
  textWords?: string[];
};

/** Listings with their words folded once, to be tested against many saved searches (an alert run). */
export function matchable<T extends MatchableListing>(
  listings: readonly T[],
): (T & { textWords: string[] })[] {
  return listings.map((listing) => ({
    ...listing,
    textWords: foldedWords(`${listing.name} ${listing.location}`),
  }));
}

/** A saved search's query made ready to test many listings: parsed and its words read once. */
export function savedSearchMatcher(query: string, areaUnit: AreaUnit) {
  const filter = parseSearchFilter(new URLSearchParams(query), areaUnit);
  const words = queryWords(filter.q);
  return (listing: MatchableListing) => matchesFilter(filter, words, listing);
}

/** A listing's value of a filtered column: the price a visitor pays for `price`, the position for the area. */
export function columnValue(listing: MatchableListing, column: ListingColumn): unknown {
  if (column === "price") return effectivePrice(listing);
  if (column === "lat" || column === "lng") return listing.geolocation[column];
  return listing[column as keyof MatchableListing];
}

// As SQL compares: a null column (a detail the listing never gave) matches no condition.
const COMPARE = {
  "=": (value: unknown, wanted: unknown) => value === wanted,
  "<>": (value: unknown, wanted: unknown) => value !== wanted,
  ">=": (value: unknown, wanted: unknown) => (value as number) >= (wanted as number),
  "<=": (value: unknown, wanted: unknown) => (value as number) <= (wanted as number),
  in: (value: unknown, wanted: unknown) => (wanted as readonly unknown[]).includes(value),
  "now or <=": (value: unknown, wanted: unknown) =>
    value === "now" || (value as string) <= (wanted as string),
};

/**
 * Whether `listing` matches `filter` (with `words` = queryWords(filter.q), computed once per search): the
 * search's own conditions (valueConditions of the filters' declarations), applied in memory.
 */
export function matchesFilter(filter: SearchFilters, words: string[], listing: MatchableListing): boolean {
  for (const [column, op, wanted] of valueConditions(filter)) {
    const value = columnValue(listing, column);
    if (value === null || value === undefined || !COMPARE[op](value, wanted)) return false;
  }
  // The map's area, a drawn area and a radius, as the SQL asks them (search.shape.ts).
  if (!insideSearchArea(filter, listing.geolocation.lat, listing.geolocation.lng)) return false;
  if (words.length > 0) {
    return hasQueryWords(listing.textWords ?? foldedWords(`${listing.name} ${listing.location}`), words);
  }
  return true;
}
