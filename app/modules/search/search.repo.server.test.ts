import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewListingRow } from "#app/db/schema.ts";
import { ENGLISH } from "#app/modules/i18n/i18n.ts";
import { ENERGY_CLASSES } from "#app/modules/listing/listing.energy.ts";
import { PETS, PROPERTY_TYPES } from "#app/modules/listing/listing.model.ts";
import { matchesFilter } from "#app/modules/saved/saved-search.filter.ts";
import { foldToLowerAscii } from "#app/modules/text/text.fold.ts";
import { createUser, NO_LISTING_DETAILS, testListingRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  ACCESS_LIMITS,
  type Access,
  chooseAccess,
  INDEX_MATCHES_UP_TO,
  rangesToWalk,
} from "./search.access.server.ts";
import { clusterListings, MAP_GRID } from "./search.cluster.server.ts";
import { WORLD } from "./search.map.ts";
import { countListings, searchListings } from "./search.repo.server.ts";
import {
  COUNTED_UP_TO,
  EMPTY_SEARCH,
  homesCount,
  SEARCH_SORTS,
  type SearchFilters,
  type SearchSort,
} from "./search.rules.ts";
import { parseSearchParams } from "./search.schema.ts";
import { queryWords } from "./search.words.ts";

let testDb: TestDb;
let ownerId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  ownerId = (await createUser(testDb.db)).id;
});
afterAll(async () => {
  await testDb.destroy();
});

const WORDS = [
  "München",
  "Berlin",
  "Łódź",
  "Straße",
  "Paris",
  "park",
  "parkside",
  "sunny",
  "Köln",
  "garden",
  "OR",
];
const QUERY_BITS = [
  ...WORDS,
  "munchen",
  "berl",
  "lodz",
  "strasse",
  "par",
  "KÖLN",
  '"',
  "*",
  "-",
  ":",
  "(",
  ")",
  "NEAR",
  "gar",
];

const listingArb = fc.record({
  type: fc.constantFrom("rent" as const, "sale" as const),
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
  location: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(", ")),
  bedrooms: fc.integer({ min: 1, max: 5 }),
  bathrooms: fc.integer({ min: 1, max: 3 }),
  parking: fc.boolean(),
  furnished: fc.constantFrom("unfurnished" as const, "partly" as const, "furnished" as const),
  offer: fc.boolean(),
  regularPrice: fc.integer({ min: 100, max: 1000 }).map((p) => p * 10),
  discount: fc.integer({ min: 1, max: 90 }),
  lat: fc.integer({ min: -20, max: 20 }).map((v) => v / 4),
  lng: fc.integer({ min: -20, max: 20 }).map((v) => v / 4),
  // Classes of several scales, and none: "this class or better" is one order over all of them.
  energyRating: fc.constantFrom(
    null,
    null,
    "A+" as const,
    "A" as const,
    "B2" as const,
    "C" as const,
    "G" as const,
    "H" as const,
  ),
  // Few distinct timestamps, so ties are common and the id must break them.
  timestamp: fc.integer({ min: 1, max: 6 }).map((t) => 1_700_000_000_000 + t),
  // The details, each often missing (listings saved before they were asked); few distinct areas, so ties of
  // area and of price per area are common too, and some areas with decimals (the cursor carries them).
  propertyType: fc.option(fc.constantFrom(...PROPERTY_TYPES), { freq: 3 }),
  livingArea: fc.option(fc.constantFrom(40, 55.5, 72, 72.25, 100, 150), { freq: 3 }),
  pets: fc.option(fc.constantFrom(...PETS), { freq: 3 }),
  availableFrom: fc.option(fc.constantFrom("now", "2026-12-01", "2027-03-01", "2027-03-02"), { freq: 3 }),
  stepFree: fc.option(fc.boolean(), { freq: 3 }),
});

