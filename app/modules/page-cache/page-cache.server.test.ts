import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateUserName } from "#app/modules/user/user.repo.server.ts";
import { createListing, createUser, testImageRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  type CachedPage,
  cachedPage,
  createPageCache,
  matchesEtag,
  type PageCache,
  singleFlight,
} from "./page-cache.server.ts";

let testDb: TestDb;
let cache: PageCache;
const counted = { hit: 0, miss: 0 };

beforeAll(async () => {
  testDb = await createTestDb();
  cache = createPageCache({
    db: testDb.db,
    settings: { maxBytes: 1024 * 1024, sharedMaxAge: 1, staleWhileRevalidate: 10 },
    metrics: { hit: () => counted.hit++, miss: () => counted.miss++ },
  });
});
afterAll(async () => {
  await testDb.destroy();
});

const page = (version: number, text = "<html>a page</html>") =>
  cachedPage(version, 200, [["content-type", "text/html"]], Buffer.from(text));

/** Keeps a page for `key` at the current version; returns that version. */
async function keepPage(key: string) {
  const version = await cache.currentVersion();
  await cache.fill(key, version, async () => page(version));
  expect(cache.get(key, version)).toBeDefined();
  return version;
}

/** Whether `write` makes the kept page go: a new version, and the page no longer answered. */
async function dropsPages(write: () => Promise<unknown>) {
  const before = await keepPage("/");
  await write();
  const after = await cache.currentVersion();
  return after !== before && cache.get("/", after) === undefined && cache.stats().pages === 0;
}

