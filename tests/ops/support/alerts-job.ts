import type { Db } from "#app/db/db.server.ts";
import type { Job } from "#app/modules/jobs/jobs.server.ts";
import { type AlertDeps, searchAlertsJob } from "#app/modules/saved/alerts.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";

// The job "search-alerts" as app/services.server.ts registers it, sending over a real SMTP mailer: run by the
// child process tests/ops/alerts-kill.test.ts kills, and by the runner that takes the job after it.

/** The site's address in alert links. */
export const PUBLIC_URL = "https://homes.test";

/** What the alert pipeline is given: `db`, and a nodemailer SMTP transport to `smtpUrl`. */
export function alertDeps(db: Db, smtpUrl: string): AlertDeps {
  return {
    db,
    mailer: createMailer({ smtpUrl, from: "Homes <alerts@homes.test>", outboxDir: "", logText: false }),
    config: {
      publicUrl: PUBLIC_URL,
      images: { baseUrl: "" },
      auth: { secret: "s".repeat(40) },
      site: { name: "Homes", logoUrl: null },
    } as AlertDeps["config"],
  };
}

/** The job itself, once a minute. */
export function alertsJob(db: Db, smtpUrl: string): Job {
  return searchAlertsJob(alertDeps(db, smtpUrl), 60_000);
}
