import { type ListingColumn, VALUE_FILTERS } from "#app/modules/listing/listing.fields.ts";
import { filterValue, type SearchFilters } from "./search.rules.ts";

// The one search predicate of every filter on a column's value, as listing.fields.ts declares it: a list of
// (column, operator, value) conditions. The search's SQL (search.filter-sql.server.ts) and the alert matcher
// (saved-search.filter.ts) both apply this list, so they cannot part on what a filter means. Pure, browser-safe.

export type Condition =
  | [column: ListingColumn, op: "=" | "<>" | ">=" | "<=", value: string | number | boolean]
  | [column: ListingColumn, op: "in", value: string[]];

// SQLite checks a walked entry's conditions in the order they are written: a choice or a flag rules out most.
const OP_ORDER = { equals: 0, flag: 1, scale: 2, range: 3, atLeast: 4 } as const;
const ORDERED_FILTERS = [...VALUE_FILTERS].sort((a, b) => OP_ORDER[a.filter.op] - OP_ORDER[b.filter.op]);

/** The column conditions of `filters`' value filters (listing.fields.ts), each a column, an operator and a value. */
export function valueConditions(filters: SearchFilters): Condition[] {
  const conditions: Condition[] = [];
  for (const { column, filter, field } of ORDERED_FILTERS) {
    if (filter.op === "range") {
      const min = filterValue(filters, filter.min);
      const max = filterValue(filters, filter.max);
      if (min !== null) conditions.push([column, ">=", min as number]);
      if (max !== null) conditions.push([column, "<=", max as number]);
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
    } else if (value !== null && value !== false) {
      conditions.push([column, filter.op === "equals" ? "=" : ">=", value as string | number]);
    }
  }
  return conditions;
}
