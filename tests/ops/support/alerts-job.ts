import type { Db } from "#app/db/db.server.ts";
import type { Job } from "#app/modules/jobs/jobs.server.ts";
import { createMailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { searchAlertsJob } from "#app/modules/saved/alerts.job.server.ts";
import type { AlertDeps } from "#app/modules/saved/alerts.send.server.ts";
import { createMailer, type Mailer } from "#app/providers/mail/mail.server.ts";

// The job "search-alerts" as app/services.server.ts registers it, its alerts going through the mail outbox
// to a real SMTP peer: run by the child process tests/ops/alerts-kill.engine.test.ts kills, and by the runner that
// takes the job after it.

/** The site's address in alert links. */
export const PUBLIC_URL = "https://homes.test";

/** A nodemailer SMTP transport to `smtpUrl`. */
export function smtpTransport(smtpUrl: string): Mailer {
  return createMailer({ smtpUrl, from: "Homes <alerts@homes.test>", outboxDir: "", logText: false });
}

/** What the alert pipeline is given: `db`, and the outbox on `db` sending to `smtpUrl`. */
export function alertDeps(db: Db, smtpUrl: string) {
  return {
    db,
    mailer: createMailOutbox({ db, transport: smtpTransport(smtpUrl) }),
    config: {
      publicUrl: PUBLIC_URL,
      images: { baseUrl: "" },
      auth: { secret: "s".repeat(40) },
      site: { name: "Homes", logoUrl: null },
    } as AlertDeps["config"],
  };
}

/** The job itself, once a minute; a run ends once the outbox has sent what it queued. */
export function alertsJob(db: Db, smtpUrl: string): Job {
  const deps = alertDeps(db, smtpUrl);
  const job = searchAlertsJob(deps, 60_000);
  return {
    ...job,
    run: async (ctx) => {
      const result = await job.run(ctx);
      await deps.mailer.drain();
      return result;
    },
  };
}
