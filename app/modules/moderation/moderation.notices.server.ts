import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { InvalidError, NotFoundError, parseOrInvalid } from "#app/http/errors.ts";
import { assertUnderLimit, type LimitRule, takeLimit } from "#app/modules/limits/limits.server.ts";
import { isListingVisible } from "#app/modules/listing/listing.repo.server.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { mailContextOf } from "#app/modules/mail/mail.context.server.ts";
import type { MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import { type ReportOutcome, reportConfirmationMail, reportOutcomeMail } from "./moderation.mail.ts";
import { findListingModeration } from "./moderation.repo.server.ts";
import { MODERATION_MESSAGES, REPORT_CONFIRM_HOURS } from "./moderation.rules.ts";
import { VisitorReportFormSchema } from "./moderation.schema.ts";

// Notices from anyone (a visitor without an account reports with an address they confirm by an e-mailed
// link; only then does the report count), and the e-mails that tell reporters what became of their reports.
// Every e-mail is queued in the transaction of the write it belongs to, and the outbox is woken after it.

/** What the moderation e-mails need: the database, the outbox to wake, and the site's name, address and words. */
export type ModerationMailDeps = {
  db: Db;
  mailer: Pick<MailOutbox, "kick">;
  config: Pick<Config, "publicUrl" | "site"> & Partial<Pick<Config, "i18n">>;
};

/** The path of a confirmation link (its token in the query, which the request log redacts). */
export function reportConfirmPath(token: string) {
  return `/report/confirm?${new URLSearchParams({ token })}`;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A visitor's report of a listing the public can see: nothing counts yet; the address given gets a link that
 * confirms it (confirmReport). The daily report limit holds per address and per client (`client`, the
 * request's address), and is taken here, where an e-mail goes out, so nobody floods an inbox through us.
 */
export async function requestReport(
  { db, mailer, config }: ModerationMailDeps,
  listingId: string,
  input: unknown,
  client: string,
  /** Reports per address and per client per day (LIMIT_REPORTS_PER_DAY); none when absent. */
  limit?: LimitRule,
  now = Date.now(),
) {
  const { email, reason, details } = parseOrInvalid(VisitorReportFormSchema, input);
  const listing = await findListingModeration(db, listingId);
  if (!listing || !(await isListingVisible(db, listingId)))
    throw new NotFoundError(LISTING_MESSAGES.notFound);
  const owner = await db
    .selectFrom("user")
    .select("email")
    .where("id", "=", listing.userRef)
    .executeTakeFirst();
  if (owner?.email.toLowerCase() === email) {
    throw new InvalidError({ email: MODERATION_MESSAGES.ownListing }, MODERATION_MESSAGES.ownListing);
  }
  if (limit) {
    // Both checked before either counts: a refusal for one key spends nothing of the other.
    await assertUnderLimit(db, limit, `email:${email}`, now);
    await assertUnderLimit(db, limit, `client:${client}`, now);
    await takeLimit(db, limit, `email:${email}`, now);
    await takeLimit(db, limit, `client:${client}`, now);
  }
  const token = randomBytes(32).toString("base64url");
  const ctx = mailContextOf(config);
  await db.transaction().execute(async (trx) => {
    // Links nobody followed in time hold an address for nothing: they go with the next request.
    await trx.deleteFrom("reportRequest").where("expiresAt", "<=", now).execute();
    await trx
      .insertInto("reportRequest")
      .values({
        id: randomUUID(),
        listingId,
        email,
        reason,
        details,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: now + REPORT_CONFIRM_HOURS * 60 * 60 * 1000,
      })
      .execute();
    await queueMail(
      trx,
      reportConfirmationMail(ctx, {
        to: email,
        listingName: listing.name,
        confirmUrl: `${config.publicUrl}${reportConfirmPath(token)}`,
      }),
      now,
    );
  });
  mailer.kick();
  return { email };
}

/** The report a confirmation link stands for, while it works (undefined once used or expired). */
export async function findReportRequest(db: Db, token: string, now = Date.now()) {
  if (!token) return undefined;
  return db
    .selectFrom("reportRequest")
    .innerJoin("listing", "listing.id", "reportRequest.listingId")
    .select([
      "reportRequest.id",
      "reportRequest.listingId",
      "reportRequest.email",
      "reportRequest.reason",
      "reportRequest.details",
      "listing.name as listingName",
      "listing.type as listingType",
    ])
    .where("reportRequest.tokenHash", "=", hashToken(token))
    .where("reportRequest.expiresAt", ">", now)
    .executeTakeFirst();
}

/**
 * Follows a confirmation link: the visitor's report now counts (an open report, as a user's). The link works
 * once; a second open report of the same listing from the same address adds nothing. Returns the report's id.
 */
export async function confirmReport(db: Db, token: string, now = Date.now()) {
  const request = await findReportRequest(db, token, now);
  if (!request) throw new NotFoundError(MODERATION_MESSAGES.confirmLinkGone);
  if (!(await isListingVisible(db, request.listingId))) throw new NotFoundError(MODERATION_MESSAGES.removed);
  const id = await db.transaction().execute(async (trx) => {
    const used = await trx.deleteFrom("reportRequest").where("id", "=", request.id).executeTakeFirst();
    if (Number(used.numDeletedRows) !== 1) return undefined;
    const open = await trx
      .selectFrom("report")
      .select("id")
      .where("listingId", "=", request.listingId)
      .where("reporterEmail", "=", request.email)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (open) return open.id;
    const reportId = randomUUID();
    await trx
      .insertInto("report")
      .values({
        id: reportId,
        listingId: request.listingId,
        reporterId: null,
        reporterEmail: request.email,
        reason: request.reason,
        details: request.details,
        createdAt: now,
      })
      .execute();
    return reportId;
  });
  if (!id) throw new NotFoundError(MODERATION_MESSAGES.confirmLinkGone);
  return id;
}

/** Where the open reports to settle are: one listing's, one report, or every listing of one owner's. */
export type OpenReportsWhere = { listingId: string } | { reportId: string } | { ownerId: string };

/**
 * Queues, through `trx`, each open report's reporter the outcome (before the reports are closed), and forgets
 * the visitors' addresses, which were kept for this e-mail only. Returns how many e-mails were queued.
 */
export async function tellReporters(
  trx: Db,
  config: ModerationMailDeps["config"],
  where: OpenReportsWhere,
  outcome: ReportOutcome["outcome"],
  now: number,
) {
  let query = trx
    .selectFrom("report")
    .innerJoin("listing", "listing.id", "report.listingId")
    .leftJoin("user as reporter", "reporter.id", "report.reporterId")
    .select([
      "report.id",
      "report.reporterEmail",
      "reporter.email as userEmail",
      "listing.name as listingName",
    ])
    .where("report.status", "=", "open");
  if ("listingId" in where) query = query.where("report.listingId", "=", where.listingId);
  else if ("reportId" in where) query = query.where("report.id", "=", where.reportId);
  else query = query.where("listing.userRef", "=", where.ownerId);
  const reports = await query.execute();
  const ctx = mailContextOf(config);
  for (const report of reports) {
    const to = report.userEmail ?? report.reporterEmail;
    if (to)
      await queueMail(trx, reportOutcomeMail(ctx, { to, listingName: report.listingName, outcome }), now);
  }
  const visitors = reports.filter((report) => report.reporterEmail !== null).map((report) => report.id);
  if (visitors.length > 0) {
    await trx.updateTable("report").set({ reporterEmail: null }).where("id", "in", visitors).execute();
  }
  return reports.length;
}
