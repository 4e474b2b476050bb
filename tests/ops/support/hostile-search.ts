import fc from "fast-check";
import { expect } from "vitest";
import type { Answer } from "#tests/support/http.ts";
import { hostileCursor } from "./hostile-requests.ts";
import { type Labeled, labeled, text } from "./hostile-values.ts";

/**
 * The public search parameters, as a hostile client sends them to /search and the lists that share its
 * reading (/category/:type, /offers, /feed.atom): missing, repeated, empty, not numbers, negative, huge, NaN,
 * Infinity, out of range, an upside-down price range, a bbox inverted, across the antimeridian or off the
 * globe, q past 200 characters, unicode, query-syntax characters, malformed escapes, hostile cursors. And what
 * a page must show back in its filter bar: the values it used, read by the rules (written here from
 * the issue, not from the app's parser: a reading the two disagree on is a finding).
 */

const MAX_PRICE = 750_000_000;
const MAX_ROOMS = 50;
const MAX_QUERY_LENGTH = 200;
const SORTS = ["newest", "price-asc", "price-desc"];

/** A value as it goes on the URL, percent-encoded (lone surrogates made well-formed, as a browser does). */
const encoded = (values: fc.Arbitrary<string>) =>
  values.map((value) => encodeURIComponent(value.toWellFormed()));

/** Raw escapes that decode to nothing valid: the server's URL parser must cope, whatever the parameter. */
const MALFORMED = fc.constantFrom("%zz", "%", "%ED%A0%80", "%C0%AF", "%FF%FE", "%00", "%2", "+%2B+");

