import { randomUUID } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import { sql } from "kysely";
import type { NewListingRow } from "#app/db/schema.ts";
import { sweepSavedSearches } from "#app/modules/saved/alerts.sweep.server.ts";
import { loadListPage } from "#app/modules/search/search.repo.server.ts";
import { createUser } from "#tests/support/factories.ts";
import { createTestDb } from "#tests/support/test-db.ts";

/**
 * The search-alert sweep at scale: LISTINGS listings over a year, 50 of them in the last five
 * minutes, and SEARCHES instant saved searches of every kind, last alerted five minutes ago; times one sweep.
 * SQLite by default, PostgreSQL when DATABASE_URL names a server. Usage:
 *   node scripts/bench/alerts-sweep.ts [listings=100000] [searches=10000]
 */
const listingCount = Number(process.argv[2] ?? 100_000);
const searchCount = Number(process.argv[3] ?? 10_000);
const CITIES = ["Berlin", "München", "Paris", "Lyon", "Madrid", "Lisboa", "Roma", "Wien", "Praha", "Oslo"];

const testDb = await createTestDb();
const { db } = testDb;
try {
  const owner = await createUser(db);
  const now = Date.now();
  const fiveMinutesAgo = now - 5 * 60_000;
  const started = performance.now();
  const batch: NewListingRow[] = [];
  for (let i = 0; i < listingCount; i++) {
    const recent = i < 50;
    const city = CITIES[i % CITIES.length]!;
    const offer = i % 7 === 0;
    const regularPrice = 500 + ((i * 37) % 5000);
    batch.push({
      id: randomUUID(),
      userRef: owner.id,
      type: i % 2 ? "sale" : "rent",
      name: `Home ${i} in ${city}`,
      bedrooms: 1 + (i % 5),
      bathrooms: 1 + (i % 3),
      parking: i % 3 === 0,
      furnished: i % 4 === 0 ? "furnished" : "unfurnished",
      location: `${i} Main Street, ${city}`,
      offer,
      regularPrice,
      discountedPrice: offer ? regularPrice - 100 : null,
      lat: 40 + (i % 200) / 10,
      lng: -5 + (i % 300) / 10,
      timestamp: recent ? fiveMinutesAgo + 1000 + i * 5000 : fiveMinutesAgo - 1000 - i * 300_000,
    });
    if (batch.length === 500) {
      await db.insertInto("listing").values(batch.splice(0)).execute();
    }
  }
  if (batch.length > 0) await db.insertInto("listing").values(batch).execute();
  const users = [];
  for (let i = 0; i < 100; i++) users.push((await createUser(db)).id);
  const searches = [];
  for (let i = 0; i < searchCount; i++) {
    const params = new URLSearchParams();
    if (i % 2) params.set("type", i % 4 === 1 ? "rent" : "sale");
    if (i % 3 === 0) params.set("q", CITIES[i % CITIES.length]!.slice(0, 4 + (i % 3)));
    if (i % 5 === 0) params.set("maxPrice", String(1000 + (i % 40) * 100));
    if (i % 7 === 0) params.set("beds", String(1 + (i % 4)));
    if (i % 11 === 0) params.set("bbox", "-5,40,10,55");
    if (i % 13 === 0) params.set("offer", "1");
    searches.push({
      id: randomUUID(),
      userId: users[i % users.length]!,
      query: params.toString(),
      frequency: "instant" as const,
      createdAt: fiveMinutesAgo,
      lastAlertAt: fiveMinutesAgo,
      nextRunAt: fiveMinutesAgo,
      pausedAt: null,
    });
  }
  for (let i = 0; i < searches.length; i += 500) {
    await db
      .insertInto("savedSearch")
      .values(searches.slice(i, i + 500))
      .execute();
  }
  // Fresh tables have no statistics yet: plan as a running database would (autovacuum analyzes it in time).
  if (testDb.kind === "postgres") await sql`analyze`.execute(db);
  const filled = (performance.now() - started) / 1000;
  const sweepStart = performance.now();
  const result = await sweepSavedSearches(db, now);
  const sweepMs = performance.now() - sweepStart;
  const second = performance.now();
  const idle = await sweepSavedSearches(db, now + 60_000);
  const idleMs = performance.now() - second;

  // Does the sweep slow page requests? The category page's queries, timed while nothing else runs, then while
  // the same sweep runs again in this process (the app runs it between requests, on the same connections).
  // Each read starts from the event loop, as a request arriving on a socket does: a loop of plain awaits on
  // node:sqlite (synchronous underneath) would never let the loop turn, and so never let the sweep run. The
  // time counts from the moment the read could start, so a turn of the loop spent in the sweep is waited for.
  const pageReads = async (until: () => boolean, atLeast: number) => {
    const times: number[] = [];
    while (times.length < atLeast || !until()) {
      const at = performance.now();
      await setImmediate();
      await loadListPage(db, new URLSearchParams(), { type: "rent" });
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    const pick = (q: number) =>
      Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
    return { reads: times.length, medianMs: pick(0.5), p99Ms: pick(0.99), maxMs: pick(1) };
  };
  const pagesAlone = await pageReads(() => true, 100);
  await db.deleteFrom("alertDelivery").execute();
  await db
    .updateTable("savedSearch")
    .set({ lastAlertAt: fiveMinutesAgo, nextRunAt: fiveMinutesAgo })
    .execute();
  let sweeping = true;
  const again = sweepSavedSearches(db, now).finally(() => {
    sweeping = false;
  });
  const pagesDuringSweep = await pageReads(() => !sweeping, 1);
  await again;
  console.log(
    JSON.stringify({
      engine: testDb.kind,
      listings: listingCount,
      searches: searchCount,
      fillSeconds: Number(filled.toFixed(1)),
      sweep: { ...result, ms: Math.round(sweepMs) },
      nextSweepNothingNew: { ...idle, ms: Math.round(idleMs) },
      categoryPageQueries: { alone: pagesAlone, duringSweep: pagesDuringSweep },
    }),
  );
} finally {
  await testDb.destroy();
}
