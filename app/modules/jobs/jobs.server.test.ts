import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { createJobRunner, type JobRunner } from "./jobs.server.ts";

let test: TestDb;
const runners: JobRunner[] = [];

beforeAll(async () => {
  test = await createTestDb();
});

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await test.destroy();
});

function runner(clock?: { t: number }, tickMs?: number) {
  const made = createJobRunner({ db: test.db, now: clock ? () => clock.t : undefined, tickMs });
  runners.push(made);
  return made;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function lease(name: string) {
  return test.db.selectFrom("jobLease").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
}

describe("background jobs", () => {
  it("runs a job once when two runners reach for it at the same moment", async () => {
    let runs = 0;
    // The run holds its lease until the other runner has given up, however slow the machine: a runner that
    // ran it too would never give up, and the test would time out.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = {
      name: "together",
      everyMs: 60_000,
      run: async () => {
        runs += 1;
        await held;
      },
    };
    const a = runner();
    const b = runner();
    a.register(job);
    b.register(job);
    const both = [a.runNow("together"), b.runNow("together")];
    expect(await Promise.race(both)).toBe(false);
    release();
    const ran = await Promise.all(both);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    const row = await lease("together");
    expect(row.holder).toBeNull();
    expect(row.leaseUntil).toBe(0);
    expect(row.lastError).toBeNull();
    expect(row.nextRunAt).toBeGreaterThan(Date.now() + 50_000);
  });

  it("ticks: two started runners run a due job once, and not again before everyMs", async () => {
    let runs = 0;
    const job = {
      name: "ticking",
      everyMs: 60_000,
      run: async () => {
        runs += 1;
      },
    };
    const a = runner(undefined, 20);
    const b = runner(undefined, 20);
    a.register(job);
    b.register(job);
    a.start();
    b.start();
    for (let i = 0; i < 100 && runs === 0; i++) await sleep(20);
    await sleep(200);
    expect(runs).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("gives a dead runner's job to another once its lease expires, and the late one cannot release it", async () => {
    const clockA = { t: 1_000_000 };
    const clockB = { t: 1_000_000 };
    let finishA!: () => void;
    const a = runner(clockA);
    a.register({
      name: "lease",
      everyMs: 60_000,
      leaseMs: 30_000,
      // Hangs like a process that was killed mid-run: it never extends its lease by its (frozen) clock.
      run: () =>
        new Promise<void>((resolve) => {
          finishA = resolve;
        }),
    });
    const aRun = a.runNow("lease");
    for (let i = 0; i < 100 && !finishA; i++) await sleep(10);
    expect((await lease("lease")).holder).toBe(a.holder);

    let runsB = 0;
    const b = runner(clockB);
    b.register({
      name: "lease",
      everyMs: 60_000,
      leaseMs: 30_000,
      run: async () => {
        runsB += 1;
      },
    });
    clockB.t += 29_000;
    expect(await b.runNow("lease")).toBe(false);
    expect(runsB).toBe(0);
    clockB.t += 2_000;
    expect(await b.runNow("lease")).toBe(true);
    expect(runsB).toBe(1);
    const afterB = await lease("lease");
    expect(afterB.nextRunAt).toBe(clockB.t + 60_000);

    // The "dead" run comes back: its release is for a lease it no longer holds, and changes nothing.
    finishA();
    expect(await aRun).toBe(true);
    expect(await lease("lease")).toEqual(afterB);
  });

  it("keeps a failed run's error and retries it within a minute", async () => {
    const clock = { t: 5_000_000 };
    const a = runner(clock);
    a.register({
      name: "failing",
      everyMs: 3_600_000,
      run: async () => {
        throw new Error("mail server down");
      },
    });
    expect(await a.runNow("failing")).toBe(true);
    const row = await lease("failing");
    expect(row.lastError).toBe("mail server down");
    expect(row.nextRunAt).toBe(clock.t + 60_000);
    expect(row.holder).toBeNull();
  });

  it("aborts the signal on stop and waits for the run to return", async () => {
    let sawAbort = false;
    const a = runner();
    a.register({
      name: "stopping",
      everyMs: 60_000,
      run: async ({ signal }) => {
        while (!signal.aborted) await sleep(5);
        sawAbort = true;
      },
    });
    const run = a.runNow("stopping");
    await sleep(30);
    await a.stop();
    expect(sawAbort).toBe(true);
    expect(await run).toBe(true);
    expect((await lease("stopping")).holder).toBeNull();
  });
});
