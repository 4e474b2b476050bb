import type { Db } from "#app/db/db.server.ts";

// Reads of agencies, their members and invitations (better-auth's organization tables). Writes go through
// the organization plugin (agency.service.server.ts).

/** What the public page and the workspace show of an agency (never its contact e-mail). */
const PUBLIC_COLUMNS = [
  "organization.id",
  "organization.name",
  "organization.slug",
  "organization.logo",
  "organization.about",
  "organization.officeAddress",
  "organization.officeLat",
  "organization.officeLng",
  "organization.phone",
  "organization.legalName",
  "organization.registrationNumber",
] as const;

/** The agency's logo (an image of the upload pipeline): its stored key and size, or null. */
async function withLogo<Row extends { logo: string | null }>(db: Db, row: Row | undefined) {
  if (!row) return undefined;
  const image = row.logo
    ? await db
        .selectFrom("image")
        .select(["storageKey", "width", "height"])
        .where("id", "=", row.logo)
        .executeTakeFirst()
    : undefined;
  return { ...row, logoImage: image ?? null };
}

/** An agency by its public slug, with its logo and whether an administrator suspended it, or undefined. */
export async function findAgencyBySlug(db: Db, slug: string) {
  const row = await db
    .selectFrom("organization")
    .select([...PUBLIC_COLUMNS, "organization.suspendedAt"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) return undefined;
  const { suspendedAt, ...agency } = row;
  return withLogo(db, { ...agency, suspended: suspendedAt != null });
}

/** An agency's whole profile (its contact e-mail too), for the settings of those who manage it. */
export async function findAgencyProfile(db: Db, agencyId: string) {
  return withLogo(
    db,
    await db
      .selectFrom("organization")
      .select([...PUBLIC_COLUMNS, "organization.contactEmail"])
      .where("id", "=", agencyId)
      .executeTakeFirst(),
  );
}

/** Whether `imageId` is `userId`'s upload that is in no listing and no agency's logo yet. */
export async function isPendingUploadOf(db: Db, imageId: string, userId: string) {
  const row = await db
    .selectFrom("image")
    .select("id")
    .where("id", "=", imageId)
    .where("userId", "=", userId)
    .where("listingId", "is", null)
    .where("agencyId", "is", null)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Makes the pending upload `imageId` the agency's logo, in one transaction: the previous logo is released (in
 * no agency again, the sweeper removes it with the abandoned uploads). False when the image was claimed
 * meanwhile.
 */
export async function setAgencyLogo(db: Db, agencyId: string, imageId: string, userId: string) {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("image")
      .set({ agencyId })
      .where("id", "=", imageId)
      .where("userId", "=", userId)
      .where("listingId", "is", null)
      .where("agencyId", "is", null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return false;
    await trx
      .updateTable("image")
      .set({ agencyId: null })
      .where("agencyId", "=", agencyId)
      .where("id", "!=", imageId)
      .execute();
    await trx.updateTable("organization").set({ logo: imageId }).where("id", "=", agencyId).execute();
    return true;
  });
}

/** Whether some agency already has this slug. */
export async function isAgencySlugTaken(db: Db, slug: string) {
  return Boolean(
    await db.selectFrom("organization").select("id").where("slug", "=", slug).executeTakeFirst(),
  );
}

/** `userId`'s membership of the agency (its id and role), or undefined for anyone else. */
export async function findMembership(db: Db, agencyId: string, userId: string) {
  return db
    .selectFrom("member")
    .select(["id", "role"])
    .where("organizationId", "=", agencyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** A member of the agency by the membership's id (its user and role), or undefined. */
export async function findMemberById(db: Db, agencyId: string, memberId: string) {
  return db
    .selectFrom("member")
    .select(["userId", "role"])
    .where("id", "=", memberId)
    .where("organizationId", "=", agencyId)
    .executeTakeFirst();
}

/** Makes `toUserId` the listing agent of the agency's listings that `fromUserId` lists. */
export async function moveAgencyListings(db: Db, agencyId: string, fromUserId: string, toUserId: string) {
  await db
    .updateTable("listing")
    .set({ userRef: toUserId })
    .where("agencyId", "=", agencyId)
    .where("userRef", "=", fromUserId)
    .execute();
}

/** The agencies `userId` belongs to, with their role in each, by name. */
export async function findAgenciesOfUser(db: Db, userId: string) {
  return db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["organization.id", "organization.name", "organization.slug", "member.role"])
    .where("member.userId", "=", userId)
    .orderBy("organization.name")
    .orderBy("organization.id")
    .execute();
}

/** An agency's members with their names, owners first, then admins, then agents, each by name. */
export async function findMembers(db: Db, agencyId: string) {
  const rows = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["member.id", "member.userId", "member.role", "user.name", "user.email"])
    .where("member.organizationId", "=", agencyId)
    .orderBy("user.name")
    .orderBy("member.id")
    .execute();
  const rank = (role: string) => ({ owner: 0, admin: 1 })[role] ?? 2;
  return rows.sort((a, b) => rank(a.role) - rank(b.role));
}

/** The agents the public page shows: every member's name (no e-mail). */
export async function findAgencyAgentNames(db: Db, agencyId: string) {
  const members = await findMembers(db, agencyId);
  return members.map((member) => ({ id: member.userId, name: member.name }));
}

/** An agency's open invitations (pending and not expired), newest first. */
export async function findOpenInvitations(db: Db, agencyId: string, now = new Date()) {
  const rows = await db
    .selectFrom("invitation")
    .select(["id", "email", "role", "expiresAt"])
    .where("organizationId", "=", agencyId)
    .where("status", "=", "pending")
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return rows.filter((row) => new Date(row.expiresAt) > now);
}

/** An invitation with its agency's name, or undefined. */
export async function findInvitation(db: Db, invitationId: string) {
  return db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organizationId")
    .select([
      "invitation.id",
      "invitation.email",
      "invitation.role",
      "invitation.status",
      "invitation.expiresAt",
      "invitation.organizationId",
      "organization.name as agencyName",
      "organization.slug as agencySlug",
    ])
    .where("invitation.id", "=", invitationId)
    .executeTakeFirst();
}

/** What a listing's page says of the agency it is published as: its name, page and logo; undefined if none. */
export async function findAgencyBadge(db: Db, agencyId: string | null) {
  if (!agencyId) return undefined;
  return withLogo(
    db,
    await db
      .selectFrom("organization")
      .select(["name", "slug", "logo"])
      .where("id", "=", agencyId)
      .executeTakeFirst(),
  );
}