describe(`page cache invalidation (${process.env.DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("keeps a page while nothing changes, and counts hits and misses", async () => {
    const version = await keepPage("/offers");
    expect(await cache.currentVersion()).toBe(version);
    const hits = counted.hit;
    expect(cache.get("/offers", version)?.body.toString()).toBe("<html>a page</html>");
    expect(counted.hit).toBe(hits + 1);
    expect(cache.get("/nowhere", version)).toBeUndefined();
    expect(counted.miss).toBeGreaterThan(0);
  });

  it("drops every page when a listing is created, edited or deleted", async () => {
    const owner = await createUser(testDb.db);
    let id = "";
    expect(
      await dropsPages(async () => {
        id = (await createListing(testDb.db, owner.id)).id;
      }),
    ).toBe(true);
    expect(
      await dropsPages(() =>
        testDb.db.updateTable("listing").set({ regularPrice: 999 }).where("id", "=", id).execute(),
      ),
    ).toBe(true);
    expect(
      await dropsPages(async () => {
        await testDb.db.deleteFrom("image").where("listingId", "=", id).execute();
        await testDb.db.deleteFrom("listing").where("id", "=", id).execute();
      }),
    ).toBe(true);
  });

  it("drops pages when a saved listing's photos change, not for an upload waiting for its save", async () => {
    const owner = await createUser(testDb.db);
    const listing = await createListing(testDb.db, owner.id);
    const photo = testImageRow(listing, 1);
    expect(await dropsPages(() => testDb.db.insertInto("image").values(photo).execute())).toBe(true);
    expect(
      await dropsPages(() =>
        testDb.db.updateTable("image").set({ position: 2 }).where("id", "=", photo.id).execute(),
      ),
    ).toBe(true);

    const pending = { ...testImageRow(listing, 0), listingId: null };
    const version = await keepPage("/");
    await testDb.db.insertInto("image").values(pending).execute();
    await testDb.db.deleteFrom("image").where("id", "=", pending.id).execute();
    if (testDb.kind === "sqlite") {
      // SQLite's row triggers see the row: an upload alone changes no page.
      expect(await cache.currentVersion()).toBe(version);
    }
  });

  it("keeps pages through a listing's freshness bookkeeping, which no page shows", async () => {
    const owner = await createUser(testDb.db);
    const listing = await createListing(testDb.db, owner.id);
    const version = await keepPage("/");
    await testDb.db
      .updateTable("listing")
      .set({ reminderSentAt: Date.now(), confirmedAt: Date.now() })
      .where("id", "=", listing.id)
      .execute();
    expect(await cache.currentVersion()).toBe(version);
    expect(
      await dropsPages(() =>
        testDb.db
          .updateTable("listing")
          .set({ expiredAt: Date.now() })
          .where("id", "=", listing.id)
          .execute(),
      ),
    ).toBe(true);
  });

  it("drops pages when a user's name changes (Listed by), not when a user signs up", async () => {
    const version = await keepPage("/");
    const user = await createUser(testDb.db);
    expect(await cache.currentVersion()).toBe(version);
    expect(await dropsPages(() => updateUserName(testDb.db, user.id, "Another Name"))).toBe(true);
  });

  it("drops pages when a moderator hides a listing or suspends its owner", async () => {
    const owner = await createUser(testDb.db);
    const listing = await createListing(testDb.db, owner.id);
    expect(
      await dropsPages(() =>
        testDb.db.updateTable("listing").set({ hiddenAt: Date.now() }).where("id", "=", listing.id).execute(),
      ),
    ).toBe(true);
    expect(
      await dropsPages(() =>
        testDb.db.updateTable("user").set({ banned: true }).where("id", "=", owner.id).execute(),
      ),
    ).toBe(true);
  });

  it("does not keep a page rendered from an older version", async () => {
    const version = await cache.currentVersion();
    const owner = await createUser(testDb.db);
    await createListing(testDb.db, owner.id);
    const newer = await cache.currentVersion();
    await cache.fill("/late", version, async () => page(version));
    expect(cache.get("/late", newer)).toBeUndefined();
    expect(cache.get("/late", version)).toBeUndefined();
  });

  it("renders a page once for requests that miss it together", async () => {
    const version = await cache.currentVersion();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page(version, "<html>rendered once</html>");
    };
    const pages = await Promise.all([1, 2, 3, 4].map(() => cache.fill("/together", version, render)));
    expect(renders).toBe(1);
    expect(new Set(pages.map((kept) => kept?.etag)).size).toBe(1);
  });

  it("remembers a read until the next write, for every caller, and not a read it is told not to keep", async () => {
    let reads = 0;
    const countListings = async () => {
      reads++;
      const row = await testDb.db
        .selectFrom("listing")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return { n: Number(row.n) };
    };
    const first = await Promise.all([1, 2, 3].map(() => cache.remember(testDb.db, "count", countListings)));
    expect(reads).toBe(1);
    expect(new Set(first).size).toBe(1);
    expect(await cache.remember(testDb.db, "count", countListings)).toBe(first[0]);
    expect(reads).toBe(1);

    const owner = await createUser(testDb.db);
    await createListing(testDb.db, owner.id);
    const after = await cache.remember(testDb.db, "count", countListings);
    expect(reads).toBe(2);
    expect(after.n).toBe(first[0]!.n + 1);

    // A read refused by `keep` (a failure shown as an empty page) is read again by the next caller.
    await cache.remember(testDb.db, "refused", countListings, () => false);
    await cache.remember(testDb.db, "refused", countListings, () => false);
    expect(reads).toBe(4);
    // A request reading elsewhere than where the version is read (the primary after a write) just reads.
    const elsewhere = testDb.db.withoutPlugins();
    await cache.remember(elsewhere, "count", countListings);
    expect(reads).toBe(5);
  });

  it("keeps no more bytes than its cap, least recently used going first", async () => {
    const small = createPageCache({
      db: testDb.db,
      settings: { maxBytes: 8 * 1024, sharedMaxAge: 1, staleWhileRevalidate: 10 },
    });
    const version = await small.currentVersion();
    for (let i = 0; i < 10; i++) {
      await small.fill(`/page-${i}`, version, async () => page(version, `<p>${"x".repeat(1500)}</p>`));
    }
    expect(small.stats().bytes).toBeLessThanOrEqual(8 * 1024);
    expect(small.get("/page-9", version)).toBeDefined();
    expect(small.get("/page-0", version)).toBeUndefined();
  });
});

describe("page cache answers", () => {
  it("gives a page a strong ETag from its content, and matches it in either encoding", () => {
    const kept: CachedPage = cachedPage(1, 200, [], Buffer.from(`<html>${"a".repeat(2000)}</html>`));
    expect(kept.etag).toMatch(/^"[\w-]{27}"$/);
    expect(kept.gzip).not.toBeNull();
    expect(cachedPage(2, 200, [], kept.body).etag).toBe(kept.etag);
    expect(cachedPage(1, 200, [], Buffer.from("<html>b</html>")).etag).not.toBe(kept.etag);
    expect(matchesEtag(kept.etag, kept)).toBe(true);
    expect(matchesEtag(`"other", ${kept.etag.slice(0, -1)}-gz"`, kept)).toBe(true);
    expect(matchesEtag(`W/${kept.etag}`, kept)).toBe(true);
    expect(matchesEtag('"other"', kept)).toBe(false);
    expect(matchesEtag(undefined, kept)).toBe(false);
  });

  it("reads once at a time, and a caller that comes during a read waits for a read that starts after it", async () => {
    let value = 0;
    let reads = 0;
    const read = singleFlight(async () => {
      reads++;
      const seen = value;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return seen;
    });
    const first = read();
    value = 1; // a write acknowledged while the first read runs
    const [a, b, c] = await Promise.all([first, read(), read()]);
    expect(a).toBe(0);
    expect(b).toBe(1);
    expect(c).toBe(1);
    expect(reads).toBe(2);
  });
});
