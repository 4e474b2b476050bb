import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { findPendingImagesBefore } from "#app/modules/image/image.repo.server.ts";
import { storeUploadedImage } from "#app/modules/image/image.service.server.ts";
import { newAccount, type TestAccount } from "#tests/support/accounts.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { signInCookie } from "#tests/support/route-request.ts";
import { createTestServices, type TestServices } from "#tests/support/test-services.ts";
import { findMembers, findMembership, findOpenInvitations } from "./agency.repo.server.ts";
import { AGENCY_LIMITS, AGENCY_MESSAGES } from "./agency.rules.ts";
import {
  type AgencyDeps,
  acceptInvitation,
  changeMemberRole,
  createAgency,
  inviteMember,
  removeMember,
  updateAgency,
} from "./agency.service.server.ts";

// The agency rules on a real database (both engines): roles, limits, at least one owner, invitations bound to
// their address, single use and expiring. Everything goes through better-auth's organization plugin as the
// pages call it, with a real session.

const engine = postgresUrlFromEnv() ? "PostgreSQL" : "SQLite";

const AGENCY = {
  name: "Harbour Homes",
  about: "Flats by the harbour since 1990.",
  officeAddress: "12 Rue de Rivoli, Paris",
  phone: "+33 1 23 45 67 89",
  legalName: "Harbour Homes SARL",
  registrationNumber: "RCS Paris 123 456 789",
  contactEmail: "office@harbour.example",
};

