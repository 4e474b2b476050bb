import { describe, expect, it } from "vitest";
import { send } from "#tests/support/http.ts";
import { adminQuery, createTestDatabase, postgresServerForSuite } from "#tests/support/pg.ts";
import { cleanupAfterAll, healthStatus, SKIP_REASON, startOpsServer, waitFor } from "./ops-support.ts";

/**
 * A failover, a pooler restart or an operator's pg_terminate_backend cuts every connection the app holds,
 * the ones in use included. Under steady load the process must live through any number of such drops; a
 * request caught in one answers 503 with Retry-After (never 500), and once the database answers again so
 * does every page, without a restart.
 */
const postgresServer = SKIP_REASON ? undefined : await postgresServerForSuite();
const skip = SKIP_REASON ?? (postgresServer ? undefined : "no PostgreSQL server answers on 127.0.0.1:5432");
if (skip && !SKIP_REASON) console.warn(`tests/ops/pg-dropped-connections skipped: ${skip}`);

const defer = cleanupAfterAll();

// About 50 requests a second, to loopback only, for a bounded while.
const REQUEST_EVERY_MS = 20;
const BURSTS = 20;
const BURST_EVERY_MS = 100;

type Outcome = { url: string; status: number; retryAfter: string | null; failure?: string };

describe.skipIf(skip)("PostgreSQL connections dropped under load", () => {
  it("keeps the process up, answers 200 or 503 with Retry-After, and recovers", async () => {
    const database = await createTestDatabase("homestead_ops_drop", postgresServer);
    defer(() => database.drop());
    const server = await startOpsServer(defer, { DATABASE_URL: database.url });
    const terminateAll = `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}' AND pid <> pg_backend_pid()`;

    // Every request reads the database: a visitor's page served from the page cache still reads the data's
    // version; a search nobody asked before renders anew, as does its data (a client-side navigation) and a
    // resource route.
    let n = 0;
    const nextUrl = () => {
      n += 1;
      const kinds = ["/", "/offers", `/search.data?q=flat${n}`, "/", "/sitemap.xml", `/search?q=home${n}`];
      return `${server.url}${kinds[n % kinds.length]}`;
    };
    const outcomes: Promise<Outcome>[] = [];
    const fire = () => {
      const url = nextUrl();
      outcomes.push(
        send(url, { signal: AbortSignal.timeout(60_000) }).then(
          (answer) => ({ url, status: answer.status, retryAfter: answer.retryAfter ?? null }),
          (error: Error) => ({ url, status: 0, retryAfter: null, failure: String(error.cause ?? error) }),
        ),
      );
    };
    const load = setInterval(fire, REQUEST_EVERY_MS);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let burst = 0; burst < BURSTS; burst += 1) {
        await adminQuery(terminateAll, postgresServer);
        await new Promise((resolve) => setTimeout(resolve, BURST_EVERY_MS));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      clearInterval(load);
    }
    const answers = await Promise.all(outcomes);

    expect(server.process.exitCode, server.output()).toBeNull();
    expect(server.process.signalCode).toBeNull();
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
    const wrong = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
    expect(wrong, server.output()).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    for (const answer of unavailable) expect(Number(answer.retryAfter), answer.url).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(100);
    console.info(
      `tests/ops/pg-dropped-connections: ${answers.length} requests, ${unavailable.length} answered 503, ${BURSTS} bursts`,
    );

    // The database is back: health and pages answer as before, the same process.
    await waitFor("/healthz to answer 200", async () => (await healthStatus(server.url)) === 200, {
      detail: () => server.output(),
    });
    for (const path of ["/", "/search?q=after", "/search.data?q=after", "/sitemap.xml"]) {
      expect((await send(`${server.url}${path}`)).status, path).toBe(200);
    }
    expect(server.process.exitCode).toBeNull();
  }, 120_000);
});
