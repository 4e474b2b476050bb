import { isDate } from "#app/modules/listing/listing.details.schema.ts";
import "#app/zod-config.ts";
import { z } from "zod";
import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import { type ListingField, VALUE_FILTERS, type ValueFilter } from "#app/modules/listing/listing.fields.ts";
import {
  type Bbox,
  hasFilters,
  MAX_QUERY_LENGTH,
  SEARCH_SORTS,
  type SearchParams,
  type SearchSort,
  searchQueryString,
} from "./search.rules.ts";
import { MAX_PLACE_LENGTH, parseLatLng, parsePoly, parseRadius } from "./search.shape.ts";

// Reads a search from its URL. Nothing here refuses: a parameter that is missing, repeated (the first counts),
// empty, not a number, out of range or upside down gets a sensible reading or is dropped. The
// page shows back what was used. Used by loaders only: no Zod reaches the browser for the filters.

const text = z.string().trim();

/** A whole number in [min, max]: decimals rounded down, values outside clamped; anything else is no filter. */
function whole(min: number, max: number) {
  return text
    .regex(/^-?\d+(\.\d+)?$/)
    .transform((value) => Math.min(max, Math.max(min, Math.floor(Number(value)))))
    .nullable()
    .catch(null);
}

/** A lower bound ("2+ bedrooms"): a whole number up to the field's largest; below its smallest it is no filter. */
function atLeast(min: number, max: number) {
  return text
    .regex(/^\d+(\.\d+)?$/)
    .transform((value) => Math.min(max, Math.floor(Number(value))))
    .transform((value) => (value >= min ? value : null))
    .nullable()
    .catch(null);
}

/** Some of `values`, as a comma list ("flat,house"): unknown ones dropped, each once, in the declared order. */
function anyOf(values: readonly string[]) {
  return text
    .transform((value) => {
      const asked = new Set(value.split(",").map((part) => part.trim().toLowerCase()));
      const known = values.filter((choice) => asked.has(choice.toLowerCase()));
      return known.length > 0 ? known : null;
    })
    .nullable()
    .catch(null);
}

/** A calendar date, YYYY-MM-DD, that exists (not 2027-02-30); anything else is no filter. */
const isoDate = text.refine(isDate).nullable().catch(null);

const flag = z
  .string()
  .transform((value) => ["1", "true", "on", "yes"].includes(value.trim().toLowerCase()))
  .catch(false);

const bbox = text
  .transform((value): Bbox | null => {
    const numbers = value.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
    if (numbers.length !== 4 || !numbers.every(Number.isFinite)) return null;
    const [west, south, east, north] = numbers as [number, number, number, number];
    // Inverted, across the antimeridian (west > east) or off the globe: ignored.
    return west < east && south < north && west >= -180 && east <= 180 && south >= -90 && north <= 90
      ? { west, south, east, north }
      : null;
  })
  .nullable()
  .catch(null);

// A drawn area and a radius (search.shape.ts): unusable values are no filter, as for every other parameter.
const poly = text.transform(parsePoly).nullable().catch(null);
const near = text.transform(parseLatLng).nullable().catch(null);
const radius = text.transform(parseRadius).nullable().catch(null);
const place = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, " ").slice(0, MAX_PLACE_LENGTH))
  .catch("");

/** The URL parameters of a value filter (listing.fields.ts), each read by its kind. */
function filterSchema({ filter, field }: ValueFilter): Record<string, z.ZodType> {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = field as ListingField;
  if (filter.op === "range") return { [filter.min]: whole(min, max), [filter.max]: whole(min, max) };
  if (filter.op === "flag") return { [filter.param]: flag };
  if (filter.op === "atLeast") return { [filter.param]: atLeast(Math.max(1, min), max) };
  if (filter.op === "scale") {
    // A class typed into a URL by hand ("minEnergy=A+") reaches here with its "+" read as a space.
    const classes = (field.values ?? []) as [string, ...string[]];
    return {
      [filter.param]: z
        .string()
        .transform((value) => value.replace(/^(\w+) $/, "$1+"))
        .pipe(z.enum(classes))
        .nullable()
        .catch(null),
    };
  }
  if (filter.op === "anyOf") return { [filter.param]: anyOf(field.values ?? []) };
  if (filter.op === "availableBy") return { [filter.param]: isoDate };
  const values = (field.values ?? []) as [string, ...string[]];
  return { [filter.param]: z.enum(values).nullable().catch(null) };
}

export const SearchParamsSchema = z.object({
  q: z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH))
    .catch(""),
  ...Object.assign({}, ...VALUE_FILTERS.map(filterSchema)),
  sort: z.enum(SEARCH_SORTS as [SearchSort, ...SearchSort[]]).catch(SEARCH_SORTS[0]!),
  bbox,
  poly,
  near,
  radius,
  place,
  view: z.enum(["list", "map"]).catch("list"),
});

const FLAG_PARAMS = new Set(
  VALUE_FILTERS.flatMap(({ filter }) => (filter.op === "flag" ? [filter.param] : [])),
);
const LIST_PARAMS = new Set(
  VALUE_FILTERS.flatMap(({ filter }) => (filter.op === "anyOf" ? [filter.param] : [])),
);

/**
 * The search a URL asks for, read sensibly whatever it holds (never throws). `areaUnit` is the site's
 * AREA_UNIT: the area parameters are in it.
 */
export function parseSearchParams(searchParams: URLSearchParams, areaUnit: AreaUnit = "m2"): SearchParams {
  // A missing value is the same as an empty one (the form sends every field, empty when unset): an empty flag
  // is off, an empty q no words, any other empty parameter no filter. A list may come as one comma list or
  // repeated (the filter bar's check boxes: kind=flat&kind=house).
  const raw: Record<string, string | null> = {};
  for (const name of Object.keys(SearchParamsSchema.shape)) {
    const value = LIST_PARAMS.has(name)
      ? searchParams.getAll(name).join(",")
      : (searchParams.get(name) ?? null);
    raw[name] =
      name === "q" || name === "place" || FLAG_PARAMS.has(name) ? (value ?? "") : emptyToNull(value);
  }
  const parsed = { ...(SearchParamsSchema.parse(raw) as SearchParams), areaUnit };
  // A radius needs its centre and the centre its radius; the place only names a centre.
  if (!parsed.near || parsed.radius == null) {
    parsed.near = null;
    parsed.radius = null;
  }
  if (!parsed.near) parsed.place = "";
  // A range given upside down is swapped.
  for (const { filter } of VALUE_FILTERS) {
    if (filter.op !== "range") continue;
    const range = parsed as unknown as Record<string, number | null>;
    const [low, high] = [range[filter.min], range[filter.max]];
    if (low != null && high != null && low > high) [range[filter.min], range[filter.max]] = [high, low];
  }
  return parsed;
}

/**
 * A list page's search (a category, the offers): the URL's filters with what the page's path fixes, whether
 * anything narrows the list (then it is not indexed), and a key that changes with the search.
 */
export function listPageSearch(
  searchParams: URLSearchParams,
  fixed: Partial<SearchParams>,
  areaUnit: AreaUnit = "m2",
) {
  const search: SearchParams = {
    ...parseSearchParams(searchParams, areaUnit),
    ...fixed,
    view: "list",
  };
  return { search, filtered: hasFilters(search, fixed), listKey: searchQueryString(search, fixed) };
}

function emptyToNull(value: string | null | undefined) {
  return value === undefined || value === null || value.trim() === "" ? null : value;
}