// Each filter is usually absent, so that results are seldom empty.
const rarely = fc.constantFrom(false, false, false, true);
const filtersArb: fc.Arbitrary<SearchFilters> = fc.record({
  q: fc.oneof(
    fc.constant(""),
    fc.constantFrom("par", "berl", "munchen", "KÖLN", "garden", "strasse lodz", "sunny p"),
    fc.array(fc.constantFrom(...QUERY_BITS), { minLength: 1, maxLength: 2 }).map((w) => w.join(" ")),
  ),
  type: fc.constantFrom(null, null, null, "rent" as const, "sale" as const),
  minPrice: fc.option(fc.integer({ min: 0, max: 6_000 }), { freq: 4 }),
  maxPrice: fc.option(fc.integer({ min: 3_000, max: 10_000 }), { freq: 4 }),
  beds: fc.option(fc.integer({ min: 1, max: 4 }), { freq: 4 }),
  baths: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 4 }),
  parking: rarely,
  furnished: rarely,
  offer: rarely,
  minEnergy: fc.constantFrom(null, null, null, "A" as const, "B3" as const, "C" as const, "G" as const),
  kind: fc.option(fc.subarray([...PROPERTY_TYPES], { minLength: 1, maxLength: 3 }), { freq: 4 }),
  minArea: fc.option(fc.constantFrom(40, 60, 72, 100), { freq: 4 }),
  maxArea: fc.option(fc.constantFrom(72, 100, 200, 800), { freq: 4 }),
  pets: rarely,
  availableBy: fc.option(fc.constantFrom("2026-12-01", "2027-03-01", "2028-01-01"), { freq: 4 }),
  stepFree: rarely,
  // An area asked for in square feet is compared in square metres.
  areaUnit: fc.constantFrom("m2" as const, "m2" as const, "ft2" as const),
  bbox: fc.option(
    fc
      .tuple(fc.integer({ min: -6, max: 2 }), fc.integer({ min: -6, max: 2 }), fc.integer({ min: 2, max: 8 }))
      .map(([west, south, size]) => ({ west, south, east: west + size, north: south + size })),
    { freq: 4 },
  ),
});

type Row = NewListingRow & { price: number; pricePerArea: number | null };

