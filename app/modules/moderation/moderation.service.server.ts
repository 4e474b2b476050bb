import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import type { AuditAction, NewAuditLogRow } from "#app/db/schema.ts";
import { ForbiddenError, InvalidError, NotFoundError, parseOrInvalid } from "#app/http/errors.ts";
import { handOverForSuspension } from "#app/modules/agency/agency.listing.server.ts";
import type { Auth } from "#app/modules/auth/auth.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { type LimitRule, takeLimit } from "#app/modules/limits/limits.server.ts";
import { isListingVisible } from "#app/modules/listing/listing.repo.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { mailContextOf } from "#app/modules/mail/mail.context.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import { listingHiddenMail } from "./moderation.mail.ts";
import { type ModerationMailDeps, tellReporters } from "./moderation.notices.server.ts";
import {
  closeOpenReports,
  findAgencyStanding,
  findDecision,
  findListingModeration,
  findUserStanding,
} from "./moderation.repo.server.ts";
import { MODERATION_MESSAGES, reviewPath } from "./moderation.rules.ts";
import { HideFormSchema, ReportFormSchema, ReviewRequestSchema } from "./moderation.schema.ts";

// Reports and what administrators do about them. Every moderator action writes one audit entry (who, what,
// when) in the same transaction as its change; a suspension goes through better-auth's admin plugin (it
// bans the user and ends their sessions), then the entry is written.

/** An administrator, as requireAdmin returns them. */
export type Moderator = Pick<SessionUser, "id" | "name">;

/**
 * Records `reporter`'s report of a listing the public can see (not their own). A second report of the same
 * listing by the same user while the first is open adds nothing. Returns the report's id.
 */
export async function reportListing(
  db: Db,
  reporter: SessionUser,
  listingId: string,
  input: unknown,
  /** Reports per user per day (LIMIT_REPORTS_PER_DAY); none when absent. */
  limit?: LimitRule,
) {
  const form = parseOrInvalid(ReportFormSchema, input);
  const listing = await findListingModeration(db, listingId);
  if (!listing || !(await isListingVisible(db, listingId)))
    throw new NotFoundError(LISTING_MESSAGES.notFound);
  if (listing.userRef === reporter.id) throw new ForbiddenError(MODERATION_MESSAGES.ownListing);
  const open = await db
    .selectFrom("report")
    .select("id")
    .where("listingId", "=", listingId)
    .where("reporterId", "=", reporter.id)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (open) return open.id;
  // A repeated report adds nothing, so only a new one counts toward the daily limit.
  if (limit) await takeLimit(db, limit, reporter.id);
  const id = randomUUID();
  await db
    .insertInto("report")
    .values({
      id,
      listingId,
      reporterId: reporter.id,
      reason: form.reason,
      details: form.details,
      createdAt: Date.now(),
    })
    .execute();
  return id;
}

/**
 * Hides a listing from everyone but its owner and the administrators, for a reason and with words for the
 * owner (a decision): the owner is e-mailed both and a link to ask for a review, the listing's open reports are
 * settled and their reporters told. A listing already hidden is refused (its decision stands).
 */
export async function hideListing(
  deps: ModerationMailDeps,
  moderator: Moderator,
  listingId: string,
  input: unknown,
) {
  const { db, mailer, config } = deps;
  const form = parseOrInvalid(HideFormSchema, input);
  const listing = await findListingModeration(db, listingId);
  if (!listing) throw new NotFoundError(LISTING_MESSAGES.notFound);
  if (listing.hidden) throw new InvalidError({}, MODERATION_MESSAGES.alreadyHidden);
  const owner = await db
    .selectFrom("user")
    .select(["email", "name"])
    .where("id", "=", listing.userRef)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const decisionId = randomUUID();
  const hidden = await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("listing")
      .set({ hiddenAt: now })
      .where("id", "=", listingId)
      .where("hiddenAt", "is", null)
      .executeTakeFirst();
    // Another moderator hid it a moment ago: theirs is the decision the owner hears of.
    if (Number(changed.numUpdatedRows) === 0) return false;
    await trx
      .insertInto("listingDecision")
      .values({
        id: decisionId,
        listingId,
        reason: form.reason,
        note: form.note,
        moderatorId: moderator.id,
        createdAt: now,
      })
      .execute();
    await queueMail(
      trx,
      listingHiddenMail(mailContextOf(config), {
        to: owner.email,
        ownerName: owner.name,
        listingName: listing.name,
        listingUrl: `${config.publicUrl}${listingPath(listing)}`,
        reason: form.reason,
        note: form.note,
        reviewUrl: `${config.publicUrl}${reviewPath(decisionId)}`,
      }),
      now,
    );
    await tellReporters(trx, config, { listingId }, "hidden", now);
    await closeOpenReports(trx, { listingId }, "actioned", now);
    await audit(trx, moderator, "hide-listing", now, {
      listingId,
      listingName: listing.name,
      targetUserId: listing.userRef,
      targetUserName: listing.ownerName,
    });
    return true;
  });
  if (!hidden) throw new InvalidError({}, MODERATION_MESSAGES.alreadyHidden);
  mailer.kick();
  return decisionId;
}

