import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewListingRow } from "#app/db/schema.ts";
import { createUser, testListingRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { sitemapIndex, sitemapPage } from "./listing.sitemap.server.ts";

// 120,000 listings: more than two full sitemap files, on both engines. Three listings share each timestamp,
// so files split inside runs of equal times and only the id tells their order.
const LISTINGS = 120_000;
const PUBLIC_URL = "https://homes.example";
const OLDEST = Date.UTC(2026, 0, 1);

let testDb: TestDb;
let rows: NewListingRow[];

beforeAll(async () => {
  testDb = await createTestDb();
  const owner = await createUser(testDb.db);
  rows = Array.from({ length: LISTINGS }, (_, index) =>
    testListingRow(owner.id, {
      type: index % 2 === 0 ? "rent" : "sale",
      timestamp: OLDEST + Math.floor(index / 3) * 1000,
    }),
  );
  await testDb.db.transaction().execute(async (trx) => {
    // 2,000 rows of 15 columns per INSERT stay under both engines' limits on bound parameters.
    for (let start = 0; start < rows.length; start += 2000) {
      await trx
        .insertInto("listing")
        .values(rows.slice(start, start + 2000))
        .execute();
    }
  });
  // Each insert writes the listing table's twelve sort indexes: 95 s on SQLite on a busy 2-CPU machine.
}, 300_000);
afterAll(async () => testDb?.destroy());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
const lastmods = (xml: string) => [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1]!);
const listingIds = (xml: string) =>
  locs(xml)
    .map((loc) => /\/category\/(?:rent|sale)\/([^/]+)$/.exec(loc)?.[1])
    .filter((id): id is string => id !== undefined);
/** The listings oldest first, as the sitemap orders them: by timestamp, then id. */
const oldestFirst = () =>
  rows.toSorted((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe("the sitemap of 120,000 listings", () => {
  it("is an index of three files of at most 50,000 URLs that list every listing once, oldest first", async () => {
    const { db } = testDb;
    const index = await sitemapIndex(db, PUBLIC_URL);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemap-${n}.xml`));

    const files = await Promise.all([1, 2, 3].map((n) => sitemapPage(db, PUBLIC_URL, n)));
    const ids = files.map((xml) => listingIds(xml!));
    expect(ids.map((list) => list.length)).toEqual([50_000, 50_000, 20_000]);
    for (const xml of files) expect(locs(xml!).length).toBeLessThanOrEqual(50_000);
    // The site's own pages close the last file.
    expect(locs(files[2]!).slice(-4)).toEqual(
      ["/", "/offers", "/category/rent", "/category/sale"].map((page) => `${PUBLIC_URL}${page}`),
    );
    const sorted = oldestFirst();
    expect(ids.flat()).toEqual(sorted.map((row) => row.id));

    // Each file's time in the index is its newest listing's.
    const fileEnds = [49_999, 99_999, LISTINGS - 1].map((at) =>
      new Date(sorted[at]!.timestamp).toISOString(),
    );
    expect(lastmods(index)).toEqual(fileEnds);

    expect(await sitemapPage(db, PUBLIC_URL, 4)).toBeNull();
    expect(await sitemapPage(db, PUBLIC_URL, 0)).toBeNull();
  });

  it("keeps its full files byte for byte when a listing is added: only the last one changes", async () => {
    const { db } = testDb;
    const before = await Promise.all([1, 2, 3].map((n) => sitemapPage(db, PUBLIC_URL, n)));
    const newest = testListingRow(rows[0]!.userRef, { timestamp: OLDEST + LISTINGS * 1000 });
    await db.insertInto("listing").values(newest).execute();
    const after = await Promise.all([1, 2, 3].map((n) => sitemapPage(db, PUBLIC_URL, n)));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(listingIds(after[2]!).at(-1)).toBe(newest.id);
  });
});
