import { readFile } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { clusterListings } from "#app/modules/search/search.cluster.server.ts";
import { loadSearchPage } from "#app/modules/search/search.repo.server.ts";
import type { SearchParams } from "#app/modules/search/search.rules.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
import { type BenchData, preparePostgresData, prepareSqliteData } from "./bench-data.ts";
import { type Captured, openCaptured } from "./database-probe.server.ts";
import { table } from "./report.ts";

/**
 * Search at scale. On LISTINGS bench listings (`npm run seed -- --listings N`: eight real cities, their
 * streets and coordinates; the search indexes are filled by the database itself, SQLite's triggers and
 * PostgreSQL's expression indexes), times the repo functions the search route calls, in this process without
 * HTTP: loadSearchPage (the page and its count) for the list rows, clusterListings for the map. Each row runs
 * RUNS times after a warm-up; prints median and p99 ms, every query's plan (a row whose plan reads the whole
 * listing table fails), and the process RSS. SQLite by default (data kept in <tmp>/homestead-bench/sqlite-N,
 * as `npm run bench` does); PostgreSQL when DATABASE_URL names a server (database homestead_bench_N, kept for
 * the next run: `dropdb -h 127.0.0.1 -U postgres homestead_bench_N` removes it). BENCH_DATA_SUFFIX names a data
 * set of its own (sqlite-N-<suffix>, homestead_bench_N_<suffix>), for a branch whose migrations the shared one
 * should not get. Usage:
 *   node scripts/bench/search-queries.ts [listings=100000] [runs=200]
 *   BENCH_ROWS=polygon,radius node scripts/bench/search-queries.ts (only the rows whose names hold a word)
 */
const listings = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 200);
const warmUp = Math.max(3, Math.round(runs / 10));
// Berlin's five streets (13.39-13.46 E, 52.49-52.54 N) in a city-sized box; Europe holds four of the eight cities.
const BERLIN = "13.25,52.42,13.6,52.6";
const EUROPE = "-11,35,30,60";
// A hexagon of about 20 × 20 km round the same streets.
const BERLIN_POLYGON = "52.6,13.3;52.6,13.5;52.52,13.6;52.42,13.5;52.42,13.3;52.5,13.2";

type Row = { name: string; search: string; page?: number };
const ROWS: Row[] = [
  { name: "word search", search: "q=berlin" },
  { name: "prefix search", search: "q=berl" },
  { name: "price + beds, price-asc", search: "minPrice=1000&maxPrice=3000&beds=2&sort=price-asc" },
  {
    name: "all filters",
    search: `q=berlin&type=rent&minPrice=900&maxPrice=3000&beds=2&baths=1&parking=1&furnished=1&offer=1&sort=price-asc&bbox=${BERLIN}`,
  },
  { name: "page 20, price-asc", search: "type=rent&sort=price-asc", page: 20 },
  { name: "city bbox", search: `bbox=${BERLIN}` },
  { name: "continent bbox, clustered", search: `view=map&bbox=${EUROPE}` },
  // A listing's details (decision 059): kinds, the living area (m²), pets, availability, step-free access.
  { name: "kind + area", search: "kind=flat&minArea=60" },
  { name: "pets + available by", search: "pets=true&availableBy=2027-03-01" },
  { name: "rare details", search: "kind=house,townhouse&minArea=100&maxArea=200&stepFree=1&type=sale" },
  { name: "largest first", search: "sort=area-desc" },
  { name: "page 20, largest rent first", search: "type=rent&sort=area-desc", page: 20 },
  { name: "price per area + price", search: "minPrice=1000&maxPrice=3000&sort=price-per-area-asc" },
  // A drawn area and a radius (decision 069): a city-sized polygon round Berlin's streets with a price
  // filter, and a radius around its centre (the box through the area's index, then the exact test).
  { name: "city polygon + price", search: `poly=${BERLIN_POLYGON}&minPrice=1000&maxPrice=3000` },
  { name: "city polygon, price-asc", search: `poly=${BERLIN_POLYGON}&sort=price-asc` },
  { name: "radius 5 km + price", search: "near=52.52,13.405&radius=5&minPrice=1000&maxPrice=3000" },
  { name: "radius 2 km", search: "near=52.53,13.4&radius=2" },
  // Between the streets: thousands of candidates in its box, none within 2 km (the worst case of a radius).
  { name: "radius 2 km, none inside", search: "near=52.51,13.42&radius=2" },
];
// BENCH_ROWS=polygon,radius times only the rows whose names hold one of these words.
const only = process.env.BENCH_ROWS?.split(",").filter(Boolean);
const rows = only ? ROWS.filter((row) => only.some((word) => row.name.includes(word))) : ROWS;

const postgresUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
const engine = postgresUrl ? "postgres" : "sqlite";
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(" ");
console.log(`search queries: ${listings.toLocaleString("en-US")} listings on ${engine}, ${runs} runs a row`);
console.log(`load average before (1, 5, 15 min): ${loadAverage()}`);

const data = await prepare();
console.log(data.seedSeconds === null ? "reusing the seeded data" : `seeded in ${data.seedSeconds} s`);
const probe = openCaptured(data.database);
const results: (string | number)[][] = [];
let fullScans = 0;
try {
  await probe.analyze();
  const total = await checkIndexesFilled(probe);
  for (const row of rows) {
    const params = parseSearchParams(new URLSearchParams(row.search));
    const cursor = await cursorOfPage(probe, params, row.page ?? 1);
    const run = () => runRow(probe, params, cursor);
    for (let i = 0; i < warmUp; i++) await run();
    probe.queries.length = 0;
    const matches = await run();
    const queries = [...probe.queries];
    const cpuBefore = await sampleCpu(probe);
    const timings = await timeRuns(() => {
      probe.queries.length = 0;
      return run();
    }, runs);
    const cpu = cpuBetween(cpuBefore, await sampleCpu(probe)) / runs;
    const [median, p99] = [percentile(timings, 0.5), percentile(timings, 0.99)];
    const goalMet = listings >= 1_000_000 ? median < 20 : median < 10 && p99 < 50;
    const share = ((matches / total) * 100).toFixed(1);
    console.log(`\n== ${row.name}: /search?${row.search}${row.page ? ` (page ${row.page})` : ""}`);
    console.log(`   ${matches.toLocaleString("en-US")} matches (${share}%)`);
    const indexes = new Set<string>();
    let scans = false;
    for (const [at, query] of queries.entries()) {
      const plan = await probe.explain(query);
      const read = readPlan(plan);
      for (const index of read.indexes) indexes.add(index);
      scans ||= read.fullScan;
      const alone = percentile(await timeRuns(() => probe.db.executeQuery(query), 20), 0.5);
      console.log(
        `   query ${at + 1}, ${ms(alone)} ms alone: ${query.sql.replace(/\s+/g, " ").slice(0, 120)}...`,
      );
      // PostgreSQL repeats the folding expression of the words in full: a line's start says enough.
      for (const step of plan) console.log(`      ${step.length > 200 ? `${step.slice(0, 200)}...` : step}`);
      if (read.fullScan) console.log("   FAIL: this plan reads the whole listing table");
    }
    if (scans) fullScans++;
    const verdict = `${goalMet ? "goal met" : "GOAL MISSED"}${scans ? ", FULL SCAN" : ""}`;
    console.log(`   median ${ms(median)} ms, p99 ${ms(p99)} ms, CPU ${ms(cpu)} ms a run: ${verdict}`);
    results.push([
      engine,
      total,
      row.name,
      ms(median),
      ms(p99),
      ms(cpu),
      `${share}%`,
      [...indexes].join(" "),
      verdict,
    ]);
  }
} finally {
  await probe.db.destroy();
}
const rss = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
console.log(
  `\n${table(["engine", "listings", "row", "median ms", "p99 ms", "CPU ms", "matches", "indexes", "verdict"], results)}`,
);
console.log(
  `process RSS now ${rss(process.memoryUsage().rss)}, peak ${rss(process.resourceUsage().maxRSS * 1024)}` +
    `${postgresUrl ? " (the client only; PostgreSQL's own memory is not included)" : ""}`,
);
console.log(`load average after (1, 5, 15 min): ${loadAverage()}`);
if (fullScans > 0) {
  console.error(`FAIL: ${fullScans} row(s) read the whole listing table`);
  process.exitCode = 1;
}