/** Makes a hidden listing public again; a review the owner asked for is answered with it. */
export async function restoreListing(db: Db, moderator: Moderator, listingId: string) {
  const listing = await findListingModeration(db, listingId);
  if (!listing) throw new NotFoundError(LISTING_MESSAGES.notFound);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("listing").set({ hiddenAt: null }).where("id", "=", listingId).execute();
    await trx
      .updateTable("listingDecision")
      .set({ reviewClosedAt: now })
      .where("listingId", "=", listingId)
      .where("reviewClosedAt", "is", null)
      .execute();
    await audit(trx, moderator, "restore-listing", now, {
      listingId,
      listingName: listing.name,
      targetUserId: listing.userRef,
      targetUserName: listing.ownerName,
    });
  });
}

/** Answers an owner's review request by keeping the listing hidden: the request leaves /admin. */
export async function keepHidden(db: Db, moderator: Moderator, decisionId: string) {
  const decision = await db
    .selectFrom("listingDecision")
    .select(["id", "listingId"])
    .where("id", "=", decisionId)
    .where("reviewRequestedAt", "is not", null)
    .where("reviewClosedAt", "is", null)
    .executeTakeFirst();
  if (!decision) throw new NotFoundError(MODERATION_MESSAGES.reviewGone);
  const listing = await findListingModeration(db, decision.listingId);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("listingDecision")
      .set({ reviewClosedAt: now })
      .where("id", "=", decisionId)
      .execute();
    await audit(trx, moderator, "close-review", now, {
      listingId: decision.listingId,
      listingName: listing?.name ?? null,
      targetUserId: listing?.userRef ?? null,
      targetUserName: listing?.ownerName ?? null,
    });
  });
}

/** Settles one open report without acting on the listing; its reporter is told the listing stays. */
export async function dismissReport(
  { db, mailer, config }: ModerationMailDeps,
  moderator: Moderator,
  reportId: string,
) {
  const report = await db
    .selectFrom("report")
    .select(["id", "listingId"])
    .where("id", "=", reportId)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (!report) throw new NotFoundError(MODERATION_MESSAGES.reportGone);
  const listing = await findListingModeration(db, report.listingId);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await tellReporters(trx, config, { reportId }, "kept", now);
    await closeOpenReports(trx, { reportId }, "dismissed", now);
    await audit(trx, moderator, "dismiss-report", now, {
      reportId,
      listingId: report.listingId,
      listingName: listing?.name ?? null,
      targetUserId: listing?.userRef ?? null,
      targetUserName: listing?.ownerName ?? null,
    });
  });
  mailer.kick();
}

/** What suspending and lifting need: better-auth (its admin plugin) and the administrator's request headers. */
export type SuspensionDeps = ModerationMailDeps & { auth: Auth; headers: Headers };

/**
 * Suspends a user through better-auth's admin plugin: they can no longer sign in, their sessions end, and
 * their listings are no longer listed (whereListed); the open reports on their listings are settled.
 * Administrators can not be suspended here (remove them from ADMIN_EMAILS first).
 */
export async function suspendUser(
  { db, auth, headers, mailer, config }: SuspensionDeps,
  moderator: Moderator,
  userId: string,
) {
  const target = await findUserStanding(db, userId);
  if (!target) throw new NotFoundError(MODERATION_MESSAGES.userGone);
  if (target.isAdmin) throw new ForbiddenError(MODERATION_MESSAGES.cannotSuspend);
  if (!target.suspended) {
    await auth.api.banUser({ headers, body: { userId, banReason: `Suspended by ${moderator.name}` } });
  }
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    // Their agencies' listings: an owner takes over theirs, or the agency goes with its only owner.
    for (const agency of await handOverForSuspension(trx, userId, now)) {
      await audit(trx, moderator, "suspend-agency", now, { targetUserName: agency.name });
    }
    await tellReporters(trx, config, { ownerId: userId }, "hidden", now);
    await closeOpenReports(trx, { ownerId: userId }, "actioned", now);
    await audit(trx, moderator, "suspend-user", now, { targetUserId: userId, targetUserName: target.name });
  });
  mailer.kick();
}

