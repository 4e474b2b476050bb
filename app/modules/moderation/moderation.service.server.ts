import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import type { AuditAction, NewAuditLogRow } from "#app/db/schema.ts";
import { ForbiddenError, InvalidError, NotFoundError } from "#app/http/errors.ts";
import type { Auth } from "#app/modules/auth/auth.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { type LimitRule, takeLimit } from "#app/modules/limits/limits.server.ts";
import { isListingVisible } from "#app/modules/listing/listing.repo.server.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { closeOpenReports, findListingModeration, findUserStanding } from "./moderation.repo.server.ts";
import { MODERATION_MESSAGES } from "./moderation.rules.ts";
import { ReportFormSchema } from "./moderation.schema.ts";

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
  const parsed = ReportFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new InvalidError(fieldErrors);
  }
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
      reason: parsed.data.reason,
      details: parsed.data.details,
      createdAt: Date.now(),
    })
    .execute();
  return id;
}

/** Hides a listing from everyone but its owner and the administrators; its open reports are settled. */
export async function hideListing(db: Db, moderator: Moderator, listingId: string) {
  const listing = await findListingModeration(db, listingId);
  if (!listing) throw new NotFoundError(LISTING_MESSAGES.notFound);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("listing")
      .set({ hiddenAt: now })
      .where("id", "=", listingId)
      .where("hiddenAt", "is", null)
      .execute();
    await closeOpenReports(trx, { listingId }, "actioned", now);
    await audit(trx, moderator, "hide-listing", now, {
      listingId,
      listingName: listing.name,
      targetUserId: listing.userRef,
      targetUserName: listing.ownerName,
    });
  });
}

/** Makes a hidden listing public again. */
export async function restoreListing(db: Db, moderator: Moderator, listingId: string) {
  const listing = await findListingModeration(db, listingId);
  if (!listing) throw new NotFoundError(LISTING_MESSAGES.notFound);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("listing").set({ hiddenAt: null }).where("id", "=", listingId).execute();
    await audit(trx, moderator, "restore-listing", now, {
      listingId,
      listingName: listing.name,
      targetUserId: listing.userRef,
      targetUserName: listing.ownerName,
    });
  });
}

/** Settles one open report without acting on the listing. */
export async function dismissReport(db: Db, moderator: Moderator, reportId: string) {
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
    await closeOpenReports(trx, { reportId }, "dismissed", now);
    await audit(trx, moderator, "dismiss-report", now, {
      reportId,
      listingId: report.listingId,
      listingName: listing?.name ?? null,
      targetUserId: listing?.userRef ?? null,
      targetUserName: listing?.ownerName ?? null,
    });
  });
}

/** What suspending and lifting need: better-auth (its admin plugin) and the administrator's request headers. */
export type SuspensionDeps = { db: Db; auth: Auth; headers: Headers };

/**
 * Suspends a user through better-auth's admin plugin: they can no longer sign in, their sessions end, and
 * their listings are no longer listed (whereListed); the open reports on their listings are settled.
 * Administrators can not be suspended here (remove them from ADMIN_EMAILS first).
 */
export async function suspendUser(
  { db, auth, headers }: SuspensionDeps,
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
    await closeOpenReports(trx, { ownerId: userId }, "actioned", now);
    await audit(trx, moderator, "suspend-user", now, { targetUserId: userId, targetUserName: target.name });
  });
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
