import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, NotFoundError } from "#app/http/errors.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  countAgencyUnreadMessages,
  countUnreadMessages,
  findAgencyThreads,
  findThreadForParty,
  findThreadMessages,
  findThreadsOfUser,
  markThreadRead,
} from "./message.repo.server.ts";
import { MESSAGE_TEXTS } from "./message.rules.ts";
import {
  blockOtherParty,
  type MessageServiceDeps,
  replyInThread,
  sendEnquiry,
} from "./message.service.server.ts";

// The agency inbox on a real database of each engine (decision 064): an enquiry about an agency's listing
// reaches its listing agent; the agency's owners and admins read it under "Agency inbox" and answer as the
// agency (the enquirer sees the agency's name, never an address); its agents and outsiders do not; the
// enquirer's block of the agent holds for every manager.

const engine = postgresUrlFromEnv() ? "PostgreSQL" : "SQLite";
const limits = {
  enquiries: { name: "enquiry", max: 50, windowSeconds: 3600, message: "Slow down" },
} satisfies MessageServiceDeps["limits"];

describe(`the agency inbox on ${engine}`, () => {
  let test: TestDb;
  let deps: MessageServiceDeps;

  beforeAll(async () => {
    test = await createTestDb();
    // The outbox's drain is not started: what is owed stays in mailOutbox, where the test reads it.
    deps = {
      db: test.db,
      mailer: { kick: () => {} },
      publicUrl: "https://homes.example",
      siteName: "Homestead",
      limits,
    };
  });
  afterAll(async () => {
    await test?.destroy();
  });

  const verified = async (name: string) => ({
    ...(await createUser(test.db, { name, emailVerified: true })),
    emailVerified: true,
  });

  async function cast() {
    const [owner, admin, agent, otherAgent, enquirer, outsider] = await Promise.all(
      ["Olga Owner", "Adam Admin", "Alice Agent", "Otto Agent", "Eve Enquirer", "Oscar Outsider"].map(
        verified,
      ),
    );
    const agencyId = randomUUID();
    await test.db
      .insertInto("organization")
      .values({
        id: agencyId,
        name: "Harbour Homes",
        slug: `harbour-${agencyId}`,
        createdAt: new Date(),
        about: "",
        officeAddress: "",
        officeLat: 0,
        officeLng: 0,
        legalName: "Harbour Homes SARL",
        contactEmail: "office@harbour.example",
      })
      .execute();
    for (const [user, role] of [
      [owner!, "owner"],
      [admin!, "admin"],
      [agent!, "agent"],
      [otherAgent!, "agent"],
    ] as const) {
      await test.db
        .insertInto("member")
        .values({ id: randomUUID(), organizationId: agencyId, userId: user.id, role, createdAt: new Date() })
        .execute();
    }
    const listing = await createListing(test.db, agent!.id, { name: "Quay loft", agencyId });
    return {
      owner: owner!,
      admin: admin!,
      agent: agent!,
      otherAgent: otherAgent!,
      enquirer: enquirer!,
      outsider: outsider!,
      listing,
    };
  }

  const mailTo = async (email: string) =>
    test.db
      .selectFrom("mailOutbox")
      .select(["text", "html"])
      .where("recipient", "=", email)
      .orderBy("createdAt", "desc")
      .execute();

  it("reaches the listing agent, shows in the managers' agency inbox, and a manager answers as the agency", async () => {
    const { owner, admin, agent, otherAgent, enquirer, outsider, listing } = await cast();
    const threadId = await sendEnquiry(deps, enquirer, { listingId: listing.id, body: "Is the loft free?" });

    // The agent's own thread, mailed to them.
    expect((await findThreadsOfUser(test.db, agent.id)).map((thread) => thread.id)).toEqual([threadId]);
    expect(await mailTo(agent.email)).toHaveLength(1);
    expect(await countUnreadMessages(test.db, agent.id)).toBe(1);

    // Owners and admins see it under "Agency inbox", unread; an agent, an outsider and the enquirer do not.
    for (const manager of [owner, admin]) {
      const [summary, ...rest] = await findAgencyThreads(test.db, manager.id);
      expect(rest).toEqual([]);
      expect(summary).toMatchObject({
        id: threadId,
        viewerIsOwner: true,
        otherPartyName: "Eve Enquirer",
        agencyName: "Harbour Homes",
        lastMessage: "Is the loft free?",
        unread: 1,
      });
      expect(await findThreadsOfUser(test.db, manager.id)).toEqual([]);
      // The header counts it for them too; the agent's own count has it already, nobody else's does.
      expect(await countAgencyUnreadMessages(test.db, manager.id)).toBe(1);
    }
    for (const someone of [otherAgent, outsider, enquirer, agent]) {
      expect(await findAgencyThreads(test.db, someone.id)).toEqual([]);
      expect(await countAgencyUnreadMessages(test.db, someone.id)).toBe(0);
    }
    expect(await findThreadForParty(test.db, threadId, otherAgent.id)).toBeUndefined();
    expect(await findThreadForParty(test.db, threadId, outsider.id)).toBeUndefined();
    await expect(replyInThread(deps, otherAgent, threadId, { body: "Me too" })).rejects.toThrow(
      NotFoundError,
    );
    await expect(replyInThread(deps, outsider, threadId, { body: "Hi" })).rejects.toThrow(NotFoundError);

    // The admin answers; reading it marks the listing's side read for the inbox.
    const adminsView = await findThreadForParty(test.db, threadId, admin.id);
    await markThreadRead(test.db, adminsView!, adminsView!.lastMessageAt);
    expect((await findAgencyThreads(test.db, owner.id))[0]?.unread).toBe(0);
    expect(await countAgencyUnreadMessages(test.db, owner.id)).toBe(0);
    await replyInThread(deps, admin, threadId, { body: "Yes, from June." });

    // The enquirer talks to the agency: its name, in the thread and in the e-mail, no address of anyone.
    const [enquirersView] = await findThreadsOfUser(test.db, enquirer.id);
    expect(enquirersView).toMatchObject({ otherPartyName: "Harbour Homes", unread: 1, viewerIsOwner: false });
    const [mail] = await mailTo(enquirer.email);
    expect(mail?.text).toContain("Harbour Homes");
    expect(`${mail?.text}${mail?.html}`).not.toContain(admin.email);
    expect(`${mail?.text}${mail?.html}`).not.toContain("Adam Admin");
    expect(`${mail?.text}${mail?.html}`).not.toContain(agent.email);
    const messages = await findThreadMessages(test.db, threadId);
    expect(messages.map((message) => message.authorId)).toEqual([enquirer.id, admin.id]);
    // The admin's answer is the listing's side: read there, unread for the enquirer.
    expect(await countUnreadMessages(test.db, enquirer.id)).toBe(1);

    // The enquirer's reply reaches the agent.
    await replyInThread(deps, enquirer, threadId, { body: "Great, can I visit?" });
    expect(await mailTo(agent.email)).toHaveLength(2);
  });

  it("holds the enquirer's block of the agent for every manager, and a manager's block keeps the enquirer out", async () => {
    const { owner, agent, enquirer, listing } = await cast();
    const threadId = await sendEnquiry(deps, enquirer, { listingId: listing.id, body: "Hello" });
    await blockOtherParty(test.db, enquirer, threadId);
    await expect(replyInThread(deps, owner, threadId, { body: "Hello?" })).rejects.toThrow(ForbiddenError);
    await expect(replyInThread(deps, agent, threadId, { body: "Hello?" })).rejects.toThrow(
      MESSAGE_TEXTS.blocked,
    );
    expect(await findThreadMessages(test.db, threadId)).toHaveLength(1);

    const second = await cast();
    const otherThread = await sendEnquiry(deps, second.enquirer, {
      listingId: second.listing.id,
      body: "Hi",
    });
    // The owner blocks for the listing's side: the enquirer can no longer write to its agent.
    await blockOtherParty(test.db, second.owner, otherThread);
    await expect(replyInThread(deps, second.enquirer, otherThread, { body: "Hello?" })).rejects.toThrow(
      MESSAGE_TEXTS.blocked,
    );
  });
});
