import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { escapeHtml } from "#app/modules/auth/auth.mail.ts";
import type { Mailer, MailMessage } from "#app/providers/mail/mail.server.ts";
import { reasonLabel } from "./moderation.rules.ts";

// The administrators' e-mail digest of new reports: at most one an hour, whatever the number of app
// instances. The digest row is claimed with one conditional UPDATE (only the instance whose update changed it
// sends), and each report goes out once (digestedAt).

export const DIGEST_EVERY_MS = 60 * 60 * 1000;
const DIGEST_ROW = "reports";

export type DigestDeps = { db: Db; mailer: Mailer; config: Pick<Config, "publicUrl" | "site" | "auth"> };

/**
 * Sends one digest of the reports not yet sent to every administrator (ADMIN_EMAILS) when there are some and
 * the last digest is at least an hour old. Returns how many reports it carried (0: nothing sent).
 */
export async function sendReportDigest({ db, mailer, config }: DigestDeps, now = Date.now()) {
  const recipients = config.auth.adminEmails;
  if (recipients.length === 0) return 0;
  const pending = await db
    .selectFrom("report")
    .innerJoin("listing", "listing.id", "report.listingId")
    .select([
      "report.id",
      "report.reason",
      "report.details",
      "report.createdAt",
      "listing.name as listingName",
    ])
    .where("report.digestedAt", "is", null)
    .where("report.createdAt", "<=", now)
    .orderBy("report.createdAt")
    .execute();
  if (pending.length === 0) return 0;
  const claimed = await db
    .updateTable("reportDigest")
    .set({ sentAt: now })
    .where("id", "=", DIGEST_ROW)
    .where("sentAt", "<=", now - DIGEST_EVERY_MS)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 0;
  const message = digestMail(pending, config);
  try {
    for (const to of recipients) await mailer.send({ ...message, to });
  } catch (error) {
    // Give the hour back so the next run tries again; the reports stay unsent.
    await db.updateTable("reportDigest").set({ sentAt: 0 }).where("id", "=", DIGEST_ROW).execute();
    throw error;
  }
  await db
    .updateTable("report")
    .set({ digestedAt: now })
    .where(
      "id",
      "in",
      pending.map((report) => report.id),
    )
    .execute();
  logger.info({ reports: pending.length, recipients: recipients.length }, "report digest sent");
  return pending.length;
}

type PendingReport = { reason: string; details: string | null; listingName: string };

function digestMail(reports: PendingReport[], config: DigestDeps["config"]): Omit<MailMessage, "to"> {
  const adminUrl = `${config.publicUrl}/admin`;
  const count = reports.length === 1 ? "1 new report" : `${reports.length} new reports`;
  const lines = reports.map(
    (report) =>
      `- ${report.listingName}: ${reasonLabel(report.reason)}${report.details ? ` (${report.details})` : ""}`,
  );
  const text = [`${count} on ${config.site.name}:`, "", ...lines, "", `Review them at ${adminUrl}`].join(
    "\n",
  );
  const items = reports
    .map(
      (report) =>
        `<li><strong>${escapeHtml(report.listingName)}</strong>: ${escapeHtml(reasonLabel(report.reason))}${
          report.details ? ` (${escapeHtml(report.details)})` : ""
        }</li>`,
    )
    .join("");
  const html = `<p>${count} on ${escapeHtml(config.site.name)}:</p><ul>${items}</ul><p><a href="${escapeHtml(adminUrl)}">Review them</a></p>`;
  return { subject: `${config.site.name}: ${count}`, text, html };
}
