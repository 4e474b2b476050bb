import type { Db } from "#app/db/db.server.ts";
import { ForbiddenError, InvalidError } from "#app/http/errors.ts";
import { findAgenciesOfUser, findMembers, findMembership } from "./agency.repo.server.ts";
import { AGENCY_ROLES, AGENCY_MESSAGES as M, managesAgency } from "./agency.rules.ts";

// Who writes an agency's listings (decision 061). A listing published as an agency keeps its listing agent in
// `userRef`. Its owners and admins may edit, mark and delete every one of the agency's listings; an agent only
// the ones they list, and only while they are a member. A private listing stays its lister's alone.

/** The listing's lister and agency, as the listing table holds them. */
export type ListingWriters = { userRef: string; agencyId: string | null };

/** Whether `userId` may edit, mark or delete a listing with these writers. */
export async function mayWriteListing(db: Db, userId: string, listing: ListingWriters) {
  if (!listing.agencyId) return listing.userRef === userId;
  const membership = await findMembership(db, listing.agencyId, userId);
  if (!membership) return false;
  return managesAgency(membership.role) || listing.userRef === userId;
}

/** The form's "Publish as" and "Listing agent" as posted (absent: Myself, and the user as agent). */
export type PublishAsInput = { publishAs?: unknown; listingAgent?: unknown };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * Who a save publishes as: Myself (no agency), or an agency the user belongs to; owners and admins may name
 * another member as the listing agent. `current` is the listing being edited (null for a new one): an agency
 * listing that the user does not list stays with its agency.
 */
export async function resolvePublisher(
  db: Db,
  userId: string,
  input: PublishAsInput,
  current: ListingWriters | null,
): Promise<{ userRef: string; agencyId: string | null }> {
  const agencyId = text(input.publishAs);
  const agentId = text(input.listingAgent) || userId;
  if (!agencyId) {
    if (current?.agencyId && current.userRef !== userId) throw new ForbiddenError(M.notAllowed);
    if (agentId !== userId) throw new InvalidError({ listingAgent: M.agentInvalid }, M.agentInvalid);
    return { userRef: userId, agencyId: null };
  }
  const membership = await findMembership(db, agencyId, userId);
  if (!membership) throw new ForbiddenError(M.notAllowed);
  if (current?.agencyId && current.agencyId !== agencyId && current.userRef !== userId) {
    throw new ForbiddenError(M.notAllowed);
  }
  if (agentId === userId) {
    // A manager saving an agent's listing keeps that agent unless the form names another.
    const keep = current?.agencyId === agencyId && text(input.listingAgent) === "" ? current.userRef : userId;
    return { userRef: keep, agencyId };
  }
  if (!managesAgency(membership.role)) throw new ForbiddenError(M.notAllowed);
  if (!(await findMembership(db, agencyId, agentId))) {
    throw new InvalidError({ listingAgent: M.agentInvalid }, M.agentInvalid);
  }
  return { userRef: agentId, agencyId };
}

/** What the listing form offers under "Publish as": the user's agencies, with their members for managers. */
export async function findPublishOptions(db: Db, userId: string) {
  const agencies = await findAgenciesOfUser(db, userId);
  return Promise.all(
    agencies.map(async (agency) => ({
      id: agency.id,
      name: agency.name,
      agents: managesAgency(agency.role)
        ? (await findMembers(db, agency.id)).map((member) => ({ id: member.userId, name: member.name }))
        : [],
    })),
  );
}

/**
 * Before `userId`'s account is deleted (in its transaction): an agency they alone belong to goes with them; in
 * any other, an owner takes over the listings they list there, with those listings' photos and the logo they
 * uploaded, so the agency keeps them. Refused while they are the only owner of an agency with other members:
 * an agency always keeps an owner, so they name another one first.
 */
export async function handOverAgencies(db: Db, userId: string) {
  const memberships = await db
    .selectFrom("member")
    .select(["organizationId"])
    .where("userId", "=", userId)
    .execute();
  for (const { organizationId } of memberships) {
    const members = await db
      .selectFrom("member")
      .select(["userId", "role"])
      .where("organizationId", "=", organizationId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    const others = members.filter((member) => member.userId !== userId);
    if (others.length === 0) {
      await db.deleteFrom("organization").where("id", "=", organizationId).execute();
      continue;
    }
    const heir = others.find((member) => member.role === AGENCY_ROLES.owner);
    if (!heir) throw new ForbiddenError(M.onlyOwner);
    const listings = await db
      .selectFrom("listing")
      .select("id")
      .where("agencyId", "=", organizationId)
      .where("userRef", "=", userId)
      .execute();
    const ids = listings.map((listing) => listing.id);
    if (ids.length > 0) {
      await db.updateTable("listing").set({ userRef: heir.userId }).where("id", "in", ids).execute();
      await db.updateTable("image").set({ userId: heir.userId }).where("listingId", "in", ids).execute();
    }
    await db
      .updateTable("image")
      .set({ userId: heir.userId })
      .where("agencyId", "=", organizationId)
      .where("userId", "=", userId)
      .execute();
  }
}

/**
 * When an administrator suspends `userId` (in the suspension's transaction, decision 064): an agency they are
 * the only owner of is suspended with them (no one answers for it; its listings leave the public pages until
 * an administrator lifts the agency's suspension); in any other agency, the first of its other owners becomes
 * the listing agent of the listings they list there, which stay listed and whose enquiries reach that owner.
 * Returns the agencies suspended, for the audit log.
 */
export async function handOverForSuspension(db: Db, userId: string, now: number) {
  const memberships = await db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["member.organizationId", "organization.name", "organization.suspendedAt"])
    .where("member.userId", "=", userId)
    .execute();
  const suspended: { id: string; name: string }[] = [];
  for (const membership of memberships) {
    const heir = await db
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", membership.organizationId)
      .where("userId", "!=", userId)
      .where("role", "=", AGENCY_ROLES.owner)
      .orderBy("createdAt")
      .orderBy("id")
      .executeTakeFirst();
    if (heir) {
      await db
        .updateTable("listing")
        .set({ userRef: heir.userId })
        .where("agencyId", "=", membership.organizationId)
        .where("userRef", "=", userId)
        .execute();
    } else if (membership.suspendedAt == null) {
      await db
        .updateTable("organization")
        .set({ suspendedAt: now })
        .where("id", "=", membership.organizationId)
        .execute();
      suspended.push({ id: membership.organizationId, name: membership.name });
    }
  }
  return suspended;
}
