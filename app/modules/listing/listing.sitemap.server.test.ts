import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewListingRow } from "#app/db/schema.ts";
import { createUser, testListingRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { sitemapIndex, sitemapPage } from "./listing.sitemap.server.ts";

// Files of 500 URLs (the protocol's 50,000 would take 120,000 rows and 20 s a run for the same splits; a file's
// size is one number, SITEMAP_MAX_URLS, checked in listing.seo.test.ts): 1,200 listings fill more than two full
// files, on both engines. Three listings share each timestamp, so files split inside runs of equal times and
// only the id tells their order.
const PER_FILE = 500;
const LISTINGS = 1_200;
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
    // 400 rows per INSERT stay under both engines' limits on bound parameters.
    for (let start = 0; start < rows.length; start += 400) {
      await trx
        .insertInto("listing")
        .values(rows.slice(start, start + 400))
        .execute();
    }
  });
});
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

describe("the sitemap of 1,200 listings in files of 500", () => {
  it("is an index of three files of at most 500 URLs that list every listing once, oldest first", async () => {
    const { db } = testDb;
    const index = await sitemapIndex(db, PUBLIC_URL, PER_FILE);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemap-${n}.xml`));

    const files = await Promise.all([1, 2, 3].map((n) => sitemapPage(db, PUBLIC_URL, n, PER_FILE)));
    const ids = files.map((xml) => listingIds(xml!));
    expect(ids.map((list) => list.length)).toEqual([500, 500, 200]);
    for (const xml of files) expect(locs(xml!).length).toBeLessThanOrEqual(PER_FILE);
    // The site's own pages close the last file.
    expect(locs(files[2]!).slice(-4)).toEqual(
      ["/", "/offers", "/category/rent", "/category/sale"].map((page) => `${PUBLIC_URL}${page}`),
    );
    const sorted = oldestFirst();
    expect(ids.flat()).toEqual(sorted.map((row) => row.id));

    // Each file's time in the index is its newest listing's.
    const fileEnds = [PER_FILE - 1, 2 * PER_FILE - 1, LISTINGS - 1].map((at) =>
      new Date(sorted[at]!.timestamp).toISOString(),
    );
    expect(lastmods(index)).toEqual(fileEnds);

    expect(await sitemapPage(db, PUBLIC_URL, 4, PER_FILE)).toBeNull();
    expect(await sitemapPage(db, PUBLIC_URL, 0, PER_FILE)).toBeNull();
  });

  it("keeps its full files byte for byte when a listing is added: only the last one changes", async () => {
    const { db } = testDb;
    const before = await Promise.all([1, 2, 3].map((n) => sitemapPage(db, PUBLIC_URL, n, PER_FILE)));
    const newest = testListingRow(rows[0]!.userRef, { timestamp: OLDEST + LISTINGS * 1000 });
    await db.insertInto("listing").values(newest).execute();
    const after = await Promise.all([1, 2, 3].map((n) => sitemapPage(db, PUBLIC_URL, n, PER_FILE)));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(listingIds(after[2]!).at(-1)).toBe(newest.id);
  });
});
