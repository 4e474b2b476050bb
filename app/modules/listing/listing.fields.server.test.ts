import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGLISH } from "#app/modules/i18n/i18n.ts";
import { columnValue } from "#app/modules/saved/saved-search.filter.ts";
import { EMPTY_SEARCH, searchQueryString } from "#app/modules/search/search.rules.ts";
import { parseSearchParams, SearchParamsSchema } from "#app/modules/search/search.schema.ts";
import { createListing, createUser, testListingRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  filterParams,
  LISTING_COLUMNS,
  LISTING_SORTS,
  type ListingColumn,
  type ListingField,
  SHOWN_COLUMNS,
  SORT_INDEX_COLUMNS,
  VALUE_FILTERS,
} from "./listing.fields.ts";
import { type Listing, toListingSummary } from "./listing.model.ts";
import { findListedSavedBetween } from "./listing.repo.server.ts";
import { effectivePrice } from "./listing.rules.ts";
import { listingJsonLd } from "./listing.seo.ts";

// Every list that follows from listing.fields.ts but is held elsewhere (frozen migrations' triggers and
// indexes, the alert sweep's reads, the search's URL, the JSON-LD) is compared with it here, on the migrated
// database of each engine: a field declared but forgotten in one of them fails this file.

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});

const declared = Object.entries(LISTING_COLUMNS) as [ListingColumn, ListingField][];

/** Column names of an SQL list: `"userRef", type, "name"` → ["userRef", "type", "name"]. */
function columnList(text: string) {
  return text.split(",").map((part) => part.trim().replace(/^"|"$/g, ""));
}

