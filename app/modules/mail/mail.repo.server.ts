import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import type { MailAttachment, MailMessage } from "#app/providers/mail/mail.server.ts";

// Every query on the outbox table (decision 049). A row is due while unsent, not given up on, its next attempt
// has come and nobody holds a claim on it.

/** A row a sender has claimed: the message and what it needs to record the outcome. */
export type ClaimedMail = { id: string; claimToken: string; attempts: number; message: MailMessage };

/**
 * Queues `message` through `db`: pass the transaction of the write the e-mail belongs to, so both commit or
 * neither does. It is sent by the job "mail-outbox" (wake it after the commit: MailOutbox.kick()).
 */
export async function queueMail(db: Db, message: MailMessage, now = Date.now()) {
  await db
    .insertInto("mailOutbox")
    .values({
      id: randomUUID(),
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ? JSON.stringify(message.headers) : null,
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .execute();
}

/** Ids of up to `limit` due rows, oldest first (candidates only: claimMail decides). */
export async function findDueMailIds(db: Db, now: number, limit: number) {
  const rows = await db
    .selectFrom("mailOutbox")
    .select("id")
    .where("sentAt", "is", null)
    .where("failedAt", "is", null)
    .where("nextAttemptAt", "<=", now)
    .where("claimedUntil", "<=", now)
    .orderBy("nextAttemptAt")
    .orderBy("createdAt")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims one row until `until` with one conditional UPDATE (atomic on SQLite; PostgreSQL's row lock re-checks
 * the conditions), so of several senders exactly one gets it. Returns the message, or nothing when another
 * sender was first or the row is no longer due.
 */
export async function claimMail(db: Db, id: string, claimToken: string, now: number, until: number) {
  const claimed = await db
    .updateTable("mailOutbox")
    .set({ claimToken, claimedUntil: until })
    .where("id", "=", id)
    .where("sentAt", "is", null)
    .where("failedAt", "is", null)
    .where("claimedUntil", "<=", now)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  const row = await db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("id", "=", id)
    .where("claimToken", "=", claimToken)
    .executeTakeFirst();
  if (!row) return undefined;
  const message: MailMessage = { to: row.recipient, subject: row.subject, text: row.text, html: row.html };
  if (row.headers) message.headers = JSON.parse(row.headers) as Record<string, string>;
  if (row.attachments) message.attachments = JSON.parse(row.attachments) as MailAttachment[];
  return { id: row.id, claimToken, attempts: Number(row.attempts), message } satisfies ClaimedMail;
}

/** Keeps the claim while the transport is still busy with the row. */
export async function extendMailClaim(db: Db, mail: ClaimedMail, until: number) {
  await db
    .updateTable("mailOutbox")
    .set({ claimedUntil: until })
    .where("id", "=", mail.id)
    .where("claimToken", "=", mail.claimToken)
    .execute();
}

/** Records that the transport accepted the row's message. */
export async function markMailSent(db: Db, mail: ClaimedMail, now: number) {
  await db
    .updateTable("mailOutbox")
    .set({ sentAt: now, claimedUntil: 0 })
    .where("id", "=", mail.id)
    .where("claimToken", "=", mail.claimToken)
    .execute();
}

/** Records a refusal: the next attempt at `nextAttemptAt`, or none (`failedAt`) after the last. */
export async function markMailFailed(
  db: Db,
  mail: ClaimedMail,
  outcome: { attempts: number; nextAttemptAt: number; failedAt: number | null; error: string },
) {
  await db
    .updateTable("mailOutbox")
    .set({
      attempts: outcome.attempts,
      nextAttemptAt: outcome.nextAttemptAt,
      failedAt: outcome.failedAt,
      lastError: outcome.error.slice(0, 2000),
      claimedUntil: 0,
    })
    .where("id", "=", mail.id)
    .where("claimToken", "=", mail.claimToken)
    .execute();
}

/** Deletes the rows sent before `before`; returns how many. */
export async function deleteSentMailBefore(db: Db, before: number) {
  const result = await db.deleteFrom("mailOutbox").where("sentAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows still to send (due or waiting for a retry), for the metrics' gauge. */
export async function countQueuedMail(db: Db) {
  const row = await db
    .selectFrom("mailOutbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("sentAt", "is", null)
    .where("failedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
