import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { mailContextOf } from "#app/modules/mail/mail.context.server.ts";
import type { MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import { reportDigestMail } from "./moderation.mail.ts";

// The administrators' e-mail digest of new reports: at most one an hour, whatever the number of app
// instances. The digest row is claimed with one conditional UPDATE (only the instance whose update changed it
// sends), in one transaction with the e-mails it queues in the outbox and the reports' digestedAt, so each
// report goes out once, and a crash loses none.

export const DIGEST_EVERY_MS = 60 * 60 * 1000;
const DIGEST_ROW = "reports";

export type DigestDeps = {
  db: Db;
  /** The outbox, woken after the digest's e-mails are queued. */
  mailer: Pick<MailOutbox, "kick">;
  config: Pick<Config, "publicUrl" | "site" | "auth"> & Partial<Pick<Config, "i18n">>;
};

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
  const ctx = mailContextOf(config);
  const message = reportDigestMail(ctx, pending);
  const queued = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("reportDigest")
      .set({ sentAt: now })
      .where("id", "=", DIGEST_ROW)
      .where("sentAt", "<=", now - DIGEST_EVERY_MS)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    for (const to of recipients) await queueMail(trx, { ...message, to });
    await trx
      .updateTable("report")
      .set({ digestedAt: now })
      .where(
        "id",
        "in",
        pending.map((report) => report.id),
      )
      .execute();
    return true;
  });
  if (!queued) return 0;
  mailer.kick();
  logger.info({ reports: pending.length, recipients: recipients.length }, "report digest sent");
  return pending.length;
}
