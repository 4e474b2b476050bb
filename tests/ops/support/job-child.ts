// A process that takes the job "killed" and hangs in the middle of its run until it is killed (SIGKILL) by
// tests/ops/jobs-kill.engine.test.ts. Usage: node job-child.ts <sqlite file | postgres url>
import { createDb } from "#app/db/db.server.ts";
import { createJobRunner } from "#app/modules/jobs/jobs.server.ts";

const target = process.argv[2] ?? "";
const db = createDb(
  target.startsWith("postgres") ? { kind: "postgres", url: target } : { kind: "sqlite", file: target },
);
const runner = createJobRunner({ db });
runner.register({
  name: "killed",
  everyMs: 60_000,
  leaseMs: 1_500,
  run: async () => {
    process.stdout.write("running\n");
    await new Promise(() => {});
  },
});
await runner.runNow("killed");
