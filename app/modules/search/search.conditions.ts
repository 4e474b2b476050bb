import { toSquareMetres } from "#app/modules/listing/listing.details.ts";
import { type ListingColumn, VALUE_FILTERS } from "#app/modules/listing/listing.fields.ts";
import { filterValue, type SearchFilters } from "./search.rules.ts";

// The one search predicate of every filter on a column's value, as listing.fields.ts declares it: a list of
// (column, operator, value) conditions. The search's SQL (search.filter-sql.server.ts) and the alert matcher
// (saved-search.filter.ts) both apply this list, so they cannot part on what a filter means. A column that is
// null matches no condition (as in SQL): a listing that never gave its area is not "from 60 m²". Pure,
// browser-safe.

export type Condition =
  | [column: ListingColumn, op: "=" | "<>" | ">=" | "<=", value: string | number | boolean]
  /** One of these values. */
  | [column: ListingColumn, op: "in", value: readonly string[]]
  /** "now", or a date (YYYY-MM-DD, compared as text) up to this one. */
  | [column: ListingColumn, op: "now or <=", value: string];

// SQLite checks a walked entry's conditions in the order they are written: a choice or a flag rules out most.
const OP_ORDER = { equals: 0, anyOf: 0, flag: 1, scale: 2, range: 3, atLeast: 4, availableBy: 4 } as const;
const ORDERED_FILTERS = [...VALUE_FILTERS].sort((a, b) => OP_ORDER[a.filter.op] - OP_ORDER[b.filter.op]);

/** The column conditions of `filters`' value filters (listing.fields.ts), each a column, an operator and a value. */
export function valueConditions(filters: SearchFilters): Condition[] {
  const conditions: Condition[] = [];
  for (const { column, filter, field } of ORDERED_FILTERS) {
    if (filter.op === "range") {
      // An area is asked for in the site's unit and stored in square metres, rounded as a save rounds it.
      const stored = (value: number) =>
        filter.inAreaUnit ? toSquareMetres(value, filters.areaUnit ?? "m2") : value;
      const min = filterValue(filters, filter.min) as number | null;
      const max = filterValue(filters, filter.max) as number | null;
      if (min !== null) conditions.push([column, ">=", stored(min)]);
      if (max !== null) conditions.push([column, "<=", stored(max)]);
      continue;
    }
    const value = filterValue(filters, filter.param);
    if (filter.op === "scale") {
      // The field's values are ordered best first: this one and every better one.
      const values = field.values ?? [];
      if (typeof value === "string" && values.includes(value)) {
        conditions.push([column, "in", values.slice(0, values.indexOf(value) + 1)]);
      }
      continue;
    }
    if (filter.op === "flag") {
      if (value === true) {
        conditions.push(filter.unless === undefined ? [column, "=", true] : [column, "<>", filter.unless]);
      }
    } else if (filter.op === "anyOf") {
      if (Array.isArray(value) && value.length > 0) conditions.push([column, "in", value]);
    } else if (filter.op === "availableBy") {
      if (typeof value === "string") conditions.push([column, "now or <=", value]);
    } else if (value !== null && value !== false) {
      conditions.push([column, filter.op === "equals" ? "=" : ">=", value as string | number]);
    }
  }
  return conditions;
}