const number = fc.oneof(
  fc.integer({ min: 0, max: 2_000_000 }).map(String),
  fc.integer({ min: -2_000_000_000, max: -1 }).map(String),
  fc.integer({ min: MAX_PRICE - 5, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.double().map(String),
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "1e9",
    "9".repeat(40),
    "-0",
    "0",
    "12.7",
    "-3.5",
    " 300 ",
    "\u00a0450\u3000",
    "",
    " ",
    "abc",
    "0x10",
    "1,000",
    "1_000",
    "+5",
    "5e3",
    "00012",
    "1.",
    ".5",
    "٣",
    "12abc",
  ),
);

/** Words, operators and quotes of every query language the search could hand its words to (FTS5, SQL, LIKE). */
const SYNTAX = [
  '"',
  '""',
  "*",
  "OR",
  "AND",
  "NOT",
  "NEAR(",
  "(",
  ")",
  "-",
  "+",
  "^",
  ":",
  "%",
  "_",
  "\\",
  "'",
  ";",
  "--",
  "{",
  "}",
  "[",
  "]",
  "|",
  "&",
  "=",
  "?",
  "#",
  "/",
  "<script>",
  "\u0000",
  "\u202e",
  "' OR 1=1 --",
  "listing_fts MATCH",
];

const query = fc.oneof(
  text(0, 40),
  fc
    .array(fc.oneof(fc.constantFrom(...SYNTAX), text(1, 8)), { maxLength: 8 })
    .chain((parts) => fc.constantFrom(parts.join(" "), parts.join(""))),
  fc.integer({ min: MAX_QUERY_LENGTH - 2, max: 600 }).chain((length) => text(length, length)),
  fc.constantFrom("", "   ", "\t\n", "  Rue   de  Rivoli ", "paris", "PARIS", "Île-de-France"),
);

const longitude = fc.double({ min: -200, max: 200, noNaN: true });
const latitude = fc.double({ min: -100, max: 100, noNaN: true });
const bbox = fc.oneof(
  // A real area: west < east, south < north, on the globe.
  fc
    .tuple(
      fc.double({ min: -180, max: 179, noNaN: true }),
      fc.double({ min: -90, max: 89, noNaN: true }),
      fc.double({ min: 0.001, max: 20, noNaN: true }),
      fc.double({ min: 0.001, max: 20, noNaN: true }),
    )
    .map(([west, south, width, height]) =>
      [west, south, Math.min(180, west + width), Math.min(90, south + height)].join(","),
    ),
  // Anything: mostly inverted, across the antimeridian or off the globe.
  fc.tuple(longitude, latitude, longitude, latitude).map((parts) => parts.join(",")),
  fc.constantFrom(
    "170,-10,-170,10",
    "179.5,0,-179.5,1",
    "2.3,48.9,2.4,48.8",
    "2.4,48.8,2.3,48.9",
    "-181,0,0,10",
    "0,-91,10,0",
    "0,0,10",
    "0,0,10,10,20",
    "NaN,0,1,1",
    "Infinity,0,1,1",
    "-Infinity,-90,180,90",
    ",,,",
    "0,0,0,0",
    " 1 , 2 , 3 , 4 ",
    "1;2;3;4",
    "1e1,2e0,3e1,4e1",
    "",
  ),
);

const VALUES: Record<string, fc.Arbitrary<string>> = {
  q: query,
  type: fc.constantFrom("rent", "sale", "", "RENT", " rent", "both", "rent,sale", "null"),
  minPrice: number,
  maxPrice: number,
  beds: number,
  baths: number,
  parking: fc.constantFrom(
    "1",
    "true",
    "on",
    "yes",
    "TRUE",
    " Yes ",
    "0",
    "false",
    "off",
    "no",
    "",
    "2",
    "🏠",
  ),
  furnished: fc.constantFrom("1", "true", "on", "yes", "0", "false", "", "maybe"),
  offer: fc.constantFrom("1", "true", "on", "0", "false", "", "null"),
  sort: fc.constantFrom(...SORTS, "", "price", "PRICE-ASC", "oldest", "price-asc ", "random()"),
  bbox,
  view: fc.constantFrom("list", "map", "", "MAP", "grid"),
};

/** A value of `name`, ready for the URL (a cursor comes encoded, or raw and broken, as the hostile reads send it). */
function urlValue(name: string): fc.Arbitrary<string> {
  const values = VALUES[name];
  return values ? encoded(values) : hostileCursor.map((cursor) => cursor.value);
}

/** One parameter: `name=value` (encoded, or a malformed escape), or the bare name, which reads as empty. */
const parameter = fc
  .constantFrom(...Object.keys(VALUES), "cursor")
  .chain((name) =>
    fc
      .oneof(
        { weight: 8, arbitrary: urlValue(name) },
        { weight: 1, arbitrary: MALFORMED },
        { weight: 1, arbitrary: fc.constant(null) },
      )
      .map((value) => (value === null ? name : `${name}=${value}`)),
  );

/** A whole query string: any parameters, in any order, some repeated (the first counts), some missing. */
export const searchQuery: fc.Arbitrary<Labeled<string>> = fc
  .array(parameter, { maxLength: 12 })
  .map((parameters) => {
    const value = parameters.join("&");
    return labeled(value, value.length > 300 ? `${value.slice(0, 300)}...(${value.length})` : value);
  });

/** A price range given upside down (min above max), as plain whole numbers, with other filters or none. */
export const upsideDownPrices: fc.Arbitrary<Labeled<string>> = fc
  .tuple(
    fc.integer({ min: 0, max: MAX_PRICE - 1 }),
    fc.integer({ min: 1, max: MAX_PRICE }),
    fc.array(parameter, { maxLength: 3 }),
  )
  .filter(([low, span]) => low + span <= MAX_PRICE)
  .map(([low, span, others]) => {
    const value = [`minPrice=${low + span}`, `maxPrice=${low}`, ...others].join("&");
    return labeled(value, value.slice(0, 300));
  });

/** What a filter bar shows; undefined where the page has no such field (a category's type, the offers' flag). */
export type Shown = {
  q: string;
  type?: string;
  minPrice: string;
  maxPrice: string;
  beds: string;
  baths: string;
  sort: string;
  parking: boolean;
  furnished: boolean;
  offer?: boolean;
  /** The map view's hidden field. */
  view: boolean;
  /** "in the map's area" in the summary. */
  area: boolean;
};

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};
const decode = (html: string) =>
  html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

/** Reads the filter bar of a list page (the server's HTML, before any script runs). */
export function readFilterBar(answer: Answer): Shown {
  const bar = /<search aria-label="Filters"[\s\S]*?<\/search>/.exec(answer.body)?.[0];
  if (!bar) throw new Error(`no filter bar in the page: ${answer.body.slice(0, 300)}`);
  const input = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(bar)?.[0];
  const value = (name: string) => decode(/ value="([^"]*)"/.exec(input(name) ?? "")?.[1] ?? "");
  const selected = (name: string) => {
    const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(bar)?.[1];
    if (select === undefined) return undefined;
    return decode(/<option value="([^"]*)" selected=""/.exec(select)?.[1] ?? "");
  };
  const checked = (name: string) => {
    const box = input(name);
    return box === undefined ? undefined : box.includes('checked=""');
  };
  return {
    q: value("q"),
    type: selected("type"),
    minPrice: value("minPrice"),
    maxPrice: value("maxPrice"),
    beds: selected("beds") ?? "",
    baths: selected("baths") ?? "",
    sort: selected("sort") ?? "",
    parking: checked("parking") ?? false,
    furnished: checked("furnished") ?? false,
    offer: checked("offer"),
    view: input("view") !== undefined,
    area: decode(bar).includes("in the map's area"),
  };
}

