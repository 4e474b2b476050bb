import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TooManyRequestsError } from "#app/http/errors.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { createWorkQueue } from "./limits.queue.server.ts";
import {
  type LimitRule,
  remainingHits,
  sweepLimitHits,
  takeDistinctLimit,
  takeLimit,
} from "./limits.server.ts";

// The limits on a real database (SQLite, or PostgreSQL with DATABASE_URL): N allowed, N+1 refused with the
// rule's message and when to try again, the window sliding, distinct members, races, the sweep.

const engine = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
const HOUR_MS = 60 * 60 * 1000;
const rule: LimitRule = { name: "test-rule", max: 3, windowSeconds: 3600, message: "Slow down, please." };

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.destroy());
beforeEach(async () => {
  await testDb.db.deleteFrom("limitHit").execute();
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TooManyRequestsError);
  return error as TooManyRequestsError;
}

describe(`limits (${engine})`, () => {
  it("allows max hits per key in the window, refuses the next with the message and Retry-After", async () => {
    const start = Date.UTC(2026, 10, 24, 12);
    for (let i = 0; i < 3; i++) await takeLimit(testDb.db, rule, "user-a", start + i * 60_000);
    const error = await refusal(takeLimit(testDb.db, rule, "user-a", start + 10 * 60_000));
    expect(error.message).toBe("Slow down, please.");
    expect(error.status).toBe(429);
    // The oldest hit leaves the window 50 minutes later.
    expect(error.retryAfterSeconds).toBe(50 * 60);
    // The refused attempt counted nothing; another key is not affected.
    expect(await remainingHits(testDb.db, rule, "user-a", start + 10 * 60_000)).toBe(0);
    await takeLimit(testDb.db, rule, "user-b", start + 10 * 60_000);
    // The window slides: once the first hit is an hour old, one more passes.
    await takeLimit(testDb.db, rule, "user-a", start + HOUR_MS + 1);
    await refusal(takeLimit(testDb.db, rule, "user-a", start + HOUR_MS + 2));
  });

  it("lets no more than max through when many race for the last slots", async () => {
    const now = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => takeLimit(testDb.db, rule, "racer", now)),
    );
    expect(results.filter((result) => result.status === "fulfilled").length).toBeLessThanOrEqual(3);
    expect(await remainingHits(testDb.db, rule, "racer", now)).toBeGreaterThanOrEqual(0);
  });

  it("counts distinct members: a member already counted passes again, a new one over max is refused", async () => {
    const owners: LimitRule = { ...rule, name: "test-owners", max: 2, windowSeconds: 86_400 };
    const now = Date.UTC(2026, 10, 24, 12);
    await takeDistinctLimit(testDb.db, owners, "user-a", "owner-1", now);
    await takeDistinctLimit(testDb.db, owners, "user-a", "owner-2", now + 1);
    await takeDistinctLimit(testDb.db, owners, "user-a", "owner-1", now + 2);
    const error = await refusal(takeDistinctLimit(testDb.db, owners, "user-a", "owner-3", now + 3));
    expect(error.retryAfterSeconds).toBe(86_400);
    await takeDistinctLimit(testDb.db, owners, "user-a", "owner-2", now + 4);
    await takeDistinctLimit(testDb.db, owners, "user-b", "owner-3", now + 5);
  });

  it("sweeps hits older than a day", async () => {
    const now = Date.now();
    await takeLimit(testDb.db, rule, "old", now - 25 * HOUR_MS);
    await takeLimit(testDb.db, rule, "new", now);
    expect(await sweepLimitHits(testDb.db, now)).toBe(1);
    expect(await testDb.db.selectFrom("limitHit").select("key").execute()).toEqual([{ key: "new" }]);
  });
});

describe("work queue", () => {
  it("runs at most `concurrency` at once, queues up to maxWaiting, refuses the next at once", async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 1, busyMessage: "Busy." });
    let running = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const job = () =>
      queue.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
      });
    const jobs = [job(), job(), job()];
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.size()).toEqual({ running: 2, waiting: 1 });
    const error = await refusal(job());
    expect(error.message).toBe("Busy.");
    while (gates.length > 0 || queue.size().running > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(jobs);
    expect(peak).toBe(2);
  });
});
