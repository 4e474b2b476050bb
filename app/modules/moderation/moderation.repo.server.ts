import type { Db } from "#app/db/db.server.ts";
import type { ReportStatus } from "#app/db/schema.ts";
import { ADMIN_ROLE, USER_ROLE } from "#app/modules/auth/auth.roles.ts";

// Every query on the report and audit tables, and the moderation columns of listing and user.

/** How many audit entries /admin shows, newest first. */
export const AUDIT_LOG_LIMIT = 50;

/** An open report as /admin shows it: the listing, its owner and who reported it. */
export type OpenReport = {
  id: string;
  reason: string;
  details: string | null;
  createdAt: number;
  /** The reporting user's name; null for a visitor, who confirmed `reporterEmail`. */
  reporterName: string | null;
  reporterEmail: string | null;
  listing: { id: string; name: string; type: "rent" | "sale"; hidden: boolean };
  owner: { id: string; name: string; email: string; suspended: boolean };
};

/** Open reports, newest first. */
export async function findOpenReports(db: Db): Promise<OpenReport[]> {
  const rows = await db
    .selectFrom("report")
    .innerJoin("listing", "listing.id", "report.listingId")
    .innerJoin("user as owner", "owner.id", "listing.userRef")
    .leftJoin("user as reporter", "reporter.id", "report.reporterId")
    .select([
      "report.id",
      "report.reason",
      "report.details",
      "report.createdAt",
      "reporter.name as reporterName",
      "report.reporterEmail",
      "listing.id as listingId",
      "listing.name as listingName",
      "listing.type as listingType",
      "listing.hiddenAt",
      "owner.id as ownerId",
      "owner.name as ownerName",
      "owner.email as ownerEmail",
      "owner.banned as ownerBanned",
    ])
    .where("report.status", "=", "open")
    .orderBy("report.createdAt", "desc")
    .orderBy("report.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reason: row.reason,
    details: row.details,
    createdAt: Number(row.createdAt),
    reporterName: row.reporterName,
    reporterEmail: row.reporterEmail,
    listing: {
      id: row.listingId,
      name: row.listingName,
      type: row.listingType,
      hidden: row.hiddenAt !== null,
    },
    owner: {
      id: row.ownerId,
      name: row.ownerName,
      email: row.ownerEmail,
      suspended: Boolean(row.ownerBanned),
    },
  }));
}

/** Listings a moderator hid, most recently hidden first (to restore them). */
export async function findHiddenListings(db: Db) {
  const rows = await db
    .selectFrom("listing")
    .innerJoin("user", "user.id", "listing.userRef")
    .select(["listing.id", "listing.name", "listing.type", "listing.hiddenAt", "user.name as ownerName"])
    .where("listing.hiddenAt", "is not", null)
    .orderBy("listing.hiddenAt", "desc")
    .execute();
  const decisions = await findCurrentDecisions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    hiddenAt: Number(row.hiddenAt),
    reason: decisions.get(row.id)?.reason ?? null,
  }));
}

/** A decision to hide a listing, as its owner and the administrators see it. */
export type ListingDecision = {
  id: string;
  listingId: string;
  reason: string;
  note: string;
  createdAt: number;
  reviewRequestedAt: number | null;
  reviewMessage: string | null;
  reviewClosedAt: number | null;
};

function toDecision(row: {
  id: string;
  listingId: string;
  reason: string;
  note: string;
  createdAt: number | string | bigint;
  reviewRequestedAt: number | string | bigint | null;
  reviewMessage: string | null;
  reviewClosedAt: number | string | bigint | null;
}): ListingDecision {
  return {
    id: row.id,
    listingId: row.listingId,
    reason: row.reason,
    note: row.note,
    createdAt: Number(row.createdAt),
    reviewRequestedAt: row.reviewRequestedAt === null ? null : Number(row.reviewRequestedAt),
    reviewMessage: row.reviewMessage,
    reviewClosedAt: row.reviewClosedAt === null ? null : Number(row.reviewClosedAt),
  };
}

const DECISION_COLUMNS = [
  "listingDecision.id",
  "listingDecision.listingId",
  "listingDecision.reason",
  "listingDecision.note",
  "listingDecision.createdAt",
  "listingDecision.reviewRequestedAt",
  "listingDecision.reviewMessage",
  "listingDecision.reviewClosedAt",
] as const;

/**
 * The decisions that keep `listingIds` hidden now (each hidden listing's latest), by listing id. A listing
 * hidden before decisions had reasons has none.
 */
export async function findCurrentDecisions(db: Db, listingIds: readonly string[]) {
  const decisions = new Map<string, ListingDecision>();
  if (listingIds.length === 0) return decisions;
  const rows = await db
    .selectFrom("listingDecision")
    .innerJoin("listing", "listing.id", "listingDecision.listingId")
    .select(DECISION_COLUMNS)
    .where("listingDecision.listingId", "in", listingIds)
    .where("listing.hiddenAt", "is not", null)
    .orderBy("listingDecision.createdAt")
    .orderBy("listingDecision.id")
    .execute();
  for (const row of rows) decisions.set(row.listingId, toDecision(row));
  return decisions;
}

