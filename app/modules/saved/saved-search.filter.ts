import type { I18n } from "#app/modules/i18n/i18n.ts";
import { type ListingColumn, VALUE_FILTERS } from "#app/modules/listing/listing.fields.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { effectivePrice } from "#app/modules/listing/listing.rules.ts";
import { valueConditions } from "#app/modules/search/search.conditions.ts";
import { filterValue, type SearchFilters, searchQueryString } from "#app/modules/search/search.rules.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
import { foldedWords, hasQueryWords } from "#app/modules/search/search.words.ts";

// A saved search is a /search query string (the search's public parameters), read by search's own parser, so a
// saved search, its alerts, its feed and its page agree on what it asks. This module adds what alerts and feeds
// need: the filters in words, and an in-memory matcher (the alert sweep checks the few listings of the last
// minutes against thousands of searches at once) that applies the search's own conditions
// (search.conditions.ts); the search property test (search.repo.server.test.ts) holds the two to the same answers.

/** Reads the filters of a query string, as /search reads them (sort, view and cursor are dropped). */
export function parseSearchFilter(params: URLSearchParams): SearchFilters {
  const { sort: _sort, view: _view, ...filters } = parseSearchParams(params);
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

/** The filters in words: "For rent · “berlin” · $500 to $1,500 · 2+ bedrooms · parking · on the map area". */
export function describeFilter(filter: SearchFilters, i18n: I18n): string {
  const { t, money } = i18n;
  const words: string[] = [];
  words.push(
    filter.type === "rent" ? t("For rent") : filter.type === "sale" ? t("For sale") : t("Rent or sale"),
  );
  if (filter.q) words.push(t("“{words}”", { words: filter.q }));
  if (filter.minPrice !== null && filter.maxPrice !== null)
    words.push(t("{min} to {max}", { min: money(filter.minPrice), max: money(filter.maxPrice) }));
  else if (filter.minPrice !== null) words.push(t("from {min}", { min: money(filter.minPrice) }));
  else if (filter.maxPrice !== null) words.push(t("up to {max}", { max: money(filter.maxPrice) }));
  // Every other filter says itself as its field declares (listing.fields.ts).
  for (const { filter: declared, field } of VALUE_FILTERS) {
    if (declared.op === "range" || !field.describe) continue;
    const value = filterValue(filter, declared.param);
    if (value !== null && value !== false) words.push(field.describe(Number(value), i18n));
  }
  if (filter.bbox) words.push(t("in a map area"));
  return words.join(" · ");
}

/** What the matcher needs of a listing: the read shape (photos aside), as the listing repo returns it. */
export type MatchableListing = Omit<Listing, "images"> & {
  /** foldedWords of name and location, when worked out once for many searches. */
  textWords?: string[];
};

/** A listing's value of a filtered column: the price a visitor pays for `price`, the position for the area. */
export function columnValue(listing: MatchableListing, column: ListingColumn): unknown {
  if (column === "price") return effectivePrice(listing);
  if (column === "lat" || column === "lng") return listing.geolocation[column];
  return listing[column as keyof MatchableListing];
}

const COMPARE = {
  "=": (value: unknown, wanted: unknown) => value === wanted,
  ">=": (value: unknown, wanted: unknown) => (value as number) >= (wanted as number),
  "<=": (value: unknown, wanted: unknown) => (value as number) <= (wanted as number),
};

/**
 * Whether `listing` matches `filter` (with `words` = queryWords(filter.q), computed once per search): the
 * search's own conditions (valueConditions of the filters' declarations), applied in memory.
 */
export function matchesFilter(filter: SearchFilters, words: string[], listing: MatchableListing): boolean {
  for (const [column, op, wanted] of valueConditions(filter)) {
    if (!COMPARE[op](columnValue(listing, column), wanted)) return false;
  }
  if (filter.bbox) {
    const { west, south, east, north } = filter.bbox;
    const { lat, lng } = listing.geolocation;
    if (lng < west || lng > east || lat < south || lat > north) return false;
  }
  if (words.length > 0) {
    return hasQueryWords(listing.textWords ?? foldedWords(`${listing.name} ${listing.location}`), words);
  }
  return true;
}