describe(`agencies on ${engine}`, () => {
  let test: TestServices;
  let deps: AgencyDeps;
  type Person = { id: string; email: string; headers: Headers };
  let owner: Person;
  let agencyId: string;

  async function person(account: TestAccount = newAccount()): Promise<Person> {
    const { user } = await test.services.auth.api.signUpEmail({ body: account });
    await test.testDb.db.updateTable("user").set({ emailVerified: true }).where("id", "=", user.id).execute();
    const cookie = await signInCookie(test.services, account.email, account.password);
    return {
      id: user.id,
      email: account.email,
      headers: new Headers({ cookie, [CLIENT_IP_HEADER]: "127.0.0.1" }),
    };
  }

  /** The link of the newest invitation mail to `email`, from the outbox. */
  async function invitationId(email: string) {
    const mail = await test.testDb.db
      .selectFrom("mailOutbox")
      .select("text")
      .where("recipient", "=", email)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    const id = /\/agency\/invitations\/([\w-]+)/.exec(mail.text)?.[1];
    if (!id) throw new Error(`no invitation link in: ${mail.text}`);
    return id;
  }

  async function join(agency: string, inviter: Person, role: "owner" | "admin" | "agent") {
    const member = await person();
    await inviteMember(deps, inviter, inviter.headers, agency, { email: member.email, role });
    await acceptInvitation(deps, member.headers, await invitationId(member.email));
    const membership = await findMembership(test.testDb.db, agency, member.id);
    return { ...member, memberId: membership!.id };
  }

  beforeAll(async () => {
    test = await createTestServices();
    deps = { db: test.services.db, auth: test.services.auth, geocoder: test.services.geocoder };
    owner = await person();
    agencyId = (await createAgency(deps, owner, owner.headers, AGENCY)).id;
  });

  afterAll(async () => {
    await test?.destroy();
  });

  it("makes its creator the owner, with a slug from the name and the office placed", async () => {
    const row = await test.testDb.db
      .selectFrom("organization")
      .selectAll()
      .where("id", "=", agencyId)
      .executeTakeFirstOrThrow();
    expect(row.slug).toBe("harbour-homes");
    expect(row.legalName).toBe("Harbour Homes SARL");
    expect(row.contactEmail).toBe("office@harbour.example");
    expect(Math.abs(Number(row.officeLat) - 48.86)).toBeLessThan(0.5);
    expect((await findMembership(test.testDb.db, agencyId, owner.id))?.role).toBe("owner");
    // A second agency of the same name gets its own slug.
    const second = await createAgency(deps, owner, owner.headers, AGENCY);
    expect(second.slug).toBe("harbour-homes-2");
  });

  it("refuses bad input with a message per field and stores nothing", async () => {
    const before = await test.testDb.db.selectFrom("organization").select("id").execute();
    await expect(
      createAgency(deps, owner, owner.headers, {
        ...AGENCY,
        name: " ",
        contactEmail: "nope",
        phone: "call me",
      }),
    ).rejects.toMatchObject({
      fieldErrors: {
        name: AGENCY_MESSAGES.nameRequired,
        contactEmail: AGENCY_MESSAGES.emailInvalid,
        phone: AGENCY_MESSAGES.phoneInvalid,
      },
    });
    expect(await test.testDb.db.selectFrom("organization").select("id").execute()).toHaveLength(
      before.length,
    );
  });

  it(`lets a user belong to at most ${AGENCY_LIMITS.agenciesPerUser} agencies`, async () => {
    const busy = await person();
    for (let index = 0; index < AGENCY_LIMITS.agenciesPerUser; index++) {
      await createAgency(deps, busy, busy.headers, { ...AGENCY, name: `Busy ${index}` });
    }
    await expect(createAgency(deps, busy, busy.headers, { ...AGENCY, name: "One too many" })).rejects.toThrow(
      AGENCY_MESSAGES.tooManyAgencies,
    );
  });

  it("binds an invitation to its address, accepts it once, and refuses it after 7 days", async () => {
    const invitee = await person();
    const stranger = await person();
    await inviteMember(deps, owner, owner.headers, agencyId, { email: invitee.email, role: "agent" });
    const id = await invitationId(invitee.email);
    const invitation = await test.testDb.db
      .selectFrom("invitation")
      .select("expiresAt")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const days = (new Date(invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await expect(acceptInvitation(deps, stranger.headers, id)).rejects.toThrow(
      AGENCY_MESSAGES.invitationNotYours,
    );
    expect(await findMembership(test.testDb.db, agencyId, stranger.id)).toBeUndefined();
    await acceptInvitation(deps, invitee.headers, id);
    expect((await findMembership(test.testDb.db, agencyId, invitee.id))?.role).toBe("agent");
    await expect(acceptInvitation(deps, invitee.headers, id)).rejects.toThrow(
      AGENCY_MESSAGES.invitationInvalid,
    );

    const late = await person();
    await inviteMember(deps, owner, owner.headers, agencyId, { email: late.email, role: "agent" });
    const lateId = await invitationId(late.email);
    await test.testDb.db
      .updateTable("invitation")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", lateId)
      .execute();
    await expect(acceptInvitation(deps, late.headers, lateId)).rejects.toThrow(
      AGENCY_MESSAGES.invitationInvalid,
    );
    expect(await findMembership(test.testDb.db, agencyId, late.id)).toBeUndefined();
  });

  it("lets owners and admins invite, change roles and remove; agents and outsiders none of it", async () => {
    const admin = await join(agencyId, owner, "admin");
    const agent = await join(agencyId, admin, "agent");
    const outsider = await person();
    const target = await join(agencyId, owner, "agent");

    for (const who of [agent, outsider]) {
      await expect(
        inviteMember(deps, who, who.headers, agencyId, { email: "x@example.com", role: "agent" }),
      ).rejects.toThrow(AGENCY_MESSAGES.notAllowed);
      await expect(
        changeMemberRole(deps, who, who.headers, agencyId, { memberId: target.memberId, role: "admin" }),
      ).rejects.toThrow(AGENCY_MESSAGES.notAllowed);
      await expect(removeMember(deps, who, who.headers, agencyId, target.memberId)).rejects.toThrow(
        AGENCY_MESSAGES.notAllowed,
      );
      await expect(updateAgency(deps, who, who.headers, agencyId, AGENCY)).rejects.toThrow(
        AGENCY_MESSAGES.notAllowed,
      );
    }
    // An admin may not make an owner, nor invite one.
    await expect(
      changeMemberRole(deps, admin, admin.headers, agencyId, { memberId: target.memberId, role: "owner" }),
    ).rejects.toThrow(AGENCY_MESSAGES.notAllowed);
    await expect(
      inviteMember(deps, admin, admin.headers, agencyId, { email: "boss@example.com", role: "owner" }),
    ).rejects.toThrow(AGENCY_MESSAGES.notAllowed);

    await changeMemberRole(deps, admin, admin.headers, agencyId, {
      memberId: target.memberId,
      role: "admin",
    });
    expect((await findMembership(test.testDb.db, agencyId, target.id))?.role).toBe("admin");
    await removeMember(deps, admin, admin.headers, agencyId, target.memberId);
    expect(await findMembership(test.testDb.db, agencyId, target.id)).toBeUndefined();
    // A former member can do nothing more.
    await expect(
      inviteMember(deps, target, target.headers, agencyId, { email: "y@example.com", role: "agent" }),
    ).rejects.toThrow(AGENCY_MESSAGES.notAllowed);
  });

  it("always keeps at least one owner", async () => {
    const solo = await person();
    const { id } = await createAgency(deps, solo, solo.headers, { ...AGENCY, name: "Solo Estates" });
    const ownMembership = (await findMembership(test.testDb.db, id, solo.id))!;
    await expect(
      changeMemberRole(deps, solo, solo.headers, id, { memberId: ownMembership.id, role: "agent" }),
    ).rejects.toThrow(AGENCY_MESSAGES.lastOwner);
    await expect(removeMember(deps, solo, solo.headers, id, ownMembership.id)).rejects.toThrow(
      AGENCY_MESSAGES.lastOwner,
    );
    // An admin can not remove the owner either.
    const admin = await join(id, solo, "admin");
    await expect(removeMember(deps, admin, admin.headers, id, ownMembership.id)).rejects.toThrow();
    expect((await findMembers(test.testDb.db, id)).filter((member) => member.role === "owner")).toHaveLength(
      1,
    );
  });

  it("takes a logo from the upload pipeline: only the user's own pending upload, kept from the sweeper", async () => {
    const upload = async (userId: string) => {
      const data = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#047857" } })
        .png()
        .toBuffer();
      return (
        await storeUploadedImage(test.services, { id: randomUUID(), userId, fileName: "logo.png", data })
      ).id;
    };
    const lister = await person();
    const stranger = await person();
    const strangers = await upload(stranger.id);
    const before = await test.testDb.db.selectFrom("organization").select("id").execute();
    await expect(
      createAgency(deps, lister, lister.headers, { ...AGENCY, name: "Logo Homes", logoImageId: strangers }),
    ).rejects.toThrow(AGENCY_MESSAGES.logoGone);
    expect(await test.testDb.db.selectFrom("organization").select("id").execute()).toHaveLength(
      before.length,
    );

    const first = await upload(lister.id);
    const { id } = await createAgency(deps, lister, lister.headers, {
      ...AGENCY,
      name: "Logo Homes",
      logoImageId: first,
    });
    const logoOf = () =>
      test.testDb.db.selectFrom("organization").select("logo").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await logoOf()).logo).toBe(first);
    const pending = async () =>
      (await findPendingImagesBefore(test.testDb.db, Date.now() + 60_000)).map((row) => row.id);
    expect(await pending()).not.toContain(first);

    // A new logo replaces it; the old one is pending again, for the sweeper. Saving without one keeps it.
    const second = await upload(lister.id);
    await updateAgency(deps, lister, lister.headers, id, {
      ...AGENCY,
      name: "Logo Homes",
      logoImageId: second,
    });
    expect((await logoOf()).logo).toBe(second);
    expect(await pending()).toContain(first);
    expect(await pending()).not.toContain(second);
    await updateAgency(deps, lister, lister.headers, id, { ...AGENCY, name: "Logo Homes" });
    expect((await logoOf()).logo).toBe(second);
  });

  it(`keeps at most ${AGENCY_LIMITS.membersPerAgency} members`, async () => {
    const big = await person();
    const { id } = await createAgency(deps, big, big.headers, { ...AGENCY, name: "Big Estates" });
    // The other 199 members written directly: joining one by one through invitations would take minutes.
    const now = new Date();
    for (let index = 1; index < AGENCY_LIMITS.membersPerAgency; index++) {
      const userId = randomUUID();
      await test.testDb.db
        .insertInto("user")
        .values({
          id: userId,
          name: `Member ${index}`,
          email: `member-${index}-${userId}@example.com`,
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await test.testDb.db
        .insertInto("member")
        .values({ id: randomUUID(), organizationId: id, userId, role: "agent", createdAt: now })
        .execute();
    }
    const late = await person();
    await inviteMember(deps, big, big.headers, id, { email: late.email, role: "agent" });
    await expect(acceptInvitation(deps, late.headers, await invitationId(late.email))).rejects.toThrow(
      AGENCY_MESSAGES.tooManyMembers,
    );
    expect(await findMembership(test.testDb.db, id, late.id)).toBeUndefined();
  });

  it(`keeps at most ${AGENCY_LIMITS.openInvitations} open invitations`, async () => {
    const busy = await person();
    const { id } = await createAgency(deps, busy, busy.headers, { ...AGENCY, name: "Inviting Estates" });
    for (let index = 0; index < AGENCY_LIMITS.openInvitations; index++) {
      await inviteMember(deps, busy, busy.headers, id, {
        email: `invitee-${index}@example.com`,
        role: "agent",
      });
    }
    expect(await findOpenInvitations(test.testDb.db, id)).toHaveLength(AGENCY_LIMITS.openInvitations);
    await expect(
      inviteMember(deps, busy, busy.headers, id, { email: "one-more@example.com", role: "agent" }),
    ).rejects.toThrow(AGENCY_MESSAGES.tooManyInvitations);
  });
});