/** One decision with its listing (undefined when there is none), for the owner's review page. */
export async function findDecision(db: Db, decisionId: string) {
  const row = await db
    .selectFrom("listingDecision")
    .innerJoin("listing", "listing.id", "listingDecision.listingId")
    .select([
      ...DECISION_COLUMNS,
      "listing.name as listingName",
      "listing.type as listingType",
      "listing.userRef",
      "listing.hiddenAt",
    ])
    .where("listingDecision.id", "=", decisionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const current =
    row.hiddenAt !== null && (await findCurrentDecisions(db, [row.listingId])).get(row.listingId);
  return {
    ...toDecision(row),
    listing: { id: row.listingId, name: row.listingName, type: row.listingType, ownerId: row.userRef },
    /** Whether the listing is hidden by this decision now (not restored, nor hidden again since). */
    current: Boolean(current && current.id === row.id),
  };
}

/** Review requests waiting for a moderator, oldest first. */
export async function findReviewRequests(db: Db) {
  const rows = await db
    .selectFrom("listingDecision")
    .innerJoin("listing", "listing.id", "listingDecision.listingId")
    .innerJoin("user as owner", "owner.id", "listing.userRef")
    .select([
      ...DECISION_COLUMNS,
      "listing.name as listingName",
      "listing.type as listingType",
      "owner.name as ownerName",
    ])
    .where("listingDecision.reviewRequestedAt", "is not", null)
    .where("listingDecision.reviewClosedAt", "is", null)
    .orderBy("listingDecision.reviewRequestedAt")
    .execute();
  return rows.map((row) => ({
    ...toDecision(row),
    listing: { id: row.listingId, name: row.listingName, type: row.listingType },
    ownerName: row.ownerName,
  }));
}

/** Suspended users, by name (to lift the suspension). */
export async function findSuspendedUsers(db: Db) {
  return db
    .selectFrom("user")
    .select(["id", "name", "email"])
    .where("banned", "=", true)
    .orderBy("name")
    .execute();
}

/** The newest audit entries. */
export async function findAuditLog(db: Db, limit = AUDIT_LOG_LIMIT) {
  const rows = await db
    .selectFrom("auditLog")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
}

/** The moderation facts of one listing: hidden, owner suspended (undefined when there is no such listing). */
export async function findListingModeration(db: Db, listingId: string) {
  const row = await db
    .selectFrom("listing")
    .innerJoin("user", "user.id", "listing.userRef")
    .select([
      "listing.id",
      "listing.name",
      "listing.userRef",
      "listing.type",
      "listing.hiddenAt",
      "user.name as ownerName",
      "user.banned",
    ])
    .where("listing.id", "=", listingId)
    .executeTakeFirst();
  return row && { ...row, hidden: row.hiddenAt !== null, ownerSuspended: Boolean(row.banned) };
}

/**
 * A user's name, role and suspension (undefined when there is none). The admin role counts only once the
 * address is verified: anyone may sign up with an address ADMIN_EMAILS names, only its owner can verify it.
 */
export async function findUserStanding(db: Db, userId: string) {
  const row = await db
    .selectFrom("user")
    .select(["id", "name", "role", "banned", "emailVerified"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      isAdmin: row.role === ADMIN_ROLE && Boolean(row.emailVerified),
      suspended: Boolean(row.banned),
    }
  );
}

/** Whether `userId` holds the admin role. */
export async function isAdministrator(db: Db, userId: string) {
  return (await findUserStanding(db, userId))?.isAdmin ?? false;
}

/**
 * Gives the admin role to exactly the accounts ADMIN_EMAILS names (at start: the list may have changed since
 * those accounts were created); every other administrator becomes a user.
 */
export async function syncAdminRoles(db: Db, adminEmails: readonly string[]) {
  await db.transaction().execute(async (trx) => {
    let demote = trx.updateTable("user").set({ role: USER_ROLE }).where("role", "=", ADMIN_ROLE);
    if (adminEmails.length > 0) {
      demote = demote.where((eb) => eb(eb.fn("lower", ["email"]), "not in", adminEmails));
      await trx
        .updateTable("user")
        .set({ role: ADMIN_ROLE })
        .where((eb) => eb(eb.fn("lower", ["email"]), "in", adminEmails))
        .execute();
    }
    await demote.execute();
  });
}

/** Sets the status of `listingId`'s open reports (or of one report) and returns how many changed. */
export async function closeOpenReports(
  db: Db,
  where: { listingId: string } | { reportId: string } | { ownerId: string },
  status: Exclude<ReportStatus, "open">,
  now: number,
) {
  let query = db.updateTable("report").set({ status, resolvedAt: now }).where("status", "=", "open");
  if ("listingId" in where) query = query.where("listingId", "=", where.listingId);
  else if ("reportId" in where) query = query.where("id", "=", where.reportId);
  else
    query = query.where("listingId", "in", (eb) =>
      eb.selectFrom("listing").select("listing.id").where("listing.userRef", "=", where.ownerId),
    );
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The suspended agencies, by name (/admin's list, where their suspension is lifted). */
export async function findSuspendedAgencies(db: Db) {
  return db
    .selectFrom("organization")
    .select(["id", "name", "slug"])
    .where("suspendedAt", "is not", null)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** An agency by its id or its slug (an administrator names it by its page), with whether it is suspended. */
export async function findAgencyStanding(db: Db, idOrSlug: string) {
  const row = await db
    .selectFrom("organization")
    .select(["id", "name", "suspendedAt"])
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, suspended: row.suspendedAt != null };
}
