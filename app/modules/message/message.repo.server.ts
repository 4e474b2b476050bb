import { randomUUID } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import { isWellFormedId } from "#app/db/ids.ts";
import type { Database } from "#app/db/schema.ts";

// Every query on the enquiry tables (messageThread, message, userBlock) and the lister's privacy choice.
// Timestamps are epoch milliseconds; a side's unread messages are the other side's, newer than its read mark.
// A thread has two sides: the enquirer, and the listing's side (its lister, the thread's ownerId). For a
// listing published as an agency, the agency's owners and admins are on the listing's side too (its "Agency
// inbox", decision 064): they read and answer as the agency, and the enquirer sees the agency's name.

/** A conversation as one of its two parties sees it. */
export type ThreadForParty = {
  id: string;
  listingId: string;
  listingName: string;
  listingType: "rent" | "sale";
  /** Whether the viewer is on the listing's side: its lister, or a manager of its agency (else they asked). */
  viewerIsOwner: boolean;
  /** The listing's lister and the enquirer, the thread's two parties. */
  ownerId: string;
  enquirerId: string;
  /** The party on the other side: for the enquirer of an agency's listing, the lister, named as the agency. */
  otherPartyId: string;
  otherPartyName: string;
  /** The agency the listing is published as, or null for a private lister's. */
  agencyName: string | null;
  lastMessageAt: number;
};

/** A conversation in the viewer's list, with its latest message and how many of it they have not read. */
export type ThreadSummary = ThreadForParty & { lastMessage: string; unread: number };

export type MessageView = { id: string; authorId: string; body: string; createdAt: number };

const asNumber = (value: number | string | bigint) => Number(value);

/** Whether the owner of `userId`'s row keeps their e-mail private (their listings are relay-only). */
export async function findKeepEmailPrivate(db: Db, userId: string): Promise<boolean> {
  if (!isWellFormedId(userId)) return false;
  const row = await db
    .selectFrom("user")
    .select("keepEmailPrivate")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(row?.keepEmailPrivate);
}

/** Saves a user's own "Keep my e-mail private" choice. */
export async function updateKeepEmailPrivate(db: Db, userId: string, keepPrivate: boolean) {
  await db.updateTable("user").set({ keepEmailPrivate: keepPrivate }).where("id", "=", userId).execute();
}