/** Lifts a suspension: the user may sign in again and their listings that are not hidden are listed again. */
export async function liftSuspension(
  { db, auth, headers }: SuspensionDeps,
  moderator: Moderator,
  userId: string,
) {
  const target = await findUserStanding(db, userId);
  if (!target) throw new NotFoundError(MODERATION_MESSAGES.userGone);
  if (target.suspended) await auth.api.unbanUser({ headers, body: { userId } });
  await audit(db, moderator, "lift-suspension", Date.now(), {
    targetUserId: userId,
    targetUserName: target.name,
  });
}

/** Names an agency by its page's address, its slug or its id: the last part of a path. */
function agencyKey(input: string) {
  return decodeURIComponent(input.trim().replace(/\/+$/, "").split("/").pop() ?? "");
}

/**
 * Suspends an agency: its listings leave every public list, map, sitemap and feed and their pages are gone for
 * visitors (whereVisible), until the suspension is lifted; its members keep their accounts.
 */
export async function suspendAgency(db: Db, moderator: Moderator, agency: string) {
  const target = await findAgencyStanding(db, agencyKey(agency));
  if (!target) throw new NotFoundError(MODERATION_MESSAGES.agencyGone);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("organization")
      .set({ suspendedAt: now })
      .where("id", "=", target.id)
      .where("suspendedAt", "is", null)
      .execute();
    await audit(trx, moderator, "suspend-agency", now, { targetUserName: target.name });
  });
}

/** Lifts an agency's suspension: its listings that are not hidden otherwise are public again. */
export async function liftAgencySuspension(db: Db, moderator: Moderator, agency: string) {
  const target = await findAgencyStanding(db, agencyKey(agency));
  if (!target) throw new NotFoundError(MODERATION_MESSAGES.agencyGone);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("organization").set({ suspendedAt: null }).where("id", "=", target.id).execute();
    await audit(trx, moderator, "lift-agency-suspension", now, { targetUserName: target.name });
  });
}

/**
 * The owner asks for a review of the decision that hides their listing: once per decision (the same request
 * again is refused and changes nothing); only while the decision stands. Someone else's decision reads as
 * missing.
 */
export async function requestReview(
  db: Db,
  owner: Pick<SessionUser, "id">,
  decisionId: string,
  input: unknown,
) {
  const decision = await findDecision(db, decisionId);
  if (!decision || decision.listing.ownerId !== owner.id)
    throw new NotFoundError(MODERATION_MESSAGES.decisionGone);
  const form = parseOrInvalid(ReviewRequestSchema, input);
  if (decision.reviewRequestedAt !== null)
    throw new InvalidError({}, MODERATION_MESSAGES.reviewAlreadyRequested);
  if (!decision.current) throw new InvalidError({}, MODERATION_MESSAGES.decisionNotCurrent);
  const asked = await db
    .updateTable("listingDecision")
    .set({ reviewRequestedAt: Date.now(), reviewMessage: form.message })
    .where("id", "=", decisionId)
    .where("reviewRequestedAt", "is", null)
    .executeTakeFirst();
  // Two requests at once: the first one counts, the second is told so.
  if (Number(asked.numUpdatedRows) !== 1)
    throw new InvalidError({}, MODERATION_MESSAGES.reviewAlreadyRequested);
}

type AuditTarget = Partial<
  Pick<NewAuditLogRow, "listingId" | "listingName" | "targetUserId" | "targetUserName" | "reportId">
>;

async function audit(db: Db, moderator: Moderator, action: AuditAction, now: number, target: AuditTarget) {
  await db
    .insertInto("auditLog")
    .values({
      id: randomUUID(),
      actorId: moderator.id,
      actorName: moderator.name,
      action,
      listingId: target.listingId ?? null,
      listingName: target.listingName ?? null,
      targetUserId: target.targetUserId ?? null,
      targetUserName: target.targetUserName ?? null,
      reportId: target.reportId ?? null,
      createdAt: now,
    })
    .execute();
}
