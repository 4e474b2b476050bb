import type { I18n } from "#app/modules/i18n/i18n.ts";
import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import {
  filterParams,
  type LISTING_COLUMNS,
  LISTING_SORTS,
  type ListingColumn,
  type ListingSort,
  VALUE_FILTERS,
} from "#app/modules/listing/listing.fields.ts";
import { formatLatLng, formatPoly, type LatLng } from "./search.shape.ts";

// What a search is, as the page shows it and its links carry it (safe for the browser, no Zod). The URL
// parameters are a public interface: their names and values are linked and bookmarked.

export type SearchSort = ListingSort["name"];
/** The sorts a search offers (listing.fields.ts), the default first. */
export const SEARCH_SORTS = LISTING_SORTS.map((sort) => sort.name);
export const SORT_LABELS = Object.fromEntries(LISTING_SORTS.map((sort) => [sort.name, sort.label])) as Record<
  SearchSort,
  ListingSort["label"]
>;

/** An area of the map in decimal degrees, west < east and south < north (never across the antimeridian). */
export type Bbox = { west: number; south: number; east: number; north: number };

type Declared = typeof LISTING_COLUMNS;
/** The URL parameters of a field's value filter (a range has two), none for the words and the map's area. */
type ParamNames<Field> = Field extends {
  filter: { op: "range"; min: infer Min extends string; max: infer Max extends string };
}
  ? Min | Max
  : Field extends {
        filter: {
          op: "equals" | "flag" | "atLeast" | "scale" | "anyOf" | "availableBy";
          param: infer Param extends string;
        };
      }
    ? Param
    : never;
/**
 * What such a parameter holds once read: a flag is on or off; a choice one of its values, a list of choices
 * some of them, a date its YYYY-MM-DD, a bound a number.
 */
type ParamValue<Field> = Field extends { filter: { op: "flag" } }
  ? boolean
  : Field extends { filter: { op: "anyOf" }; values: readonly (infer Value)[] }
    ? Value[] | null
    : Field extends { filter: { op: "availableBy" } }
      ? string | null
      : Field extends { values: readonly (infer Value)[] }
        ? Value | null
        : number | null;

/**
 * The value filters as listing.fields.ts declares them, by URL parameter: `type: ListingType | null`,
 * `minPrice: number | null`, `beds: number | null`, `parking: boolean`... (null or false: no filter).
 */
export type FilterValues = {
  -readonly [Column in ListingColumn as ParamNames<Declared[Column]>]: ParamValue<Declared[Column]>;
};

/**
 * A search as it was read from the URL: every value is the one used (swapped, clamped or dropped). `areaUnit`
 * is the site's AREA_UNIT, which the area parameters are in (not a URL parameter: the site's setting; m² when
 * absent).
 */
export type SearchParams = {
  q: string;
  sort: SearchSort;
  bbox: Bbox | null;
  /** A drawn area (`poly=`): 3 to 50 corners, closed implicitly (search.shape.ts). */
  poly?: LatLng[] | null;
  /** The centre of a radius search (`near=`), with `radius` in the site's distance unit (km, or mi with ft²). */
  near?: LatLng | null;
  radius?: number | null;
  /** The place the search box named as the radius's centre ("Berlin"), to say the search in words; else "". */
  place?: string;
  view: "list" | "map";
  areaUnit?: AreaUnit;
  /** Only the listings of this agency: set by its public page's path, never a URL parameter. */
  agencyId?: string | null;
} & FilterValues;

/** What a search filters on: the page's search, whatever the sort and the view (a saved search is one). */
export type SearchFilters = Omit<SearchParams, "sort" | "view">;

/**
 * Matches are counted up to this many, and shown as "Over 1,000 homes" past it: counting every match of a
 * wide search reads every matching row (tens of milliseconds at 100,000 listings, seconds at a million), and
 * nobody pages through a thousand homes. One more than this is read to know that there are more.
 */
export const COUNTED_UP_TO = 1000;

/** A query is cut at this many characters: enough for any address, and a bound on the work one request asks for. */
export const MAX_QUERY_LENGTH = 200;

/** No value filter: every flag off, every other parameter unset. */
const NO_FILTER = Object.fromEntries(
  VALUE_FILTERS.flatMap(({ filter }) =>
    filterParams(filter).map((param) => [param, filter.op === "flag" ? false : null]),
  ),
) as FilterValues;

export const EMPTY_SEARCH: SearchParams = {
  q: "",
  ...NO_FILTER,
  sort: SEARCH_SORTS[0]!,
  bbox: null,
  poly: null,
  near: null,
  radius: null,
  place: "",
  view: "list",
  areaUnit: "m2",
};

/** A bbox as the URL carries it: west,south,east,north with at most 5 decimals (about a metre). */
export function formatBbox({ west, south, east, north }: Bbox) {
  return [west, south, east, north].map((value) => Number(value.toFixed(5))).join(",");
}

/** The value of a filter's URL parameter (listing.fields.ts names them). */
export function filterValue(filters: SearchFilters, param: string) {
  return filters[param as keyof SearchFilters] as string | number | boolean | string[] | null;
}

/** The value filters' URL parameters, in the order the fields are declared. */
export const FILTER_PARAMS = VALUE_FILTERS.flatMap(({ filter }) => filterParams(filter));

/**
 * The URL parameters of a search, only those that differ from no filter, in a stable order. `fixed` names the
 * filters a page sets by its path (a category's type, the offers), which its links leave out.
 */
export function searchQueryString(params: SearchParams, fixed: Partial<SearchParams> = {}) {
  const out = new URLSearchParams();
  const put = (name: string, value: string | null) => {
    if (value !== null && value !== "" && !(name in fixed)) out.set(name, value);
  };
  put("q", params.q.trim());
  for (const name of FILTER_PARAMS) {
    const value = filterValue(params, name);
    put(
      name,
      value === null || value === false
        ? null
        : value === true
          ? "1"
          : Array.isArray(value)
            ? value.join(",")
            : String(value),
    );
  }
  put("sort", params.sort === SEARCH_SORTS[0] ? null : params.sort);
  put("bbox", params.bbox ? formatBbox(params.bbox) : null);
  put("poly", params.poly ? formatPoly(params.poly) : null);
  if (params.near && params.radius != null) {
    put("near", formatLatLng(params.near));
    put("radius", String(params.radius));
    put("place", params.place?.trim() || null);
  }
  put("view", params.view === "map" ? "map" : null);
  return out.toString();
}

/** Whether any filter narrows the list beyond what the page's path already says. */
export function hasFilters(params: SearchParams, fixed: Partial<SearchParams> = {}) {
  return searchQueryString({ ...params, sort: SEARCH_SORTS[0]!, view: "list" }, fixed) !== "";
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
