import { describe, expect, it } from "vitest";
import { send } from "#tests/support/http.ts";
import {
  adminQuery,
  createTestDatabase,
  postgresServerForSuite,
  type TestDatabase,
} from "#tests/support/pg.ts";
import { cleanupAfterAll, healthStatus, SKIP_REASON, startOpsServer, waitFor } from "./ops-support.ts";

// The outage case needs PostgreSQL: the run's (DATABASE_URL; one that does not answer fails this file), or on a
// SQLite run the local server when one answers.
const postgresServer = SKIP_REASON ? undefined : await postgresServerForSuite();
if (!SKIP_REASON && !postgresServer) {
  console.warn("tests/ops/healthz: the PostgreSQL case is skipped: no server answers on 127.0.0.1:5432");
}

const defer = cleanupAfterAll();

const start = (env: Record<string, string> = {}) => startOpsServer(defer, env);

/** Runs one statement as the PostgreSQL superuser, on the maintenance database. */
const admin = (statement: string) => adminQuery(statement, postgresServer);

describe.skipIf(SKIP_REASON)("GET /healthz", () => {
  it("answers 200 while the SQLite database is up", async () => {
    const server = await start();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  it.skipIf(!postgresServer)("answers 503 while PostgreSQL is unreachable, and 200 again after", async () => {
    const database: TestDatabase = await createTestDatabase("homestead_ops_health", postgresServer);
    defer(async () => {
      await admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
      await database.drop();
    });
    const server = await start({ DATABASE_URL: database.url });
    expect(await healthStatus(server.url)).toBe(200);

    // The database goes away: no new connections, and the pool's open ones are cut.
    await admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS false`);
    await admin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}' AND pid <> pg_backend_pid()`,
    );
    const output = { detail: () => server.output() };
    await waitFor("/healthz to answer 503", async () => (await healthStatus(server.url)) === 503, output);
    expect(server.process.exitCode, server.output()).toBeNull();

    // Meanwhile a page, its data and a resource route answer 503 with Retry-After (the error page), not 500.
    for (const path of ["/offers", "/offers.data", "/sitemap.xml"]) {
      const answer = await send(`${server.url}${path}`);
      expect(answer.status, `${path}\n${server.output()}`).toBe(503);
      expect(Number(answer.retryAfter), path).toBeGreaterThan(0);
    }
    expect((await send(`${server.url}/offers`)).body).toContain("Something went wrong");

    await admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
    await waitFor(
      "/healthz to answer 200 again",
      async () => (await healthStatus(server.url)) === 200,
      output,
    );
    expect(server.process.exitCode).toBeNull();
  });
});
