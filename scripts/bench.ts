// `npm run bench [-- --quick | --postgres | --help]`: query plans, load figures, memory and shipped JavaScript
// of the production build on a database of 100,000 listings. Only ever talks to 127.0.0.1.
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { type BenchData, preparePostgresData, prepareSqliteData } from "#scripts/bench/bench-data.ts";
import { benchEngine, type EngineResult } from "#scripts/bench/engine-run.ts";
import {
  benchFirstStart,
  FIRST_START_GOAL_MS,
  type FirstStart,
  SERVER_BUNDLE_GOAL_KB,
} from "#scripts/bench/first-start.ts";
import { benchImport, formatImportBench } from "#scripts/bench/import.ts";
import { type LoadFigures, runLoad } from "#scripts/bench/load.ts";
import { type BenchOptions, parseBenchOptions, USAGE } from "#scripts/bench/options.ts";
import { formatPlans, formatShippedJs, LOAD_HEADER, loadRow, table } from "#scripts/bench/report.ts";
import { NGINX_INSTALL_HINT, nginxInstalled, startStaticNginx } from "#scripts/bench/static-nginx.ts";
import { REPO_ROOT } from "#tests/support/app-server.ts";

const options = parseBenchOptions(process.argv.slice(2));
if (!options) {
  console.log(USAGE);
  process.exit(0);
}
const started = performance.now();
const benched = options.importListings
  ? `an import of ${options.importListings.toLocaleString("en-US")}`
  : options.listings.toLocaleString("en-US");
console.log(
  `Homestead bench: ${benched} listings, Node ${process.version}, ` +
    `${os.availableParallelism()} CPUs (the load generator shares them with the server)`,
);
// Figures from a busy machine are not comparable: say how busy it was (1.0 per CPU means fully used).
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
console.log(`load average before: ${loadAverage()}`);
if (options.build) build();
if (options.firstStart) {
  await reportFirstStart();
  process.exit();
}
if (options.importListings) {
  console.log(
    `\n== import: ${options.importListings.toLocaleString("en-US")} Kyero listings through a feed URL`,
  );
  console.log(formatImportBench(await benchImport(options.importListings)));
  console.log(`load average after: ${loadAverage()}`);
  process.exit();
}

const results: EngineResult[] = [];
const seedSeconds: Record<string, number | null> = {};
const failures: string[] = [];
for (const engine of options.postgres ? ["sqlite", "postgres"] : ["sqlite"]) {
  try {
    console.log(`\n== ${engine}: preparing ${options.listings.toLocaleString("en-US")} listings`);
    const data = await prepare(engine, options);
    seedSeconds[engine] = data.seedSeconds;
    console.log(
      data.seedSeconds === null
        ? "  reusing the data of an earlier run"
        : `  seeded in ${data.seedSeconds} s`,
    );
    const result = await benchEngine(engine, data, options, results.length === 0);
    console.log(`\n${formatPlans(engine, result.probe.plans, result.probe.timingRuns)}`);
    results.push(result);
  } catch (error) {
    // One engine failing must not hide the other's figures.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`\n${engine} failed: ${message}`);
    failures.push(engine);
  }
}
if (results.length === 0) {
  process.exitCode = 1;
  process.exit();
}
const nginxLoads = await benchNginx(results[0]!, options);

console.log("\n== Results");
const rows = results.flatMap((result) => result.loads.map((figures) => loadRow(result.engine, figures)));
rows.push(...nginxLoads.map((figures) => loadRow("nginx static", figures)));
console.log(table(LOAD_HEADER, rows));
console.log(
  "  server CPU ms/req: CPU time of the server process per request, which a busy machine hardly changes;" +
    " 1000 / it is roughly what one core can serve per second",
);
for (const figures of nginxLoads) {
  if (figures.requestsPerSecond === 0) continue;
  // Goals: the app alone at >= 10% of nginx serving the same bytes, >= 70% through nginx's cache.
  for (const [suffix, goal] of [
    ["", 0.1],
    [" via nginx cache", 0.7],
  ] as const) {
    const app = results[0]!.loads.find((load) => load.label === `${figures.label}${suffix}`);
    if (!app) continue;
    const ratio = app.requestsPerSecond / figures.requestsPerSecond;
    console.log(
      `  ${figures.label}${suffix || " (app alone)"}: app/nginx throughput = ${ratio.toPrecision(2)} ` +
        `(goal ${goal}: ${ratio >= goal ? "met" : "NOT met"})`,
    );
  }
}
// Signed-in pages side by side with a visitor's, from the same run (decision 070): goal >= 50% of the
// visitor's throughput with p99 under 50 ms at 50 connections.
for (const result of results) {
  for (const visitor of result.loads) {
    const signedIn = result.loads.find((load) => load.label === `${visitor.label} signed in`);
    if (!signedIn || visitor.requestsPerSecond === 0) continue;
    const ratio = signedIn.requestsPerSecond / visitor.requestsPerSecond;
    const met = ratio >= 0.5 && signedIn.p99Ms < 50;
    console.log(
      `  ${result.engine} ${visitor.label}: signed in ${signedIn.requestsPerSecond} req/s (p99 ${signedIn.p99Ms} ms) ` +
        `against a visitor's ${visitor.requestsPerSecond} = ${ratio.toPrecision(2)} (goal >= 0.5, p99 < 50 ms: ` +
        `${met ? "met" : "NOT met"})`,
    );
  }
}
console.log(
  `\n${table(
    ["engine", "listings", "seed s", "peak RSS MB", "mixed run errors"],
    results.map((result) => {
      const mixed = result.loads.at(-1)!;
      const failures = mixed.errors + mixed.non2xx;
      return [
        result.engine,
        result.probe.listings,
        seedSeconds[result.engine] ?? "reused",
        result.peakRssMb,
        failures === 0 ? "0 (pass)" : `${failures} (FAIL)`,
      ];
    }),
  )}`,
);
console.log(`\n${formatShippedJs(results[0]!.shippedJs)}`);
console.log(
  `\nbench finished in ${Math.round((performance.now() - started) / 1000)} s, load average ${loadAverage()}`,
);

