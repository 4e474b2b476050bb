import type { Db } from "#app/db/db.server.ts";
import { ForbiddenError, InvalidError, NotFoundError } from "#app/http/errors.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { ENGLISH, type I18n } from "#app/modules/i18n/i18n.ts";
import { type LimitRules, takeLimit } from "#app/modules/limits/limits.server.ts";
import { isListed } from "#app/modules/listing/listing.model.ts";
import { findListingById, isListingVisible } from "#app/modules/listing/listing.repo.server.ts";
import type { MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import { countListingEvent } from "#app/modules/stats/stats.repo.server.ts";
import { startOfDay } from "#app/modules/stats/stats.rules.ts";
import { newMessageMail } from "./message.mail.ts";
import {
  deleteBlock,
  findMailRecipient,
  findOrCreateThread,
  findThreadForParty,
  hasWrittenSince,
  insertBlock,
  insertMessage,
  isBlocked,
  type ThreadForParty,
} from "./message.repo.server.ts";
import { MESSAGE_TEXTS, threadPath } from "./message.rules.ts";
import { MessageBodySchema } from "./message.schema.ts";

// Every write to a conversation goes through here, checked on the server whatever the page showed: the writer
// is signed in (the route's guard) with a verified address and a party of the thread, the message is valid,
// the recipient has not blocked them, and they are within their enquiries per hour (LIMIT_ENQUIRIES_PER_HOUR).
// The other party learns of it by e-mail with a link back here, never with an address: the e-mail is queued in
// the message's own transaction (app/modules/mail), so a crash loses both or neither.

export type MessageServiceDeps = {
  db: Db;
  /** The outbox: the notification is queued with the message, and the drain woken after the commit. */
  mailer: Pick<MailOutbox, "kick">;
  /** PUBLIC_URL, for the link in the notification. */
  publicUrl: string;
  siteName: string;
  limits: Pick<LimitRules, "enquiries">;
  /** LOCALE's words for the notification (English when absent). */
  i18n?: I18n;
};

/** Sends an enquiry about a listing to its owner (the contact page in relay mode); returns the thread's id. */
export async function sendEnquiry(
  deps: MessageServiceDeps,
  user: SessionUser,
  input: { listingId: unknown; body: unknown },
  now = Date.now(),
): Promise<string> {
  requireVerified(user);
  const body = parseBody(input.body);
  const listing = await findListingById(deps.db, typeof input.listingId === "string" ? input.listingId : "");
  // A listing a moderator hid (or of a suspended owner) takes no enquiries, as if it were gone; one let, sold
  // or expired says so (its conversations go on).
  if (!listing || !(await isListingVisible(deps.db, listing.id)))
    throw new NotFoundError(MESSAGE_TEXTS.listingMissing);
  if (listing.userRef === user.id) throw new ForbiddenError(MESSAGE_TEXTS.ownListing);
  if (!isListed(listing)) throw new ForbiddenError(MESSAGE_TEXTS.unavailable);
  if (await isBlocked(deps.db, listing.userRef, user.id)) throw new ForbiddenError(MESSAGE_TEXTS.blocked);
  await takeLimit(deps.db, deps.limits.enquiries, user.id, now);
  const threadId = await deps.db.transaction().execute(async (trx) => {
    const id = await findOrCreateThread(
      trx,
      { listingId: listing.id, ownerId: listing.userRef, enquirerId: user.id },
      now,
    );
    // The enquirer's first message about the listing this day counts as an enquiry in its lister's statistics.
    if (!(await hasWrittenSince(trx, id, user.id, startOfDay(now)))) {
      await countListingEvent(trx, listing.id, "enquiries", now);
    }
    await insertMessage(trx, { threadId: id, authorId: user.id, body }, now);
    await queueNotification(trx, deps, {
      recipientId: listing.userRef,
      authorName: user.name,
      listingName: listing.name,
      body,
      threadId: id,
    });
    return id;
  });
  deps.mailer.kick();
  return threadId;
}

/** Adds `user`'s reply to a thread they are a party of and tells the other party. */
export async function replyInThread(
  deps: MessageServiceDeps,
  user: SessionUser,
  threadId: string,
  input: { body: unknown },
  now = Date.now(),
) {
  const thread = await partyThread(deps.db, user, threadId);
  requireVerified(user);
  const body = parseBody(input.body);
  // An agency's manager answers for the listing's side: the enquirer's block of its lister holds for them too.
  const side = sideOf(thread, user);
  if (
    (await isBlocked(deps.db, thread.otherPartyId, user.id)) ||
    (side !== user.id && (await isBlocked(deps.db, thread.otherPartyId, side)))
  ) {
    throw new ForbiddenError(MESSAGE_TEXTS.blocked);
  }
  await takeLimit(deps.db, deps.limits.enquiries, user.id, now);
  await deps.db.transaction().execute(async (trx) => {
    await insertMessage(trx, { threadId: thread.id, authorId: user.id, body }, now);
    await queueNotification(trx, deps, {
      recipientId: thread.otherPartyId,
      // The enquirer hears from the agency, whoever of it answers.
      authorName: thread.viewerIsOwner && thread.agencyName ? thread.agencyName : user.name,
      listingName: thread.listingName,
      body,
      threadId: thread.id,
    });
  });
  deps.mailer.kick();
}

/** `user` takes no more messages from the other party of a thread of theirs (in any thread). */
export async function blockOtherParty(db: Db, user: SessionUser, threadId: string, now = Date.now()) {
  const thread = await partyThread(db, user, threadId);
  await insertBlock(db, sideOf(thread, user), thread.otherPartyId, now);
}

/** Lifts `user`'s block of the other party of a thread of theirs. */
export async function unblockOtherParty(db: Db, user: SessionUser, threadId: string) {
  const thread = await partyThread(db, user, threadId);
  await deleteBlock(db, sideOf(thread, user), thread.otherPartyId);
}

/**
 * Who `user` acts as in a thread: themselves, or, for an agency's manager answering about its listing, the
 * listing's lister, whose blocks keep an enquirer out (they are what sendEnquiry and replies check).
 */
export function sideOf(thread: ThreadForParty, user: Pick<SessionUser, "id">) {
  return thread.viewerIsOwner ? thread.ownerId : user.id;
}

/**
 * The thread, if `user` is one of its two parties or a manager of its listing's agency; anyone else is told it
 * does not exist.
 */
async function partyThread(db: Db, user: SessionUser, threadId: string): Promise<ThreadForParty> {
  const thread = await findThreadForParty(db, threadId, user.id);
  if (!thread) throw new NotFoundError(MESSAGE_TEXTS.threadMissing);
  return thread;
}

/** Routes send an unverified user to "Verify your e-mail" first; a request that gets here anyway is refused. */
function requireVerified(user: SessionUser) {
  if (!user.emailVerified) throw new ForbiddenError(MESSAGE_TEXTS.verifyFirst);
}

function parseBody(value: unknown) {
  const body = MessageBodySchema.safeParse(value);
  if (!body.success) {
    const message = body.error.issues[0]?.message ?? MESSAGE_TEXTS.empty;
    throw new InvalidError({ message }, null);
  }
  return body.data;
}

/**
 * Queues, in the message's transaction `trx`, an e-mail with a link to the thread for the recipient. The mail
 * server's answer comes later, to the outbox: a refused notification is retried there, and the message waits
 * in /messages meanwhile.
 */
async function queueNotification(
  trx: Db,
  deps: MessageServiceDeps,
  note: { recipientId: string; authorName: string; listingName: string; body: string; threadId: string },
) {
  const recipient = await findMailRecipient(trx, note.recipientId);
  if (!recipient) return;
  await queueMail(
    trx,
    newMessageMail(
      { i18n: deps.i18n ?? ENGLISH, siteName: deps.siteName, publicUrl: deps.publicUrl },
      {
        to: recipient.email,
        recipientName: recipient.name,
        authorName: note.authorName,
        listingName: note.listingName,
        body: note.body,
        url: `${deps.publicUrl}${threadPath(note.threadId)}`,
      },
    ),
  );
}