async function listingTableColumns(): Promise<string[]> {
  if (testDb.kind === "postgres") {
    const { rows } = await sql<{ name: string }>`SELECT column_name AS "name" FROM information_schema.columns
      WHERE table_name = 'listing' AND table_schema = current_schema()`.execute(testDb.db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`SELECT "name" FROM pragma_table_xinfo('listing')`.execute(
    testDb.db,
  );
  return rows.map((row) => row.name);
}

/** The columns whose update the page cache's listing trigger watches. */
async function pageCacheTriggerColumns(): Promise<string[]> {
  const name = "listing_update_bumps_page_cache";
  const definition =
    testDb.kind === "postgres"
      ? (
          await sql<{ def: string }>`SELECT pg_get_triggerdef(oid) AS "def" FROM pg_trigger
            WHERE tgname = ${name}`.execute(testDb.db)
        ).rows[0]?.def
      : (
          await sql<{ def: string }>`SELECT "sql" AS "def" FROM sqlite_master
            WHERE type = 'trigger' AND name = ${name}`.execute(testDb.db)
        ).rows[0]?.def;
  const match = /update of (.+?) on /is.exec(definition ?? "");
  return match ? columnList(match[1]!) : [];
}

/** Every B-tree index of the listing table with its columns, in order. */
async function listingIndexes(): Promise<Map<string, string[]>> {
  const indexes = new Map<string, string[]>();
  if (testDb.kind === "postgres") {
    const { rows } = await sql<{ name: string; def: string }>`SELECT indexname AS "name", indexdef AS "def"
      FROM pg_indexes WHERE tablename = 'listing'`.execute(testDb.db);
    for (const row of rows) {
      const match = /USING btree \(([^)]*)\)/.exec(row.def);
      if (match) indexes.set(row.name, columnList(match[1]!));
    }
    return indexes;
  }
  const { rows } = await sql<{ name: string }>`SELECT "name" FROM sqlite_master
    WHERE type = 'index' AND tbl_name = 'listing'`.execute(testDb.db);
  for (const { name } of rows) {
    const info = await sql<{ name: string }>`SELECT "name" FROM pragma_index_info(${name})`.execute(
      testDb.db,
    );
    indexes.set(
      name,
      info.rows.map((column) => column.name),
    );
  }
  return indexes;
}

describe("listing fields: one declaration", () => {
  it("declares every column of the listing table", async () => {
    const columns = (await listingTableColumns()).filter((column) => column !== "searchVector");
    expect(columns.sort()).toEqual(Object.keys(LISTING_COLUMNS).sort());
  });

  it("bumps the page cache on an update of every column a page shows", async () => {
    const watched = await pageCacheTriggerColumns();
    expect(watched.length).toBeGreaterThan(0);
    expect(SHOWN_COLUMNS.filter((column) => !watched.includes(column))).toEqual([]);
  });

  it("sorts by every declared sort on an index that holds every filtered column", async () => {
    const indexes = await listingIndexes();
    for (const sort of LISTING_SORTS) {
      // The sort alone, by a type and by the offers: the keyset's (key, id), after what a list page fixes.
      for (const leading of [[], ["type"], ["offer"]]) {
        const keys = [...leading, sort.column, "id"];
        const index = [...indexes.values()].find((columns) => keys.every((key, at) => columns[at] === key));
        expect(index, `an index on ${keys.join(", ")}`).toBeDefined();
        expect(SORT_INDEX_COLUMNS.filter((column) => !index!.includes(column))).toEqual([]);
      }
    }
  });

  it("gives the alert sweep every filtered field of the listings it matches", async () => {
    const { id: ownerId } = await createUser(testDb.db);
    const row = await createListing(testDb.db, ownerId, { offer: true, discountedPrice: 1200 });
    const [listing] = await findListedSavedBetween(testDb.db, row.timestamp - 1, row.timestamp);
    expect(listing?.id).toBe(row.id);
    for (const { column } of VALUE_FILTERS) {
      expect(columnValue(listing!, column), column).not.toBeUndefined();
    }
    expect(listing!.geolocation).toEqual({ lat: row.lat, lng: row.lng });
  });

  it("reads and writes every filter's URL parameters", () => {
    for (const { filter, field } of VALUE_FILTERS) {
      for (const param of filterParams(filter)) {
        expect(Object.keys(SearchParamsSchema.shape)).toContain(param);
        const sample =
          filter.op === "flag"
            ? "1"
            : filter.op === "equals" || filter.op === "scale"
              ? field.values![0]!
              : filter.op === "anyOf"
                ? field.values!.slice(0, 2).join(",")
                : filter.op === "availableBy"
                  ? "2027-03-01"
                  : String(Math.max(1, field.min ?? 0) + 1);
        const params = parseSearchParams(new URLSearchParams({ [param]: sample }));
        expect(searchQueryString(params), param).toBe(new URLSearchParams({ [param]: sample }).toString());
      }
    }
    expect(searchQueryString(parseSearchParams(new URLSearchParams()))).toBe("");
    expect(searchQueryString(EMPTY_SEARCH)).toBe("");
  });

  it("shows every JSON-LD and card field: changing one changes the JSON-LD and the card", () => {
    const base: Listing = {
      id: "l1",
      agencyId: null,
      type: "rent",
      name: "Sunny flat near the park",
      bedrooms: 2,
      bathrooms: 1,
      parking: false,
      furnished: "furnished",
      description: "A sunny flat near the park, with a balcony.",
      propertyType: "flat",
      livingArea: 72,
      plotArea: 120,
      rooms: 3,
      yearBuilt: 1908,
      condition: "good",
      floor: 2,
      floorsTotal: 5,
      lift: true,
      stepFree: false,
      availableFrom: "2027-03-01",
      leaseMonths: 12,
      deposit: 3000,
      monthlyCharges: 180,
      heatingIncluded: true,
      serviceCharge: null,
      pets: "allowed",
      tourUrl: "https://youtu.be/dQw4w9WgXcQ",
      energyCertificate: "certificate",
      energyRating: "C",
      energyUse: 120,
      energyValidUntil: "2030-01-01",
      energyCertificateType: "demand",
      energySource: "gas",
      ghgRating: "B",
      energyCostMin: 900,
      energyCostMax: 1300,
      tenure: null,
      councilTaxBand: "C",
      location: "12 Rue de Rivoli, Paris",
      offer: true,
      regularPrice: 1500,
      discountedPrice: 1200,
      images: [],
      floorPlans: [],
      geolocation: { lat: 48.85, lng: 2.35 },
      exactAddress: true,
      timestamp: 1_700_000_000_000,
      userRef: "u1",
      status: "available",
      expired: false,
      publishedAt: 1_700_000_000_000,
      changedAt: 1_700_000_000_000,
    };
    const jsonLd = (listing: Listing) =>
      JSON.stringify(listingJsonLd(listing, "https://example.com", ENGLISH));
    const card = (listing: Listing) => JSON.stringify(toListingSummary(listing));
    for (const [column, field] of declared) {
      if (!field.jsonLd && !field.card) continue;
      const changed = changeField(base, column, field);
      if (field.jsonLd) expect(jsonLd(changed), `${column} in the JSON-LD`).not.toBe(jsonLd(base));
      if (field.card) expect(card(changed), `${column} on the card`).not.toBe(card(base));
    }
  });

  it("generates the price a search filters and sorts by as effectivePrice says", async () => {
    const { id: ownerId } = await createUser(testDb.db);
    const prices = fc.sample(
      fc.record({
        offer: fc.boolean(),
        regularPrice: fc.integer({ min: 50, max: 750_000_000 }),
        discountedPrice: fc.option(fc.integer({ min: 50, max: 750_000_000 })),
      }),
      { numRuns: 300, seed: 7 },
    );
    const rows = prices.map((price) => testListingRow(ownerId, price));
    for (let at = 0; at < rows.length; at += 100) {
      await testDb.db
        .insertInto("listing")
        .values(rows.slice(at, at + 100))
        .execute();
    }
    const stored = await testDb.db
      .selectFrom("listing")
      .select(["id", "offer", "regularPrice", "discountedPrice", "price"])
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    expect(stored).toHaveLength(rows.length);
    for (const row of stored) {
      expect(Number(row.price)).toBe(effectivePrice({ ...row, offer: Boolean(row.offer) }));
    }
  });

  it("generates the price per area a search sorts by: the price paid per square metre, none without an area", async () => {
    const { id: ownerId } = await createUser(testDb.db);
    const homes = fc.sample(
      fc.record({
        offer: fc.boolean(),
        regularPrice: fc.integer({ min: 50, max: 750_000_000 }),
        discountedPrice: fc.option(fc.integer({ min: 50, max: 750_000_000 })),
        livingArea: fc.option(fc.integer({ min: 10, max: 1_000_000 }).map((tenths) => tenths / 10)),
      }),
      { numRuns: 100, seed: 11 },
    );
    const rows = homes.map((home) => testListingRow(ownerId, home));
    await testDb.db.insertInto("listing").values(rows).execute();
    const stored = await testDb.db
      .selectFrom("listing")
      .select(["offer", "regularPrice", "discountedPrice", "livingArea", "pricePerArea"])
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    expect(stored).toHaveLength(rows.length);
    for (const row of stored) {
      const price = effectivePrice({ ...row, offer: Boolean(row.offer) });
      if (row.livingArea === null) expect(row.pricePerArea).toBeNull();
      // SQLite's virtual column is a double too: both engines agree to the last bits.
      else expect(Number(row.pricePerArea)).toBeCloseTo(price / row.livingArea, 6);
    }
  });
});

/** `listing` with the field of `column` changed (a Listing names some columns otherwise: geolocation, expired). */
function changeField(listing: Listing, column: ListingColumn, field: ListingField): Listing {
  if (column === "lat" || column === "lng") {
    return { ...listing, geolocation: { ...listing.geolocation, [column]: listing.geolocation[column] + 1 } };
  }
  if (column === "expiredAt") return { ...listing, expired: !listing.expired };
  const key = column as keyof Listing;
  const value = listing[key];
  switch (field.kind) {
    case "boolean":
      return { ...listing, [key]: !value };
    case "choice":
      return { ...listing, [key]: field.values!.find((other) => other !== value) };
    case "text":
    case "id":
      return { ...listing, [key]: `${value}x` };
    default:
      return { ...listing, [key]: (value as number) + 86_400_000 };
  }
}