const failed =
  failures.length > 0 ||
  results.some((result) => result.loads.some((load) => load.errors + load.non2xx > 0)) ||
  results[0]!.shippedJs.some((page) => !page.withinBudget);
process.exitCode = failed ? 1 : 0;

/** The production build the server runs: a stale one would measure old code. */
/** Three first starts on empty data folders: the median and the worst, against the goals. */
async function reportFirstStart() {
  const runs: FirstStart[] = [];
  for (let run = 1; run <= 3; run++) {
    runs.push(await benchFirstStart());
    console.log(`  first start ${run}: demo listings visible after ${runs.at(-1)!.listingsVisibleMs} ms`);
  }
  const times = runs.map((run) => run.listingsVisibleMs).sort((a, b) => a - b);
  const within = (ms: number) => (ms <= FIRST_START_GOAL_MS ? "met" : "NOT met");
  console.log(
    `first start: median ${times[1]} ms, worst ${times[2]} ms (goal ${FIRST_START_GOAL_MS} ms: ${within(times[1]!)})`,
  );
  const bundle = runs[0]!.serverBundleKb;
  console.log(
    `server bundle build/server/index.js: ${bundle} KB (goal under ${SERVER_BUNDLE_GOAL_KB} KB: ` +
      `${bundle < SERVER_BUNDLE_GOAL_KB ? "met" : "NOT met"})`,
  );
  console.log(`load average after: ${loadAverage()}`);
}

function build() {
  console.log("building (react-router build; --no-build skips) ...");
  const cli = path.join(REPO_ROOT, "node_modules", ".bin", "react-router");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: REPO_ROOT, encoding: "utf8" });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error("the production build failed");
  }
}

async function prepare(engine: string, benchOptions: BenchOptions): Promise<BenchData> {
  if (engine === "sqlite") return prepareSqliteData(benchOptions.dataDir, benchOptions.listings);
  const photos = path.join(path.dirname(benchOptions.dataDir), `postgres-${benchOptions.listings}`);
  return preparePostgresData(benchOptions.postgresUrl, photos, benchOptions.listings);
}

/** The same pages as static files from nginx, the most a server could do with those bytes. */
async function benchNginx(first: EngineResult, benchOptions: BenchOptions): Promise<LoadFigures[]> {
  if (!benchOptions.nginx) return [];
  if (!nginxInstalled()) {
    console.log(
      `\nnginx is not installed: skipping the static comparison. To include it: ${NGINX_INSTALL_HINT}`,
    );
    return [];
  }
  console.log("\n== nginx: the same pages as static files");
  const nginx = await startStaticNginx(first.savedPages).catch((error: unknown) => {
    console.log(
      `  nginx could not start, skipping the comparison: ${error instanceof Error ? error.message : error}`,
    );
    return null;
  });
  if (!nginx) return [];
  try {
    const loads: LoadFigures[] = [];
    for (const page of first.singlePages) {
      console.log(
        `  nginx: ${page.label}, ${benchOptions.pageConnections} connections, ${benchOptions.pageSeconds} s`,
      );
      loads.push(
        await runLoad(
          page.label,
          nginx.url,
          [page.path],
          benchOptions.pageConnections,
          benchOptions.pageSeconds,
        ),
      );
    }
    return loads;
  } finally {
    await nginx.stop();
  }
}
