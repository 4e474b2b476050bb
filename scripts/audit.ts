// `npm run audit`: Lighthouse (mobile) on Explore, a category and a listing page of the production build with
// the demo data. Builds nothing: run `npm run build` first. Only ever talks to 127.0.0.1. Each page is audited
// AUDIT_RUNS times (default 3) and the run with the median performance score counts. Exits non-zero when
// accessibility, best practices or SEO score below 90, or performance below 80, on any page.
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type AuditBrowser, launchChromium } from "#scripts/audit/chromium.ts";
import {
  medianRun,
  performanceScore,
  type Run,
  runLighthouse,
  writeReports,
} from "#scripts/audit/lighthouse-run.ts";
import {
  belowThreshold,
  lostPoints,
  type PageResult,
  summaryTable,
  THRESHOLDS,
} from "#scripts/audit/report.ts";
import { startSeededApp } from "#scripts/audit/seeded-app.ts";
import { REPO_ROOT } from "#tests/support/app-server.ts";

const OUT_DIR = path.join(REPO_ROOT, "test-results", "audit");
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`AUDIT_RUNS must be a whole number from 1 up, not ${process.env.AUDIT_RUNS}`);
  process.exit(2);
}

if (!existsSync(path.join(REPO_ROOT, "build", "server", "index.js"))) {
  console.error("No production build: run `npm run build` first (the audit measures what it built).");
  process.exit(2);
}
await rm(OUT_DIR, { recursive: true, force: true });
await mkdir(OUT_DIR, { recursive: true });
// Scores from a busy machine come out lower: say how busy it was (1.0 per CPU means fully used).
console.log(
  `Homestead audit: ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
);

console.log("starting the app on a fresh data folder and waiting for the demo data...");
const app = await startSeededApp(path.join(OUT_DIR, "app-server.log"));
const pages = [
  { name: "explore", path: "/" },
  { name: "category", path: "/category/rent" },
  { name: "listing", path: app.listingPath },
];
const results: PageResult[] = [];
let browser: AuditBrowser | undefined;
try {
  browser = await launchChromium();
  for (const page of pages) {
    const url = `${app.url}${page.path}`;
    // The server's first render of a route runs cold code; the audit is about the page, not V8 warming up.
    await (await fetch(url)).arrayBuffer();
    console.log(`auditing ${page.name} (${RUNS} runs): ${url}`);
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run++) runs.push(await runLighthouse(url, browser.port));
    const median = medianRun(runs);
    await writeReports(median, page.name, OUT_DIR);
    console.log(`  performance per run: ${runs.map(performanceScore).join(", ")}`);
    results.push({ name: page.name, url, lhr: median.lhr });
  }
} finally {
  await browser?.close();
  await app.stop();
}

console.log(`\n${summaryTable(results)}`);
const thresholds = Object.entries(THRESHOLDS).map(([id, min]) => `${id} >= ${min}`);
console.log(`thresholds: ${thresholds.join(", ")}`);

let failed = false;
for (const { name, url, lhr } of results) {
  const below = belowThreshold(lhr);
  failed ||= below.length > 0;
  const lost = lostPoints(lhr);
  if (below.length === 0 && !lost) continue;
  console.log(`\n${name} (${url})${below.length > 0 ? `: BELOW THRESHOLD: ${below.join(", ")}` : ""}`);
  if (lost) console.log(lost);
}
console.log(`\nreports (JSON and HTML): ${path.relative(process.cwd(), OUT_DIR)}/`);
process.exit(failed ? 1 : 0);