async function prepare(): Promise<BenchData> {
  const folder = path.join(tmpdir(), "homestead-bench");
  const suffix = process.env.BENCH_DATA_SUFFIX?.replace(/\W/g, "") ?? "";
  const tag = suffix ? `${listings}-${suffix}` : String(listings);
  if (!postgresUrl) return prepareSqliteData(path.join(folder, `sqlite-${tag}`), listings);
  return preparePostgresData(postgresUrl, path.join(folder, `postgres-${tag}`), listings, suffix);
}

/** What the search route runs for one search: the map's clusters, or a list page and its count. */
async function runRow(probe: Captured, params: SearchParams, cursor: string | null): Promise<number> {
  if (params.view === "map" && params.bbox) {
    const points = await clusterListings(probe.db, params, params.bbox);
    return points.reduce((sum, point) => sum + point.count, 0);
  }
  const page = await loadSearchPage(probe.db, params, cursor);
  if (page.failed) throw new Error("loadSearchPage failed (see the log above)");
  return page.total;
}

/** The cursor of page `page`, following Load More from the first page as a visitor would. */
async function cursorOfPage(probe: Captured, params: SearchParams, page: number): Promise<string | null> {
  let cursor: string | null = null;
  for (let at = 1; at < page; at++) {
    cursor = (await loadSearchPage(probe.db, params, cursor)).nextCursor;
    if (!cursor) throw new Error(`the search has fewer than ${page} pages`);
  }
  return cursor;
}

/** Listing count; on SQLite also checks the triggers filled the search tables for every listing. */
async function checkIndexesFilled(probe: Captured): Promise<number> {
  const count = (name: string) =>
    sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(name)}`
      .execute(probe.db)
      .then((result) => Number(result.rows[0]!.n));
  const total = await count("listing");
  // Data seeded before the listings had details has none: the details' rows would time empty answers.
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM "listing" WHERE "livingArea" IS NOT NULL`.execute(probe.db);
  console.log(`listings with a living area: ${Number(rows[0]!.n)} of ${total}`);
  if (!postgresUrl) {
    const [keys, areas] = [await count("listing_key"), await count("listing_area")];
    console.log(`search tables: ${total} listings, ${keys} in listing_key, ${areas} in listing_area`);
    if (keys !== total || areas !== total) throw new Error("the search tables miss listings");
  }
  return total;
}

/** CPU milliseconds spent so far by this process and by each PostgreSQL server process of this database. */
type CpuSample = { self: number; servers: Map<number, number> };

/**
 * On a busy machine a run's wall time includes waiting for a CPU; its CPU time is what the query costs. The
 * server processes are read from /proc, so parallel workers, which exit after each query, are not counted.
 */
async function sampleCpu(probe: Captured): Promise<CpuSample> {
  const usage = process.cpuUsage();
  const servers = new Map<number, number>();
  if (postgresUrl) {
    const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
      WHERE datname = current_database()`.execute(probe.db);
    for (const { pid } of rows) {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
      // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms; the name (2nd) may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      servers.set(pid, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10);
    }
  }
  return { self: (usage.user + usage.system) / 1000, servers };
}

/** CPU ms between two samples; a connection the pool closed in between had nothing left to count. */
function cpuBetween(before: CpuSample, after: CpuSample): number {
  let total = after.self - before.self;
  for (const [pid, spent] of after.servers) total += spent - (before.servers.get(pid) ?? 0);
  return total;
}

/** The indexes a plan uses, and whether it reads the whole listing table (SQLite's SCAN, a Seq Scan). */
function readPlan(plan: string[]): { indexes: string[]; fullScan: boolean } {
  const text = plan.join("\n");
  const indexes = [
    ...text.matchAll(
      /USING (?:COVERING )?INDEX (\w+)|(?:Index|Index Only|Bitmap Index) Scan(?: Backward)? (?:using|on) (\w+)|SCAN (\w+) VIRTUAL TABLE/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3]!);
  return {
    indexes: [...new Set(indexes)],
    fullScan: /^\s*SCAN listing(?!\w)(?! USING| VIRTUAL)|Seq Scan on listing(?!\w)/m.test(text),
  };
}

/** The wall times of `times` runs of `work` one after the other, in ms, sorted. */
async function timeRuns(work: () => Promise<unknown>, times: number): Promise<number[]> {
  const timings: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

function ms(value: number) {
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}
