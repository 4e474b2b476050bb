import "#app/zod-config.ts";
import { z } from "zod";
import {
  type Bbox,
  MAX_PRICE,
  MAX_QUERY_LENGTH,
  MAX_ROOMS,
  SEARCH_SORTS,
  type SearchParams,
} from "./search.rules.ts";

// Reads a search from its URL. Nothing here refuses: a parameter that is missing, repeated (the first counts),
// empty, not a number, out of range or upside down gets a sensible reading or is dropped (issue 11). The
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

/** A count of rooms: at least 1 to mean anything ("0 or more" is no filter). */
const rooms = text
  .regex(/^\d+(\.\d+)?$/)
  .transform((value) => Math.min(MAX_ROOMS, Math.floor(Number(value))))
  .transform((value) => (value >= 1 ? value : null))
  .nullable()
  .catch(null);

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

export const SearchParamsSchema = z.object({
  q: z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH))
    .catch(""),
  type: z.enum(["rent", "sale"]).nullable().catch(null),
  minPrice: whole(0, MAX_PRICE),
  maxPrice: whole(0, MAX_PRICE),
  beds: rooms,
  baths: rooms,
  parking: flag,
  furnished: flag,
  offer: flag,
  sort: z.enum(SEARCH_SORTS).catch("newest"),
  bbox,
  view: z.enum(["list", "map"]).catch("list"),
});

/** The search a URL asks for, read sensibly whatever it holds (never throws). */
export function parseSearchParams(searchParams: URLSearchParams): SearchParams {
  const raw: Record<string, string | null> = {};
  for (const name of Object.keys(SearchParamsSchema.shape)) {
    raw[name] = searchParams.get(name) ?? null;
  }
  // A missing value is the same as an empty one (the form sends every field, empty when unset).
  const parsed = SearchParamsSchema.parse({
    ...raw,
    q: raw.q ?? "",
    parking: raw.parking ?? "",
    furnished: raw.furnished ?? "",
    offer: raw.offer ?? "",
    minPrice: emptyToNull(raw.minPrice),
    maxPrice: emptyToNull(raw.maxPrice),
    beds: emptyToNull(raw.beds),
    baths: emptyToNull(raw.baths),
    bbox: emptyToNull(raw.bbox),
    type: emptyToNull(raw.type),
    sort: emptyToNull(raw.sort),
    view: emptyToNull(raw.view),
  });
  // A range given upside down is swapped.
  if (parsed.minPrice !== null && parsed.maxPrice !== null && parsed.minPrice > parsed.maxPrice) {
    [parsed.minPrice, parsed.maxPrice] = [parsed.maxPrice, parsed.minPrice];
  }
  return parsed;
}

function emptyToNull(value: string | null | undefined) {
  return value === undefined || value === null || value.trim() === "" ? null : value;
}
