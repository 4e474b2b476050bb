import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, InvalidError, NotFoundError, TooManyRequestsError } from "#app/http/errors.ts";
import { createMailOutbox, type MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { type SmtpPeer, startSmtpServer } from "#tests/support/smtp-server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  countUnreadMessages,
  findKeepEmailPrivate,
  findThreadForParty,
  findThreadMessages,
  findThreadsOfUser,
  markThreadRead,
  updateKeepEmailPrivate,
} from "./message.repo.server.ts";
import { contactChannel, MESSAGE_TEXTS } from "./message.rules.ts";
import {
  blockOtherParty,
  type MessageServiceDeps,
  replyInThread,
  sendEnquiry,
  unblockOtherParty,
} from "./message.service.server.ts";

const ENQUIRIES_PER_HOUR = 8;
const limits = {
  enquiries: { name: "enquiry", max: ENQUIRIES_PER_HOUR, windowSeconds: 3600, message: "Slow down" },
} satisfies MessageServiceDeps["limits"];

/** A user row as a signed-in, verified user's session shows it. */
async function verifiedUser(db: TestDb["db"], name: string) {
  const user = await createUser(db, { name });
  await db.updateTable("user").set({ emailVerified: true }).where("id", "=", user.id).execute();
  return { ...user, emailVerified: true };
}