function tokens(text: string) {
  return foldToLowerAscii(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The filters as plain code: what the indexes must answer. */
function matches(row: Row, f: SearchFilters) {
  const words = queryWords(f.q);
  const have = tokens(`${row.name} ${row.location}`);
  const wordsMatch = words.every((word, index) =>
    index === words.length - 1 ? have.some((token) => token.startsWith(word)) : have.includes(word),
  );
  return (
    wordsMatch &&
    (!f.type || row.type === f.type) &&
    (!f.offer || row.offer) &&
    (!f.parking || row.parking) &&
    // Furnished in a search: partly or fully.
    (!f.furnished || row.furnished !== "unfurnished") &&
    (f.minPrice === null || row.price >= f.minPrice) &&
    (f.maxPrice === null || row.price <= f.maxPrice) &&
    (f.beds === null || row.bedrooms >= f.beds) &&
    (f.baths === null || row.bathrooms >= f.baths) &&
    (f.minEnergy === null ||
      (row.energyRating != null &&
        ENERGY_CLASSES.indexOf(row.energyRating) <= ENERGY_CLASSES.indexOf(f.minEnergy))) &&
    (!f.kind || (row.propertyType != null && f.kind.includes(row.propertyType))) &&
    (f.minArea === null || (row.livingArea != null && row.livingArea >= inSquareMetres(f.minArea, f))) &&
    (f.maxArea === null || (row.livingArea != null && row.livingArea <= inSquareMetres(f.maxArea, f))) &&
    // Pets in a search: allowed or by arrangement.
    (!f.pets || (row.pets != null && row.pets !== "notAllowed")) &&
    (f.availableBy === null ||
      row.availableFrom === "now" ||
      (row.availableFrom != null && row.availableFrom <= f.availableBy)) &&
    (!f.stepFree || Boolean(row.stepFree)) &&
    (!f.bbox ||
      (row.lng >= f.bbox.west &&
        row.lng <= f.bbox.east &&
        row.lat >= f.bbox.south &&
        row.lat <= f.bbox.north))
  );
}

function inSquareMetres(value: number, f: SearchFilters) {
  return f.areaUnit === "ft2" ? Math.round(value * 0.09290304 * 10_000) / 10_000 : value;
}

/** Whether a sort can place the row: the area's sorts list only homes with an area. */
function sortable(sort: SearchSort) {
  return (row: Row) =>
    sort === "area-desc" || sort === "price-per-area-asc" ? row.livingArea != null : true;
}

function compare(sort: SearchSort) {
  return (a: Row, b: Row) => {
    const key =
      sort === "newest"
        ? b.timestamp - a.timestamp
        : sort === "price-asc"
          ? a.price - b.price
          : sort === "price-desc"
            ? b.price - a.price
            : sort === "area-desc"
              ? b.livingArea! - a.livingArea!
              : a.pricePerArea! - b.pricePerArea!;
    if (key !== 0) return key;
    const ascending = sort === "price-asc" || sort === "price-per-area-asc";
    return ascending ? (a.id < b.id ? -1 : 1) : a.id < b.id ? 1 : -1;
  };
}

type GeneratedListing = typeof listingArb extends fc.Arbitrary<infer T> ? T : never;

async function seed(listings: GeneratedListing[]) {
  await testDb.db.deleteFrom("listing").execute();
  const rows: Row[] = listings.map(({ discount, ...listing }, index) => {
    const discountedPrice = listing.offer ? listing.regularPrice - discount * 10 : null;
    const row = testListingRow(ownerId, {
      ...listing,
      discountedPrice,
      id: `L${String(index).padStart(4, "0")}`,
    });
    const price = discountedPrice ?? listing.regularPrice;
    return { ...row, price, pricePerArea: null };
  });
  if (rows.length > 0) {
    await testDb.db
      .insertInto("listing")
      .values(rows.map(({ price, pricePerArea, ...row }) => row))
      .execute();
    // The database's own price per area (a double: its last bits are the engine's), for the expected order.
    const stored = await testDb.db.selectFrom("listing").select(["id", "pricePerArea"]).execute();
    const perArea = new Map(stored.map((row) => [row.id, row.pricePerArea]));
    for (const row of rows) row.pricePerArea = perArea.get(row.id!) ?? null;
  }
  return rows;
}

async function readAllPages(filters: SearchFilters, sort: SearchSort, pageSize: number, access?: Access) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: Awaited<ReturnType<typeof searchListings>> = await searchListings(
      testDb.db,
      filters,
      sort,
      cursor,
      pageSize,
      access,
    );
    expect(page.listings.length).toBeLessThanOrEqual(pageSize);
    ids.push(...page.listings.map((listing) => listing.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error("pages never ended");
}

describe("search", () => {
  it("answers every filter and sort as plain code does, and its pages join into the whole sorted result", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(listingArb, { maxLength: 40 }),
        filtersArb,
        fc.constantFrom(...SEARCH_SORTS),
        fc.integer({ min: 1, max: 7 }),
        async (listings, filters, sort, pageSize) => {
          const rows = await seed(listings);
          const matching = rows.filter((row) => matches(row, filters));
          const expected = matching
            .filter(sortable(sort))
            .sort(compare(sort))
            .map((row) => row.id);
          // Every way of reading a search (from the words' and area's indexes, or walking the sort's index with
          // the words' match list or each row's own words) answers the same; with this few listings the search
          // itself would always choose the first.
          expect(await readAllPages(filters, sort, pageSize)).toEqual(expected);
          expect(await countListings(testDb.db, filters, undefined, sort)).toBe(expected.length);
          for (const access of ["walk", "walk-rows"] as const) {
            expect(await readAllPages(filters, sort, pageSize, access)).toEqual(expected);
            expect(await countListings(testDb.db, filters, access, sort)).toBe(expected.length);
          }
          // A range that holds many listings is checked while the sort's index is walked (SQLite): here every
          // range is, and the pages are the same.
          const limit = ACCESS_LIMITS.indexUpTo;
          ACCESS_LIMITS.indexUpTo = 0;
          try {
            expect(await readAllPages(filters, sort, pageSize, "index")).toEqual(expected);
          } finally {
            ACCESS_LIMITS.indexUpTo = limit;
          }
          // The alert sweep's in-memory matcher answers as the query does (a saved search is a search).
          const alerted = rows.filter((row) =>
            matchesFilter(filters, queryWords(filters.q), {
              ...row,
              parking: Boolean(row.parking),
              furnished: row.furnished,
              agencyId: row.agencyId ?? null,
              ...NO_LISTING_DETAILS,
              energyRating: row.energyRating ?? null,
              propertyType: row.propertyType ?? null,
              livingArea: row.livingArea ?? null,
              pets: row.pets ?? null,
              availableFrom: row.availableFrom ?? null,
              stepFree: row.stepFree == null ? null : Boolean(row.stepFree),
              offer: Boolean(row.offer),
              exactAddress: Boolean(row.exactAddress ?? true),
              discountedPrice: row.discountedPrice ?? null,
              geolocation: { lat: row.lat, lng: row.lng },
              status: "available",
              expired: false,
              publishedAt: row.timestamp,
              changedAt: row.timestamp,
            }),
          );
          expect(alerted.map((row) => row.id).sort()).toEqual(matching.map((row) => row.id).sort());
        },
      ),
      { numRuns: 150 },
    );
  });

  it("finds words whatever their accents and case, the last as a prefix, and reads query syntax as text", async () => {
    await seed([]);
    const base = {
      type: "rent" as const,
      bedrooms: 1,
      bathrooms: 1,
      parking: false,
      furnished: "unfurnished" as const,
      offer: false,
    };
    await testDb.db
      .insertInto("listing")
      .values([
        testListingRow(ownerId, {
          ...base,
          id: "munich",
          name: "Flat in München",
          location: "Leopoldstraße 3",
        }),
        testListingRow(ownerId, {
          ...base,
          id: "berlin",
          name: "Loft in Berlin",
          location: "Große Straße 1",
        }),
        testListingRow(ownerId, {
          ...base,
          id: "lodz",
          name: "House near Łódź",
          location: "ul. Piotrkowska",
        }),
      ])
      .execute();
    const find = async (q: string) =>
      (await searchListings(testDb.db, { ...EMPTY_SEARCH, q }, "newest", null)).listings
        .map((l) => l.id)
        .sort();
    expect(await find("munchen")).toEqual(["munich"]);
    expect(await find("MÜNCHEN flat")).toEqual(["munich"]);
    expect(await find("berl")).toEqual(["berlin"]);
    expect(await find("grosse strasse")).toEqual(["berlin"]);
    expect(await find("lodz")).toEqual(["lodz"]);
    expect(await find("Berlin München")).toEqual([]);
    for (const q of [
      '"',
      "*",
      "berlin OR munich",
      "NEAR(berlin)",
      "-berlin",
      "name:berlin",
      "(",
      "AND",
      "\\",
      "'",
    ]) {
      await expect(find(q)).resolves.toBeInstanceOf(Array);
    }
    expect(await find('"berlin"')).toEqual(["berlin"]);
    expect(await find("loft:")).toEqual(["berlin"]);
  });

  it("answers the same every way it reads, where the indexes fold a text otherwise than plain code", async () => {
    // SQLite's FTS5 and PostgreSQL keep the accents of Greek and Cyrillic letters and leave compatibility forms
    // (full-width letters, ligatures, "²") as they are, where NFKD folds them: a walk that checks rows by
    // their own words must then ask the index, so a search finds the same listings however it is read.
    await seed([]);
    const texts = [
      ["fullwidth", "Ｂｅｒｌｉｎ loft", "Ｍｉｔｔｅ １２"],
      ["ligature", "Sunny ﬁnca", "Calle 2², Sevilla"],
      ["cyrillic", "Квартира в Йошкар-Оле", "улица Ленина"],
      ["greek", "Διαμέρισμα στην Αθήνα", "Οδός Ερμού"],
      ["latin", "Finca in Berlin", "Mitte 12, Αθήνα"],
      ["accented", "Ǿresund view", "Ĳssel 4, Ħamrun"],
    ];
    await testDb.db
      .insertInto("listing")
      .values(
        texts.map(([id, name, location], index) =>
          testListingRow(ownerId, {
            id,
            name,
            location,
            lat: 52.5,
            lng: 13.4,
            timestamp: 1_700_000_000_000 + index,
          }),
        ),
      )
      .execute();
    const box = { west: 13, south: 52, east: 14, north: 53 };
    for (const q of [
      "berlin",
      "ｂｅｒｌｉｎ",
      "finca",
      "ﬁnca",
      "mitte 12",
      "йошкар",
      "иошкар",
      "αθηνα",
      "αθήνα",
      "2",
      "oresund",
      "ǿresund",
      "ijssel",
      "ĳssel",
      "ħamrun",
      "hamrun",
    ]) {
      for (const bbox of [null, box]) {
        const filters = { ...EMPTY_SEARCH, q, bbox };
        const byIndex = await readAllPages(filters, "newest", 2, "index");
        const counted = await countListings(testDb.db, filters, "index");
        expect(counted).toBe(byIndex.length);
        for (const access of ["walk", "walk-rows"] as const) {
          expect(await readAllPages(filters, "newest", 2, access)).toEqual(byIndex);
          expect(await countListings(testDb.db, filters, access)).toBe(counted);
        }
      }
    }
    // Each of these listings is found by what both sides fold alike.
    expect(await readAllPages({ ...EMPTY_SEARCH, q: "loft" }, "newest", 5, "walk-rows")).toEqual([
      "fullwidth",
    ]);
    expect(await readAllPages({ ...EMPTY_SEARCH, q: "sunny" }, "newest", 5, "walk-rows")).toEqual([
      "ligature",
    ]);
    expect(await readAllPages({ ...EMPTY_SEARCH, q: "улица" }, "newest", 5, "walk-rows")).toEqual([
      "cyrillic",
    ]);
    expect(await readAllPages({ ...EMPTY_SEARCH, q: "στην" }, "newest", 5, "walk-rows")).toEqual(["greek"]);
    expect(await readAllPages({ ...EMPTY_SEARCH, q: "ħamrun" }, "newest", 5, "walk-rows")).toEqual([
      "accented",
    ]);
  });

  it("counts matches up to a thousand and one, and says past that 'Over 1,000 homes'", async () => {
    await seed([]);
    const rows = Array.from({ length: COUNTED_UP_TO + 5 }, (_, index) =>
      testListingRow(ownerId, { id: `C${String(index).padStart(5, "0")}`, name: "Counted flat" }),
    );
    for (let at = 0; at < rows.length; at += 200) {
      await testDb.db
        .insertInto("listing")
        .values(rows.slice(at, at + 200))
        .execute();
    }
    const total = await countListings(testDb.db, { ...EMPTY_SEARCH, q: "counted" });
    expect(total).toBe(COUNTED_UP_TO + 1);
    expect(homesCount(total, ENGLISH)).toBe("Over 1,000 homes");
    expect(homesCount(COUNTED_UP_TO, ENGLISH)).toBe("1,000 homes");
    expect(homesCount(1, ENGLISH)).toBe("1 home");
    expect(await countListings(testDb.db, { ...EMPTY_SEARCH, q: "counted", beds: 50 })).toBe(0);
  });

  it("walks the sort's index when the words or the area match many listings, and its pages still hold each match once", async () => {
    await seed([]);
    const dense = INDEX_MATCHES_UP_TO + 60;
    const rows = Array.from({ length: 2 * dense }, (_, index) =>
      testListingRow(ownerId, {
        id: `W${String(index).padStart(5, "0")}`,
        // Every other listing is in Berlin, one in five of those a house; prices repeat so the id must break ties.
        name: index % 2 === 1 ? "Flat in Paris" : index % 10 === 0 ? "House in Berlin" : "Flat in Berlin",
        location: index % 2 === 0 ? "Berlin, Germany" : "Paris, France",
        lat: index % 2 === 0 ? 52.5 : 48.85,
        lng: index % 2 === 0 ? 13.4 : 2.35,
        regularPrice: 1000 + (index % 7) * 100,
        timestamp: 1_700_000_000_000 + (index % 13),
      }),
    );
    for (let at = 0; at < rows.length; at += 200) {
      await testDb.db
        .insertInto("listing")
        .values(rows.slice(at, at + 200))
        .execute();
    }
    const berlin = { west: 13, south: 52, east: 14, north: 53 };
    for (const filters of [
      { ...EMPTY_SEARCH, q: "berl" },
      { ...EMPTY_SEARCH, bbox: berlin },
      { ...EMPTY_SEARCH, q: "flat", bbox: berlin },
    ]) {
      // PostgreSQL's planner weighs the words itself (the stored tsvector has statistics): only an area is counted.
      // On SQLite, words this common among this few listings are checked on each walked row, and by their list
      // of matches where more listings would make each page walk further.
      const weighed = testDb.kind === "sqlite" || filters.bbox;
      const checksRows = testDb.kind === "sqlite" && filters.q;
      expect(await chooseAccess(testDb.db, filters)).toBe(
        !weighed ? "index" : checksRows ? "walk-rows" : "walk",
      );
      if (checksRows) {
        const longerList = { ...ACCESS_LIMITS, wordListUpTo: () => 10 * dense };
        expect(await chooseAccess(testDb.db, filters, longerList)).toBe("walk");
      }
      const expected = rows
        .filter((row) => row.location.startsWith("Berlin"))
        .filter((row) => filters.q !== "flat" || row.name.startsWith("Flat"))
        .map((row) => ({ ...row, price: row.regularPrice, pricePerArea: null }))
        .sort(compare("price-desc"))
        .map((row) => row.id);
      expect(await readAllPages(filters, "price-desc", 400)).toEqual(expected);
      for (const access of [undefined, "walk", "walk-rows"] as const) {
        expect(await countListings(testDb.db, filters, access)).toBe(COUNTED_UP_TO + 1);
      }
    }
    // A rare word among them is read from its index, and sorted.
    await testDb.db
      .insertInto("listing")
      .values(
        testListingRow(ownerId, { id: "rare", name: "Lighthouse in Berlin", location: "Berlin, Germany" }),
      )
      .execute();
    const rare = { ...EMPTY_SEARCH, q: "lighthouse" };
    expect(await chooseAccess(testDb.db, rare)).toBe("index");
    expect(await readAllPages(rare, "newest", 10)).toEqual(["rare"]);
  });

  it("keeps its indexes in step with edits and deletes", async () => {
    await seed([]);
    const row = testListingRow(ownerId, { id: "edited", name: "Cottage by the sea", lat: 10, lng: 10 });
    await testDb.db.insertInto("listing").values(row).execute();
    await testDb.db
      .updateTable("listing")
      .set({ name: "Villa in the hills", lat: 20, lng: 20 })
      .where("id", "=", "edited")
      .execute();
    const find = async (filters: Partial<SearchFilters>) =>
      (await searchListings(testDb.db, { ...EMPTY_SEARCH, ...filters }, "newest", null)).listings.length;
    expect(await find({ q: "cottage" })).toBe(0);
    expect(await find({ q: "villa" })).toBe(1);
    expect(await find({ bbox: { west: 9, south: 9, east: 11, north: 11 } })).toBe(0);
    expect(await find({ bbox: { west: 19, south: 19, east: 21, north: 21 } })).toBe(1);
    await testDb.db.deleteFrom("listing").where("id", "=", "edited").execute();
    expect(await find({ q: "villa" })).toBe(0);
    expect(await find({ bbox: { west: 19, south: 19, east: 21, north: 21 } })).toBe(0);
  });

  it("reads any parameters sensibly and answers them without failing", async () => {
    await seed([]);
    const names = [
      "q",
      "type",
      "minPrice",
      "maxPrice",
      "beds",
      "baths",
      "parking",
      "furnished",
      "offer",
      "kind",
      "minArea",
      "maxArea",
      "pets",
      "availableBy",
      "stepFree",
      "sort",
      "bbox",
      "view",
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        "",
        "-1",
        "NaN",
        "Infinity",
        "1e400",
        "99999999999999999999",
        "2.5",
        "0",
        "1,2,3,4",
        "10,10,-10,-10",
        "170,-10,-170,10",
        "-200,0,0,1",
        "flat,house",
        "FLAT,,castle",
        "2027-03-01",
        "2027-02-30",
        "now",
        "area-desc",
        "price-per-area-asc",
      ),
      fc.double().map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 14 }),
        async (pairs) => {
          const params = parseSearchParams(new URLSearchParams(pairs));
          expect(params.q.length).toBeLessThanOrEqual(200);
          if (params.minPrice !== null && params.maxPrice !== null)
            expect(params.minPrice).toBeLessThanOrEqual(params.maxPrice);
          if (params.bbox) expect(params.bbox.west).toBeLessThan(params.bbox.east);
          if (params.minArea !== null && params.maxArea !== null)
            expect(params.minArea).toBeLessThanOrEqual(params.maxArea);
          await searchListings(testDb.db, params, params.sort, null);
          await countListings(testDb.db, params);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("walks the sort's index past a range that holds many listings, and starts from a narrow one (SQLite)", async () => {
    await seed([]);
    await testDb.db
      .insertInto("listing")
      .values(
        Array.from({ length: 30 }, (_, index) =>
          testListingRow(ownerId, { id: `R${index}`, livingArea: 40 + index, regularPrice: 1000 + index }),
        ),
      )
      .execute();
    const filters = { ...EMPTY_SEARCH, minArea: 50, minPrice: 1000, maxPrice: 1002 };
    const walked = await rangesToWalk(testDb.db, filters, "timestamp", 5);
    expect(walked).toEqual(testDb.kind === "postgres" ? [] : ["livingArea"]);
    expect(await rangesToWalk(testDb.db, filters, "livingArea", 5)).toEqual([]);
  });

  it("filters by a listing's details and sorts by area and by price per area, leaving out homes without an area", async () => {
    await seed([]);
    const home = (id: string, details: Partial<NewListingRow>) =>
      testListingRow(ownerId, { id, type: "rent", offer: false, discountedPrice: null, ...details });
    await testDb.db
      .insertInto("listing")
      .values([
        // 1,440 a month for 72 m²: 20 a m².
        home("flat72", {
          propertyType: "flat",
          livingArea: 72,
          regularPrice: 1440,
          pets: "byArrangement",
          availableFrom: "now",
          stepFree: true,
        }),
        // 1,500 for 100 m²: 15 a m².
        home("house100", {
          propertyType: "house",
          livingArea: 100,
          regularPrice: 1500,
          pets: "allowed",
          availableFrom: "2027-03-01",
          stepFree: false,
        }),
        // 900 for 45.5 m²: 19.78 a m².
        home("studio45", {
          propertyType: "studio",
          livingArea: 45.5,
          regularPrice: 900,
          pets: "notAllowed",
          availableFrom: "2027-06-01",
          stepFree: true,
        }),
        // Saved before the details were asked.
        home("old", { regularPrice: 800 }),
      ])
      .execute();
    const find = async (query: string, unit: "m2" | "ft2" = "m2") => {
      const params = parseSearchParams(new URLSearchParams(query), unit);
      const { listings } = await searchListings(testDb.db, params, params.sort, null);
      expect(await countListings(testDb.db, params, undefined, params.sort), query).toBe(listings.length);
      return listings.map((listing) => listing.id);
    };
    expect((await find("kind=flat,house")).sort()).toEqual(["flat72", "house100"]);
    expect((await find("kind=studio&kind=house")).sort()).toEqual(["house100", "studio45"]);
    expect((await find("minArea=60")).sort()).toEqual(["flat72", "house100"]);
    expect(await find("minArea=50&maxArea=80")).toEqual(["flat72"]);
    // In square feet: 72 m² is 775 ft².
    expect(await find("minArea=775&maxArea=1000", "ft2")).toEqual(["flat72"]);
    expect((await find("pets=true")).sort()).toEqual(["flat72", "house100"]);
    expect((await find("availableBy=2027-03-01")).sort()).toEqual(["flat72", "house100"]);
    expect(await find("availableBy=2027-02-28")).toEqual(["flat72"]);
    expect((await find("stepFree=1")).sort()).toEqual(["flat72", "studio45"]);
    expect(await find("sort=area-desc")).toEqual(["house100", "flat72", "studio45"]);
    expect(await find("sort=price-per-area-asc")).toEqual(["house100", "studio45", "flat72"]);
    expect(await find("sort=price-per-area-asc&maxPrice=1000")).toEqual(["studio45"]);
    // The area's pages go on past a key with decimals.
    const first = await searchListings(testDb.db, EMPTY_SEARCH, "area-desc", null, 2);
    const rest = await searchListings(testDb.db, EMPTY_SEARCH, "area-desc", first.nextCursor, 2);
    expect(rest.listings.map((listing) => listing.id)).toEqual(["studio45"]);
    const cheap = await searchListings(testDb.db, EMPTY_SEARCH, "price-per-area-asc", null, 1);
    const next = await searchListings(testDb.db, EMPTY_SEARCH, "price-per-area-asc", cheap.nextCursor, 1);
    expect(next.listings.map((listing) => listing.id)).toEqual(["studio45"]);
  });

  it("clusters the map on the server: a bounded number of points that hold every match once", async () => {
    await seed([]);
    const rows = Array.from({ length: 600 }, (_, index) =>
      testListingRow(ownerId, {
        id: `M${index}`,
        lat: 40 + (index % 30) / 10,
        lng: -3 + Math.floor(index / 30) / 10,
      }),
    );
    rows.push(testListingRow(ownerId, { id: "alone", lat: -30, lng: 150, name: "Alone by the sea" }));
    for (let i = 0; i < rows.length; i += 200)
      await testDb.db
        .insertInto("listing")
        .values(rows.slice(i, i + 200))
        .execute();
    const world = await clusterListings(testDb.db, EMPTY_SEARCH, WORLD);
    expect(world.length).toBeLessThanOrEqual(MAP_GRID.columns * MAP_GRID.rows);
    expect(world.reduce((sum, point) => sum + point.count, 0)).toBe(601);
    expect(world.find((point) => point.count === 1)?.listing?.name).toBe("Alone by the sea");
    const city = await clusterListings(testDb.db, EMPTY_SEARCH, {
      west: -3.05,
      south: 39.95,
      east: -2.75,
      north: 40.25,
    });
    expect(city.length).toBeGreaterThan(world.length);
    expect(city.length).toBeLessThanOrEqual(MAP_GRID.columns * MAP_GRID.rows);
    for (const point of city) {
      expect(point.bounds.west).toBeLessThanOrEqual(point.lng);
      expect(point.bounds.east).toBeGreaterThanOrEqual(point.lng);
    }
    expect(city.reduce((sum, point) => sum + point.count, 0)).toBe(
      await countListings(testDb.db, {
        ...EMPTY_SEARCH,
        bbox: { west: -3.05, south: 39.95, east: -2.75, north: 40.25 },
      }),
    );
  });

  it("swaps a price range given upside down, clamps and drops what is out of range", () => {
    const read = (query: string) => parseSearchParams(new URLSearchParams(query));
    expect(read("minPrice=900&maxPrice=100")).toMatchObject({ minPrice: 100, maxPrice: 900 });
    expect(read("minPrice=-5&maxPrice=99999999999")).toMatchObject({ minPrice: 0, maxPrice: 750_000_000 });
    expect(read("beds=0&baths=abc")).toMatchObject({ beds: null, baths: null });
    expect(read("beds=99&baths=2.7")).toMatchObject({ beds: 50, baths: 2 });
    expect(read("bbox=170,-10,-170,10").bbox).toBeNull();
    expect(read("bbox=1,2,3,4").bbox).toEqual({ west: 1, south: 2, east: 3, north: 4 });
    expect(read(`q=${"a".repeat(500)}`).q).toHaveLength(200);
    expect(read("type=rent&type=sale&sort=bogus&view=map")).toMatchObject({
      type: "rent",
      sort: "newest",
      view: "map",
    });
  });
});
