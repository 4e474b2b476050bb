import { type I18n, msg } from "#app/modules/i18n/i18n.ts";
import type { ListingType } from "#app/modules/listing/listing.model.ts";

// What a search is, as the page shows it and its links carry it (safe for the browser, no Zod). The URL
// parameters are a public interface (issue 11): their names and values are linked and bookmarked.

export const SEARCH_SORTS = ["newest", "price-asc", "price-desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SORT_LABELS = {
  newest: msg("Newest first"),
  "price-asc": msg("Price: low to high"),
  "price-desc": msg("Price: high to low"),
} as const satisfies Record<SearchSort, string>;

/** An area of the map in decimal degrees, west < east and south < north (never across the antimeridian). */
export type Bbox = { west: number; south: number; east: number; north: number };

/** A search as it was read from the URL: every value is the one used (swapped, clamped or dropped). */
export type SearchParams = {
  q: string;
  type: ListingType | null;
  minPrice: number | null;
  maxPrice: number | null;
  beds: number | null;
  baths: number | null;
  parking: boolean;
  furnished: boolean;
  offer: boolean;
  sort: SearchSort;
  bbox: Bbox | null;
  view: "list" | "map";
};

/** What a search filters on: the page's search, whatever the sort and the view (a saved search is one). */
export type SearchFilters = Omit<SearchParams, "sort" | "view">;

/**
 * Matches are counted up to this many, and shown as "Over 1,000 homes" past it: counting every match of a
 * wide search reads every matching row (tens of milliseconds at 100,000 listings, seconds at a million), and
 * nobody pages through a thousand homes. One more than this is read to know that there are more.
 */
export const COUNTED_UP_TO = 1000;

/** Words of a query are cut at this many characters (issue 11). */
export const MAX_QUERY_LENGTH = 200;
/** The largest price a listing may have (SPEC.md section 9). */
export const MAX_PRICE = 750_000_000;
/** Bedrooms and bathrooms range (SPEC.md section 9). */
export const MAX_ROOMS = 50;

export const EMPTY_SEARCH: SearchParams = {
  q: "",
  type: null,
  minPrice: null,
  maxPrice: null,
  beds: null,
  baths: null,
  parking: false,
  furnished: false,
  offer: false,
  sort: "newest",
  bbox: null,
  view: "list",
};

/** A bbox as the URL carries it: west,south,east,north with at most 5 decimals (about a metre). */
export function formatBbox({ west, south, east, north }: Bbox) {
  return [west, south, east, north].map((value) => Number(value.toFixed(5))).join(",");
}

/**
 * The URL parameters of a search, only those that differ from no filter, in a stable order. `fixed` names the
 * filters a page sets by its path (a category's type, the offers), which its links leave out.
 */
export function searchQueryString(params: SearchParams, fixed: Partial<SearchParams> = {}) {
  const out = new URLSearchParams();
  const put = (name: keyof SearchParams, value: string | null) => {
    if (value !== null && value !== "" && !(name in fixed)) out.set(name, value);
  };
  put("q", params.q.trim());
  put("type", params.type);
  put("minPrice", params.minPrice === null ? null : String(params.minPrice));
  put("maxPrice", params.maxPrice === null ? null : String(params.maxPrice));
  put("beds", params.beds === null ? null : String(params.beds));
  put("baths", params.baths === null ? null : String(params.baths));
  put("parking", params.parking ? "1" : null);
  put("furnished", params.furnished ? "1" : null);
  put("offer", params.offer ? "1" : null);
  put("sort", params.sort === "newest" ? null : params.sort);
  put("bbox", params.bbox ? formatBbox(params.bbox) : null);
  put("view", params.view === "map" ? "map" : null);
  return out.toString();
}

/** Whether any filter narrows the list beyond what the page's path already says. */
export function hasFilters(params: SearchParams, fixed: Partial<SearchParams> = {}) {
  return searchQueryString({ ...params, sort: "newest", view: "list" }, fixed) !== "";
}

/** "1 home", "1,234 homes". */
export function homesCount(total: number, i18n: I18n) {
  if (total > COUNTED_UP_TO) return i18n.t("Over {count} homes", { count: i18n.number(COUNTED_UP_TO) });
  return i18n.tn(total, "{count} home", "{count} homes");
}

/** A search is a plain category (indexable) when it names only a type, or nothing at all. */
export function isPlainCategory(params: SearchParams) {
  return !hasFilters({ ...params, type: null }) && params.sort === "newest" && params.view === "list";
}