describe("messages: enquiries through the site", () => {
  let test: TestDb;
  let smtp: SmtpPeer;
  let deps: MessageServiceDeps;
  let outbox: MailOutbox;

  beforeAll(async () => {
    test = await createTestDb();
    smtp = await startSmtpServer();
    const transport = createMailer({
      smtpUrl: smtp.url,
      from: "Homestead <no-reply@localhost>",
      outboxDir: "",
      logText: false,
    });
    outbox = createMailOutbox({ db: test.db, transport });
    deps = { db: test.db, mailer: outbox, publicUrl: "https://homes.example", siteName: "Homestead", limits };
  });
  afterAll(async () => {
    await outbox?.stop();
    await smtp?.stop();
    await test?.destroy();
  });

  async function cast() {
    const owner = await verifiedUser(test.db, "Olivia Owner");
    const enquirer = await verifiedUser(test.db, "Eve Enquirer");
    const listing = await createListing(test.db, owner.id, { name: "Canal house" });
    return { owner, enquirer, listing };
  }

  const queuedFor = async (email: string) =>
    (await test.db.selectFrom("mailOutbox").select("id").where("recipient", "=", email).execute()).length;
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email.toLowerCase()));

  it("sends an enquiry, tells the owner by e-mail with a link and no address of the sender, and a reply back", async () => {
    const { owner, enquirer, listing } = await cast();
    const threadId = await sendEnquiry(deps, enquirer, {
      listingId: listing.id,
      body: "  Is it free in May?\r\nThanks ",
    });
    // Queued with the message in its transaction, sent by the outbox's drain.
    expect(await queuedFor(owner.email)).toBe(1);
    await outbox.drain();

    const [toOwner] = mailsTo(owner.email);
    expect(toOwner?.subject).toBe("New message about Canal house");
    expect(toOwner?.text).toContain("Eve Enquirer sent you a message");
    expect(toOwner?.text).toContain("> Is it free in May?\n> Thanks");
    expect(toOwner?.links).toContain(`https://homes.example/messages/${threadId}`);
    expect(`${toOwner?.text}${toOwner?.html}`).not.toContain(enquirer.email);

    expect(await countUnreadMessages(test.db, owner.id)).toBe(1);
    expect(await countUnreadMessages(test.db, enquirer.id)).toBe(0);
    const [summary] = await findThreadsOfUser(test.db, owner.id);
    expect(summary).toMatchObject({
      id: threadId,
      listingName: "Canal house",
      viewerIsOwner: true,
      otherPartyName: "Eve Enquirer",
      lastMessage: "Is it free in May?\nThanks",
      unread: 1,
    });

    const ownersView = await findThreadForParty(test.db, threadId, owner.id);
    if (!ownersView) throw new Error("the owner is a party");
    await markThreadRead(test.db, ownersView, ownersView.lastMessageAt);
    expect(await countUnreadMessages(test.db, owner.id)).toBe(0);

    await replyInThread(deps, owner, threadId, { body: "Yes, from the 3rd." });
    expect(await queuedFor(enquirer.email)).toBe(1);
    await outbox.drain();
    const [toEnquirer] = mailsTo(enquirer.email);
    expect(toEnquirer?.links).toContain(`https://homes.example/messages/${threadId}`);
    expect(`${toEnquirer?.text}${toEnquirer?.html}`).not.toContain(owner.email);
    expect(await countUnreadMessages(test.db, enquirer.id)).toBe(1);
    expect((await findThreadMessages(test.db, threadId)).map((m) => [m.authorId, m.body])).toEqual([
      [enquirer.id, "Is it free in May?\nThanks"],
      [owner.id, "Yes, from the 3rd."],
    ]);

    // A second enquiry about the same listing goes on in the same thread.
    expect(await sendEnquiry(deps, enquirer, { listingId: listing.id, body: "Great!" })).toBe(threadId);
    expect(await countUnreadMessages(test.db, owner.id)).toBe(1);
  });

  it("keeps a thread between its two parties: anyone else is told it does not exist", async () => {
    const { owner, enquirer, listing } = await cast();
    const stranger = await verifiedUser(test.db, "Mallory");
    const threadId = await sendEnquiry(deps, enquirer, { listingId: listing.id, body: "Hello" });
    expect(await findThreadForParty(test.db, threadId, stranger.id)).toBeUndefined();
    await expect(replyInThread(deps, stranger, threadId, { body: "Me too" })).rejects.toThrow(NotFoundError);
    await expect(blockOtherParty(test.db, stranger, threadId)).rejects.toThrow(NotFoundError);
    await expect(replyInThread(deps, stranger, "not a thread id!", { body: "x" })).rejects.toThrow(
      MESSAGE_TEXTS.threadMissing,
    );
    expect(await findThreadsOfUser(test.db, stranger.id)).toEqual([]);
    expect(await findThreadMessages(test.db, threadId)).toHaveLength(1);
    expect(await countUnreadMessages(test.db, owner.id)).toBe(1);
  });

  it("refuses empty, oversized and control-character messages, one's own listing and a missing one", async () => {
    const { owner, enquirer, listing } = await cast();
    for (const [body, message] of [
      ["   ", MESSAGE_TEXTS.empty],
      [undefined, MESSAGE_TEXTS.empty],
      ["x".repeat(2001), MESSAGE_TEXTS.tooLong],
      ["Hi\u0000there", MESSAGE_TEXTS.unprintable],
      ["Hi\u202Eereht", MESSAGE_TEXTS.unprintable],
    ] as const) {
      const refusal = await sendEnquiry(deps, enquirer, { listingId: listing.id, body }).catch((e) => e);
      expect(refusal).toBeInstanceOf(InvalidError);
      expect(refusal.fieldErrors).toEqual({ message });
    }
    await expect(sendEnquiry(deps, owner, { listingId: listing.id, body: "Me?" })).rejects.toThrow(
      MESSAGE_TEXTS.ownListing,
    );
    await expect(sendEnquiry(deps, enquirer, { listingId: "no-such-listing", body: "Hi" })).rejects.toThrow(
      MESSAGE_TEXTS.listingMissing,
    );
    expect(await findThreadsOfUser(test.db, enquirer.id)).toEqual([]);
    expect(mailsTo(owner.email)).toEqual([]);
  });

  it("a blocked sender's messages are refused, in that thread and in a new one, until unblocked", async () => {
    const { owner, enquirer, listing } = await cast();
    const other = await createListing(test.db, owner.id, { name: "Garden flat" });
    const threadId = await sendEnquiry(deps, enquirer, { listingId: listing.id, body: "Hello" });
    await blockOtherParty(test.db, owner, threadId);
    await blockOtherParty(test.db, owner, threadId); // twice is once

    await expect(replyInThread(deps, enquirer, threadId, { body: "Hello?" })).rejects.toThrow(ForbiddenError);
    await expect(sendEnquiry(deps, enquirer, { listingId: other.id, body: "And this one?" })).rejects.toThrow(
      MESSAGE_TEXTS.blocked,
    );
    expect(await findThreadMessages(test.db, threadId)).toHaveLength(1);
    expect(await findThreadsOfUser(test.db, enquirer.id)).toHaveLength(1);
    // The blocker may still write; the block is theirs.
    await replyInThread(deps, owner, threadId, { body: "Please stop." });

    await unblockOtherParty(test.db, owner, threadId);
    await replyInThread(deps, enquirer, threadId, { body: "Sorry." });
    expect(await findThreadMessages(test.db, threadId)).toHaveLength(3);
  });

  it("refuses an unverified writer, a hidden listing, and the enquiry over the hourly limit (429)", async () => {
    const { owner, enquirer, listing } = await cast();
    const unverified = { ...(await createUser(test.db, { name: "Una" })), emailVerified: false };
    await expect(sendEnquiry(deps, unverified, { listingId: listing.id, body: "Hi" })).rejects.toThrow(
      MESSAGE_TEXTS.verifyFirst,
    );
    const hidden = await createListing(test.db, owner.id, { name: "Hidden flat" });
    await test.db.updateTable("listing").set({ hiddenAt: Date.now() }).where("id", "=", hidden.id).execute();
    await expect(sendEnquiry(deps, enquirer, { listingId: hidden.id, body: "Hi" })).rejects.toThrow(
      MESSAGE_TEXTS.listingMissing,
    );

    const sold = await createListing(test.db, owner.id, { name: "Sold flat", status: "sold" });
    await expect(sendEnquiry(deps, enquirer, { listingId: sold.id, body: "Hi" })).rejects.toThrow(
      MESSAGE_TEXTS.unavailable,
    );
    const threadId = await sendEnquiry(deps, enquirer, { listingId: listing.id, body: "1" });
    for (let n = 2; n <= ENQUIRIES_PER_HOUR; n++)
      await replyInThread(deps, enquirer, threadId, { body: String(n) });
    const refusal = await replyInThread(deps, enquirer, threadId, { body: "one too many" }).catch((e) => e);
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect(refusal.status).toBe(429);
    expect(refusal.message).toBe("Slow down");
    expect(refusal.retryAfterSeconds).toBeGreaterThan(3500);
    expect(await findThreadMessages(test.db, threadId)).toHaveLength(ENQUIRIES_PER_HOUR);
    // The owner's answers count against the owner, not against the enquirer.
    await replyInThread(deps, owner, threadId, { body: "Hello" });
  });

  it("stores the message even when the mail server refuses the notification, which waits for a retry", async () => {
    const { owner, enquirer, listing } = await cast();
    const down = createMailOutbox({
      db: test.db,
      transport: createMailer({
        smtpUrl: "smtp://127.0.0.1:1",
        from: "x <x@localhost>",
        outboxDir: "",
        logText: false,
      }),
    });
    const threadId = await sendEnquiry({ ...deps, mailer: down }, enquirer, {
      listingId: listing.id,
      body: "Hi",
    });
    await down.drain();
    await down.stop();
    expect(await findThreadMessages(test.db, threadId)).toHaveLength(1);
    expect(await countUnreadMessages(test.db, owner.id)).toBe(1);
    const row = await test.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("recipient", "=", owner.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
  });

  it("a lister's 'Keep my e-mail private' makes their listings relay-only in either mode", async () => {
    const { owner } = await cast();
    expect(await findKeepEmailPrivate(test.db, owner.id)).toBe(false);
    expect(contactChannel("email", false)).toBe("email");
    await updateKeepEmailPrivate(test.db, owner.id, true);
    expect(await findKeepEmailPrivate(test.db, owner.id)).toBe(true);
    expect(contactChannel("email", true)).toBe("relay");
    expect(contactChannel("relay", false)).toBe("relay");
    await updateKeepEmailPrivate(test.db, owner.id, false);
    expect(await findKeepEmailPrivate(test.db, owner.id)).toBe(false);
  });
});
