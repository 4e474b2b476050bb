import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDatabaseConfig } from "#app/config.server.ts";
import { createDb, type Db } from "#app/db/db.server.ts";
import { migrateToLatest } from "#app/db/migrate.server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { createMetrics, statementKind } from "./metrics.server.ts";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => testDb?.destroy());

/** The value of one sample line of the registry's text, or undefined when there is none. */
async function sample(metrics: ReturnType<typeof createMetrics>, line: string) {
  const text = await metrics.registry.metrics();
  const match = text.split("\n").find((candidate) => candidate.startsWith(`${line} `));
  return match === undefined ? undefined : Number(match.slice(line.length + 1));
}

describe("metrics", () => {
  it("times the database's statements by kind, and counts the failed ones", async () => {
    const metrics = createMetrics();
    const db: Db = createDb(loadDatabaseConfig({ DATABASE_URL: testDb.url }), metrics.database("primary"));
    try {
      await migrateToLatest(db);
      await db.selectFrom("listing").select("id").execute();
      await db.selectFrom("listing").select("id").execute();
      await expect(
        db
          .selectFrom("listing")
          .select("nope" as "id")
          .execute(),
      ).rejects.toThrow();
    } finally {
      await db.destroy();
    }
    const selects = 'homestead_db_query_duration_seconds_count{database="primary",statement="select"}';
    expect(await sample(metrics, selects)).toBeGreaterThanOrEqual(3);
    expect(
      await sample(metrics, 'homestead_db_query_errors_total{database="primary",statement="select"}'),
    ).toBe(1);
  });

  it("counts background job passes by result, and knows when one last succeeded", async () => {
    const metrics = createMetrics();
    await metrics.runJob("sweep", async () => {});
    await expect(
      metrics.runJob("sweep", async () => {
        throw new Error("storage down");
      }),
    ).rejects.toThrow("storage down");
    expect(await sample(metrics, 'homestead_background_job_runs_total{job="sweep",result="success"}')).toBe(
      1,
    );
    expect(await sample(metrics, 'homestead_background_job_runs_total{job="sweep",result="failure"}')).toBe(
      1,
    );
    expect(await sample(metrics, 'homestead_background_jobs_running{job="sweep"}')).toBe(0);
    const lastSuccess = await sample(
      metrics,
      'homestead_background_job_last_success_timestamp_seconds{job="sweep"}',
    );
    expect(Math.abs(lastSuccess! - Date.now() / 1000)).toBeLessThan(60);
  });

  it("counts cache hits and misses, and asks for the pending uploads at each scrape", async () => {
    const metrics = createMetrics();
    metrics.cache.hit("page");
    metrics.cache.hit("page");
    metrics.cache.miss("page");
    let pending = 3;
    metrics.watchPendingUploads(async () => pending);
    expect(await sample(metrics, 'homestead_cache_requests_total{cache="page",result="hit"}')).toBe(2);
    expect(await sample(metrics, 'homestead_cache_requests_total{cache="page",result="miss"}')).toBe(1);
    expect(await sample(metrics, "homestead_uploads_pending")).toBe(3);
    pending = 0;
    expect(await sample(metrics, "homestead_uploads_pending")).toBe(0);
  });

  it("names a statement by its first word, from a short list", () => {
    expect(statementKind('select "id" from "listing"')).toBe("select");
    expect(statementKind("  INSERT INTO x VALUES (1)")).toBe("insert");
    expect(statementKind("(select 1) union (select 2)")).toBe("select");
    expect(statementKind("PRAGMA cache_size")).toBe("other");
    expect(statementKind("create index x on y (z)")).toBe("other");
  });
});
