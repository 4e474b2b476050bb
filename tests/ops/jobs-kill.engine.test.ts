import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createJobRunner } from "#app/modules/jobs/jobs.server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";

// A process killed (SIGKILL) in the middle of a background job holds its lease no longer than
// leaseMs; then another instance takes the job and runs it. SQLite by default; PostgreSQL with DATABASE_URL.

let test: TestDb;
beforeAll(async () => {
  test = await createTestDb();
});
afterAll(async () => {
  await test.destroy();
});

it("gives the job of a process killed mid-run to another runner once its lease expires", async () => {
  const target = test.url.replace(/^file:/, "");
  const child = spawn(process.execPath, ["tests/ops/support/job-child.ts", target], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("running")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the child exited (${code}) before running`)));
  });
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));

  const held = await test.db
    .selectFrom("jobLease")
    .selectAll()
    .where("name", "=", "killed")
    .executeTakeFirstOrThrow();
  expect(held.holder).toMatch(new RegExp(`:${child.pid}:`));

  let runs = 0;
  const runner = createJobRunner({ db: test.db });
  runner.register({
    name: "killed",
    everyMs: 60_000,
    leaseMs: 1_500,
    run: async () => {
      runs += 1;
    },
  });
  expect(await runner.runNow("killed")).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, held.leaseUntil - Date.now()) + 50));
  expect(await runner.runNow("killed")).toBe(true);
  expect(runs).toBe(1);
  const after = await test.db
    .selectFrom("jobLease")
    .selectAll()
    .where("name", "=", "killed")
    .executeTakeFirstOrThrow();
  expect(after.holder).toBeNull();
  expect(after.lastError).toBeNull();
  await runner.stop();
});