/** Where a page's path fixes part of the search: a category its type, /offers the offer flag. */
export type Page = { path: string; fixed: "type" | "offer" | null };

/**
 * Holds a page's filter bar to the search's reading of `query`: the first of a repeated parameter counts; q is
 * trimmed, its spaces collapsed, cut at 200; a price or room count that is plainly a whole number is used
 * (a price clamped to 750,000,000, rooms to 1-50), anything else is shown as some whole number in range or
 * dropped, never as typed; a range given upside down is shown swapped; a bbox counts only when it is a real
 * area (never inverted, across the antimeridian or off the globe), on every list page (each has its map).
 */
export function expectShownBack(shown: Shown, query: string, page: Page, what: string) {
  const params = new URLSearchParams(query);
  const raw = (name: string) => params.get(name) ?? "";
  const expectField = (field: keyof Shown, expected: unknown) =>
    expect(shown[field], `${field} shown back: ${what}`).toEqual(expected);

  expectField("q", raw("q").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH).toWellFormed());
  if (page.fixed === null) expectField("type", ["rent", "sale"].includes(raw("type")) ? raw("type") : "");
  else expectField("type", undefined);
  expectField("sort", SORTS.includes(raw("sort")) ? raw("sort") : "newest");

  const plain = (name: string) => /^\d+$/.test(raw(name).trim());
  const prices = (["minPrice", "maxPrice"] as const).map((name) => {
    const value = shown[name];
    expect(value === "" || isWholeIn(value, 0, MAX_PRICE), `${name} ${value} a whole price: ${what}`).toBe(
      true,
    );
    return value;
  });
  const [min = "", max = ""] = prices;
  if (min !== "" && max !== "")
    expect(Number(min) <= Number(max), `min ${min} <= max ${max}: ${what}`).toBe(true);
  if (plain("minPrice") && plain("maxPrice")) {
    const given = ["minPrice", "maxPrice"].map((name) => Math.min(MAX_PRICE, Number(raw(name).trim())));
    expect([min, max], `prices shown sorted: ${what}`).toEqual(given.sort((a, b) => a - b).map(String));
  } else {
    for (const name of ["minPrice", "maxPrice"] as const) {
      if (!plain(name)) continue;
      const given = String(Math.min(MAX_PRICE, Number(raw(name).trim())));
      expect(prices, `${name} ${given} shown: ${what}`).toContain(given);
    }
  }

  for (const name of ["beds", "baths"] as const) {
    const value = shown[name];
    expect(value === "" || isWholeIn(value, 1, MAX_ROOMS), `${name} ${value} a room count: ${what}`).toBe(
      true,
    );
    if (plain(name)) {
      const given = Math.min(MAX_ROOMS, Number(raw(name).trim()));
      expectField(name, given >= 1 ? String(given) : "");
    }
  }

  const flags =
    page.fixed === "offer"
      ? (["parking", "furnished"] as const)
      : (["parking", "furnished", "offer"] as const);
  for (const name of flags) {
    const given = raw(name).trim().toLowerCase();
    if (["1", "true", "on", "yes"].includes(given)) expectField(name, true);
    else if (["", "0", "false", "off", "no"].includes(given)) expectField(name, false);
  }
  if (page.fixed === "offer") expectField("offer", undefined);

  const onSearch = page.path === "/search";
  expectField("view", onSearch && raw("view") === "map");
  const area = plainBbox(raw("bbox"));
  if (area !== undefined) expectField("area", area);
}

function isWholeIn(value: string, min: number, max: number) {
  return /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;
}

/**
 * Whether a bbox written as four plain decimal numbers is a real area; undefined when it is not written so
 * (exponents, NaN, spaces: the reading of those is the app's to choose, as long as nothing breaks).
 */
function plainBbox(value: string): boolean | undefined {
  if (value.trim() === "") return false;
  const parts = value.split(",");
  if (parts.length !== 4) return false;
  if (!parts.every((part) => /^-?\d+(\.\d+)?$/.test(part))) return undefined;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  return west < east && south < north && west >= -180 && east <= 180 && south >= -90 && north <= 90;
}
