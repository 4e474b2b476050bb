import { randomInt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAfterCrash } from "#tests/ops/support/crash-checks.ts";
import { makeJpegs } from "#tests/ops/support/crash-client.ts";
import { sweepAsOf } from "#tests/ops/support/crash-sweep.ts";
import { newLedger, runWorker, seededRandom, type Workload } from "#tests/ops/support/crash-workload.ts";
import { postSignUp } from "#tests/support/accounts.ts";
import { openAppData } from "#tests/support/app-data.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { createTestDatabase, postgresUrlFromEnv, type TestDatabase } from "#tests/support/pg.ts";
import { OPS_ENV, SKIP_REASON } from "./ops-support.ts";

// Failure: the production server is killed with SIGKILL in the middle of a stream of listing
// saves with photo uploads, restarted on the same data, and checked: what the client saw acknowledged is
// there whole, nothing is half-written, and the sweeper leaves no file without a row (nor a row without
// its files). SQLite by default; PostgreSQL when DATABASE_URL names one.

const CYCLES = 3;
const WORKERS = 4;
/** "Now" for the sweep after each crash: everything unfinished is then long abandoned. */
const FAR_FUTURE_MS = 365 * 24 * 60 * 60 * 1000;

let dataDir: string;
let database: TestDatabase | undefined;
let server: AppServer | undefined;

beforeAll(async () => {
  if (SKIP_REASON) return;
  dataDir = await mkdtemp(path.join(tmpdir(), "homestead-crash-"));
  if (postgresUrlFromEnv()) database = await createTestDatabase("homestead_crash");
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(SKIP_REASON)("crash recovery", () => {
  it("keeps acknowledged saves whole through SIGKILL, and the sweeper leaves nothing behind", async () => {
    const seed = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
    console.log(`crash test: seed ${seed} (CRASH_SEED=${seed} draws the same kill times and choices)`);
    const random = seededRandom(seed);
    // One account saves as fast as four workers can: the hourly save and pending-photo limits are not what
    // this test is about (tests/ops/trust.test.ts proves them).
    const env = {
      ...OPS_ENV,
      LIMIT_LISTING_SAVES_PER_HOUR: "100000",
      LIMIT_PENDING_PHOTOS: "100000",
      LIMIT_PENDING_PHOTOS_MB: "100000",
      DATABASE_URL: database?.url,
    };
    const jpegs = await makeJpegs();
    const ledger = newLedger();
    let cookie: string | undefined;

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const starting = Date.now();
      server = await startAppServer({ env, dataDir });
      const startedInMs = Date.now() - starting;
      cookie ??= await postSignUp(server.url);
      let killed = false;
      const load: Workload = { baseUrl: server.url, cookie, jpegs, ledger, random, killed: () => killed };
      const workers = Promise.all(Array.from({ length: WORKERS }, (_, worker) => runWorker(load, worker)));
      // The workers only settle before the kill by failing; then the race rethrows at once.
      const killAfterMs = 1000 + Math.round(random() * 2000);
      // On a busy machine the first saves can take longer than the drawn time: the last cycle waits until the
      // client has seen a create and an edit acknowledged, so the checks below have something to check (and the
      // test's time allows three slow starts, 15 s each when the machine is loaded).
      const killTime = async () => {
        await new Promise((resolve) => setTimeout(resolve, killAfterMs));
        while (cycle === CYCLES && (ledger.counts.createsAcked === 0 || ledger.counts.editsAcked === 0)) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await Promise.race([workers, killTime()]);
      killed = true;
      await server.stop("SIGKILL");
      await workers;

      const data = await openAppData(server.env);
      try {
        await sweepAsOf(data, Date.now() + FAR_FUTURE_MS);
        const check = await checkAfterCrash(data.db, dataDir, ledger);
        console.log(
          `crash test: cycle ${cycle} started in ${startedInMs} ms, killed after ${killAfterMs} ms; ` +
            `${JSON.stringify(ledger.counts)}; ` +
            `${check.listings} listings, ${check.images} images, ${check.files} files; ` +
            `${check.unansweredCommitted} unanswered saves had committed`,
        );
        expect(check.problems).toEqual([]);
      } finally {
        await data.close();
      }
    }
    expect(ledger.counts.createsAcked).toBeGreaterThan(0);
    expect(ledger.counts.editsAcked).toBeGreaterThan(0);

    // The restarted server serves every listing the client was told about.
    server = await startAppServer({ env, dataDir });
    for (const listing of ledger.listings.values()) {
      const response = await fetch(`${server.url}/category/${listing.type}/${listing.id}`);
      await response.arrayBuffer();
      expect(response.status, listing.id).toBe(200);
    }
  }, 180_000);
});