/** The thread of `enquirerId` about `listingId`, created when there is none yet; returns its id. */
export async function findOrCreateThread(
  db: Db,
  thread: { listingId: string; ownerId: string; enquirerId: string },
  now: number,
): Promise<string> {
  await db
    .insertInto("messageThread")
    .values({ id: randomUUID(), ...thread, createdAt: now, lastMessageAt: now })
    .onConflict((conflict) => conflict.columns(["listingId", "enquirerId"]).doNothing())
    .execute();
  const row = await db
    .selectFrom("messageThread")
    .select("id")
    .where("listingId", "=", thread.listingId)
    .where("enquirerId", "=", thread.enquirerId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of `enquirerId`'s thread about `listingId`, if they ever wrote about it. */
export async function findThreadIdOfEnquirer(db: Db, listingId: string, enquirerId: string) {
  if (!isWellFormedId(listingId)) return undefined;
  const row = await db
    .selectFrom("messageThread")
    .select("id")
    .where("listingId", "=", listingId)
    .where("enquirerId", "=", enquirerId)
    .executeTakeFirst();
  return row?.id;
}

/** Whether `authorId` wrote in the thread at `since` or later. */
export async function hasWrittenSince(db: Db, threadId: string, authorId: string, since: number) {
  const row = await db
    .selectFrom("message")
    .select("id")
    .where("threadId", "=", threadId)
    .where("authorId", "=", authorId)
    .where("createdAt", ">=", since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds a message by `authorId` to a thread, later than every message before it (so "newer than the read mark"
 * holds even within one millisecond), marks the thread read for its author and returns the message's time.
 */
export async function insertMessage(
  db: Db,
  message: { threadId: string; authorId: string; body: string },
  now: number,
): Promise<number> {
  const thread = await db
    .selectFrom("messageThread")
    .select(["enquirerId", "lastMessageAt"])
    .where("id", "=", message.threadId)
    .executeTakeFirstOrThrow();
  const createdAt = Math.max(now, asNumber(thread.lastMessageAt) + 1);
  await db
    .insertInto("message")
    .values({ id: randomUUID(), ...message, createdAt })
    .execute();
  // An agency's manager answering is on the listing's side, as its lister is.
  const readMark = message.authorId === thread.enquirerId ? "enquirerReadAt" : "ownerReadAt";
  await db
    .updateTable("messageThread")
    .set({ lastMessageAt: createdAt, [readMark]: createdAt })
    .where("id", "=", message.threadId)
    .execute();
  return createdAt;
}

/** Whether `userId` is an owner or admin of the agency the thread's listing (`l`) is published as. */
function managesListingAgency(userId: string) {
  return (eb: ExpressionBuilder<Database & { l: Database["listing"] }, "l">) =>
    eb.exists(
      eb
        .selectFrom("member")
        .select("member.id")
        .whereRef("member.organizationId", "=", "l.agencyId")
        .where("member.userId", "=", userId)
        .where("member.role", "in", ["owner", "admin"]),
    );
}

/** The latest message's text of the thread `t`, for a list of threads. */
function lastMessageOf(eb: ExpressionBuilder<Database & { t: Database["messageThread"] }, "t">) {
  return eb
    .selectFrom("message as m")
    .select("m.body")
    .whereRef("m.threadId", "=", "t.id")
    .orderBy("m.createdAt", "desc")
    .limit(1)
    .as("lastMessage");
}

/** The threads with their listing, parties and agency; the caller says whose. */
function threads(db: Db) {
  return db
    .selectFrom("messageThread as t")
    .innerJoin("listing as l", "l.id", "t.listingId")
    .innerJoin("user as owner", "owner.id", "t.ownerId")
    .innerJoin("user as enquirer", "enquirer.id", "t.enquirerId")
    .leftJoin("organization as agency", "agency.id", "l.agencyId")
    .select([
      "t.id",
      "t.listingId",
      "t.ownerId",
      "t.enquirerId",
      "t.lastMessageAt",
      "t.ownerReadAt",
      "t.enquirerReadAt",
      "l.name as listingName",
      "l.type as listingType",
      "owner.name as ownerName",
      "enquirer.name as enquirerName",
      "agency.name as agencyName",
    ]);
}

/** The threads `userId` is a party of. */
function threadsOf(db: Db, userId: string) {
  return threads(db).where((eb) => eb.or([eb("t.ownerId", "=", userId), eb("t.enquirerId", "=", userId)]));
}

type ThreadRow = Awaited<ReturnType<ReturnType<typeof threads>["execute"]>>[number];

function toThreadForParty(row: ThreadRow, userId: string): ThreadForParty {
  const viewerIsOwner = row.enquirerId !== userId;
  return {
    id: row.id,
    listingId: row.listingId,
    listingName: row.listingName,
    listingType: row.listingType,
    viewerIsOwner,
    ownerId: row.ownerId,
    enquirerId: row.enquirerId,
    otherPartyId: viewerIsOwner ? row.enquirerId : row.ownerId,
    // The enquirer of an agency's listing talks to the agency, whoever of it answers.
    otherPartyName: viewerIsOwner ? row.enquirerName : (row.agencyName ?? row.ownerName),
    agencyName: row.agencyName ?? null,
    lastMessageAt: asNumber(row.lastMessageAt),
  };
}

/**
 * A thread `userId` may read and answer, or undefined (someone else's thread answers like a missing one): one
 * they are a party of, or one about a listing of an agency they own or administer.
 */
export async function findThreadForParty(db: Db, threadId: string, userId: string) {
  if (!isWellFormedId(threadId)) return undefined;
  const row = await threads(db)
    .where("t.id", "=", threadId)
    .where((eb) =>
      eb.or([
        eb("t.ownerId", "=", userId),
        eb("t.enquirerId", "=", userId),
        managesListingAgency(userId)(eb),
      ]),
    )
    .executeTakeFirst();
  return row ? toThreadForParty(row, userId) : undefined;
}

/** `userId`'s conversations, the latest first, each with its latest message and unread count. */
export async function findThreadsOfUser(db: Db, userId: string, limit = 100): Promise<ThreadSummary[]> {
  const rows = await threadsOf(db, userId)
    .select((eb) => [
      lastMessageOf(eb),
      eb
        .selectFrom("message as m")
        .select((count) => count.fn.countAll<number | string | bigint>().as("n"))
        .whereRef("m.threadId", "=", "t.id")
        .where("m.authorId", "!=", userId)
        .where((m) =>
          m.or([
            m.and([m("t.ownerId", "=", userId), m("m.createdAt", ">", m.ref("t.ownerReadAt"))]),
            m.and([m("t.enquirerId", "=", userId), m("m.createdAt", ">", m.ref("t.enquirerReadAt"))]),
          ]),
        )
        .as("unread"),
    ])
    .orderBy("t.lastMessageAt", "desc")
    .orderBy("t.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toThreadForParty(row, userId),
    lastMessage: row.lastMessage ?? "",
    unread: asNumber(row.unread ?? 0),
  }));
}

/**
 * The "Agency inbox" of `userId`: the threads about listings of the agencies they own or administer that are
 * not their own (those are in their own list), the latest first; unread are the enquirer's messages the
 * listing's side has not read.
 */
export async function findAgencyThreads(db: Db, userId: string, limit = 100): Promise<ThreadSummary[]> {
  const rows = await threads(db)
    .where(managesListingAgency(userId))
    .where("t.ownerId", "!=", userId)
    .where("t.enquirerId", "!=", userId)
    .select((eb) => [
      lastMessageOf(eb),
      eb
        .selectFrom("message as m")
        .select((count) => count.fn.countAll<number | string | bigint>().as("n"))
        .whereRef("m.threadId", "=", "t.id")
        .whereRef("m.authorId", "=", "t.enquirerId")
        .whereRef("m.createdAt", ">", "t.ownerReadAt")
        .as("unread"),
    ])
    .orderBy("t.lastMessageAt", "desc")
    .orderBy("t.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toThreadForParty(row, userId),
    lastMessage: row.lastMessage ?? "",
    unread: asNumber(row.unread ?? 0),
  }));
}

