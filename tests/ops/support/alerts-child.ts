// A process that runs the job "search-alerts" once, by a clock stopped at <now>, until
// tests/ops/alerts-kill.engine.test.ts kills it (SIGKILL) while the SMTP peer holds one of its messages or connections.
// Usage: node alerts-child.ts <sqlite file | postgres url> <smtp url> <now, epoch ms>
import { createDb } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { createJobRunner } from "#app/modules/jobs/jobs.server.ts";
import { alertsJob } from "./alerts-job.ts";

const [target = "", smtpUrl = "", now = ""] = process.argv.slice(2);
logger.level = "warn";
const db = createDb(
  target.startsWith("postgres") ? { kind: "postgres", url: target } : { kind: "sqlite", file: target },
);
const runner = createJobRunner({ db, now: () => Number(now) });
runner.register(alertsJob(db, smtpUrl));
await runner.runNow("search-alerts");
await db.destroy();
