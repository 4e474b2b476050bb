import type { I18n } from "#app/modules/i18n/i18n.ts";
import { type SearchFilters, searchQueryString } from "#app/modules/search/search.rules.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
import { foldedWords, hasQueryWords } from "#app/modules/search/search.words.ts";

// A saved search is a /search query string (issue 11's public parameters), read by search's own parser, so a
// saved search, its alerts, its feed and its page agree on what it asks. This module adds what alerts and feeds
// need: the filters in words, and an in-memory matcher (the alert sweep checks the few listings of the last
// minutes against thousands of searches at once) that follows search.repo.server.ts's whereMatches; the search
// property test (search.repo.server.test.ts) holds the two to the same answers.

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
  const { t, tn, money } = i18n;
  const words: string[] = [];
  words.push(
    filter.type === "rent" ? t("For rent") : filter.type === "sale" ? t("For sale") : t("Rent or sale"),
  );
  if (filter.q) words.push(t("“{words}”", { words: filter.q }));
  if (filter.minPrice !== null && filter.maxPrice !== null)
    words.push(t("{min} to {max}", { min: money(filter.minPrice), max: money(filter.maxPrice) }));
  else if (filter.minPrice !== null) words.push(t("from {min}", { min: money(filter.minPrice) }));
  else if (filter.maxPrice !== null) words.push(t("up to {max}", { max: money(filter.maxPrice) }));
  if (filter.beds) words.push(tn(filter.beds, "{count}+ bedroom", "{count}+ bedrooms"));
  if (filter.baths) words.push(tn(filter.baths, "{count}+ bathroom", "{count}+ bathrooms"));
  if (filter.parking) words.push(t("parking"));
  if (filter.furnished) words.push(t("furnished"));
  if (filter.offer) words.push(t("offers only"));
  if (filter.bbox) words.push(t("in a map area"));
  return words.join(" · ");
}

/** What the matcher needs of a listing. */
export type MatchableListing = {
  type: "rent" | "sale";
  name: string;
  location: string;
  bedrooms: number;
  bathrooms: number;
  parking: boolean;
  furnished: boolean;
  offer: boolean;
  regularPrice: number;
  discountedPrice: number | null;
  lat: number;
  lng: number;
  /** foldedWords of name and location, when worked out once for many searches. */
  textWords?: string[];
};

/** Whether `listing` matches `filter` (with `words` = queryWords(filter.q), computed once per search). */
export function matchesFilter(filter: SearchFilters, words: string[], listing: MatchableListing): boolean {
  if (filter.type && listing.type !== filter.type) return false;
  const price =
    listing.offer && listing.discountedPrice !== null ? listing.discountedPrice : listing.regularPrice;
  if (filter.minPrice !== null && price < filter.minPrice) return false;
  if (filter.maxPrice !== null && price > filter.maxPrice) return false;
  if (filter.beds && listing.bedrooms < filter.beds) return false;
  if (filter.baths && listing.bathrooms < filter.baths) return false;
  if (filter.parking && !listing.parking) return false;
  if (filter.furnished && !listing.furnished) return false;
  if (filter.offer && !listing.offer) return false;
  if (filter.bbox) {
    const { west, south, east, north } = filter.bbox;
    if (listing.lng < west || listing.lng > east || listing.lat < south || listing.lat > north) return false;
  }
  if (words.length > 0) {
    return hasQueryWords(listing.textWords ?? foldedWords(`${listing.name} ${listing.location}`), words);
  }
  return true;
}