/** The messages of a thread, oldest first. */
export async function findThreadMessages(db: Db, threadId: string): Promise<MessageView[]> {
  const rows = await db
    .selectFrom("message")
    .select(["id", "authorId", "body", "createdAt"])
    .where("threadId", "=", threadId)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({ ...row, createdAt: asNumber(row.createdAt) }));
}

/** Marks a thread read by `userId` up to `until` (the latest message they were shown). */
export async function markThreadRead(db: Db, thread: ThreadForParty, until: number) {
  await db
    .updateTable("messageThread")
    .set(thread.viewerIsOwner ? { ownerReadAt: until } : { enquirerReadAt: until })
    .where("id", "=", thread.id)
    .execute();
}

/** How many messages to `userId` they have not read yet, in all their threads (the header's count). */
export async function countUnreadMessages(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("message as m")
    .innerJoin("messageThread as t", "t.id", "m.threadId")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("m.authorId", "!=", userId)
    .where((eb) =>
      eb.or([
        eb.and([eb("t.ownerId", "=", userId), eb("m.createdAt", ">", eb.ref("t.ownerReadAt"))]),
        eb.and([eb("t.enquirerId", "=", userId), eb("m.createdAt", ">", eb.ref("t.enquirerReadAt"))]),
      ]),
    )
    .executeTakeFirst();
  return asNumber(row?.n ?? 0);
}

/**
 * How many enquirers' messages in `userId`'s Agency inbox the listing's side has not read: added to the header's
 * count, so an agency's owners and admins see a new enquiry to one of its agents as they see their own. Asked on
 * every signed-in page (/me): it starts from the agencies the user manages (none for nearly everyone: one
 * indexed read), then goes down their listings, threads and messages by index.
 */
export async function countAgencyUnreadMessages(db: Db, userId: string): Promise<number> {
  const managed = await db
    .selectFrom("member")
    .select("organizationId")
    .where("userId", "=", userId)
    .where("role", "in", ["owner", "admin"])
    .execute();
  if (managed.length === 0) return 0;
  const row = await db
    .selectFrom("listing as l")
    .innerJoin("messageThread as t", "t.listingId", "l.id")
    .innerJoin("message as m", "m.threadId", "t.id")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where(
      "l.agencyId",
      "in",
      managed.map((member) => member.organizationId),
    )
    .where("t.ownerId", "!=", userId)
    .where("t.enquirerId", "!=", userId)
    .whereRef("m.authorId", "=", "t.enquirerId")
    .whereRef("m.createdAt", ">", "t.ownerReadAt")
    .executeTakeFirst();
  return asNumber(row?.n ?? 0);
}

/** Whether `blockerId` has blocked `blockedId`. */
export async function isBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom("userBlock")
    .select("id")
    .where("blockerId", "=", blockerId)
    .where("blockedId", "=", blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** `blockerId` takes no more messages from `blockedId` (blocking twice changes nothing). */
export async function insertBlock(db: Db, blockerId: string, blockedId: string, now: number) {
  await db
    .insertInto("userBlock")
    .values({ id: randomUUID(), blockerId, blockedId, createdAt: now })
    .onConflict((conflict) => conflict.columns(["blockerId", "blockedId"]).doNothing())
    .execute();
}

/** Lifts a block. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string) {
  await db
    .deleteFrom("userBlock")
    .where("blockerId", "=", blockerId)
    .where("blockedId", "=", blockedId)
    .execute();
}

/** A user's name and e-mail address, to send them a notification (never shown to anyone). */
export async function findMailRecipient(db: Db, userId: string) {
  return db.selectFrom("user").select(["name", "email"]).where("id", "=", userId).executeTakeFirst();
}
