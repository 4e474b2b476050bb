import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import type { Job } from "#app/modules/jobs/jobs.server.ts";
import { type Mailer, type MailMessage, UndeliverableAddress } from "#app/providers/mail/mail.server.ts";
import {
  type ClaimedMail,
  claimMail,
  deleteSentMailBefore,
  extendMailClaim,
  findDueMailIds,
  markMailFailed,
  markMailSent,
  queueMail,
} from "./mail.repo.server.ts";

// Every e-mail the app owes goes through one outbox table (decision 049). A sender queues the message in the
// transaction of the write it belongs to (queueMail), so a crash loses both or neither, and wakes the drain
// after the commit (kick). The drain, run by a kick in this process and every few seconds by the job
// "mail-outbox" on whichever instance holds it, claims due rows one by one in the database, so several
// drains never send a row twice; only it talks to the transport (SMTP, or the outbox folder).
//
// A process killed between the transport's "OK" and `sentAt` sends that one message again once its claim has
// run out (RFC 1047's window); everything else is sent once.

/** How long a claim holds a row; extended while the transport is busy with it. */
export const MAIL_CLAIM_MS = 15_000;
/** Attempts before a row is given up on (kept, with `failedAt` and its last error). */
export const MAIL_MAX_ATTEMPTS = 8;
/** Sent rows are kept this long, then deleted by the job. */
export const MAIL_KEEP_SENT_MS = 7 * 24 * 60 * 60 * 1000;
const DUE_BATCH = 20;

/** Wait after the `attempts`th refusal: 30 s, 2 min, 8 min, 32 min, then hourly. */
export function mailRetryDelayMs(attempts: number) {
  return Math.min(30_000 * 4 ** (attempts - 1), 60 * 60_000);
}

/** What senders get (services.mailer): the outbox, never the transport. */
export type MailOutbox = Mailer & {
  /** Queues `message` on its own (for mail that belongs to no write) and wakes the drain. */
  send(message: MailMessage): Promise<void>;
  /** Wakes the drain in this process, after a commit that queued mail with `queueMail(trx, ...)`. */
  kick(): void;
  /** Sends every due row; resolves once a pass that began after this call has finished. Returns rows sent. */
  drain(): Promise<number>;
  /** The job that drains periodically (the safety net for other instances' rows and for retries). */
  job: Job;
  /** Stops draining and waits for the pass in hand. */
  stop(): Promise<void>;
};

type Options = {
  db: Db;
  /** The delivery transport (app/providers/mail): SMTP or the outbox folder. */
  transport: Mailer;
  now?: () => number;
  /** The job's pause between passes (default 5 s). */
  everyMs?: number;
  /**
   * Told of an address the mail server refused for good (a bounce at RCPT TO), after its message was given up:
   * the app stops sending it what it can stop (alerts). Its failure is logged, never the drain's.
   */
  onUndeliverable?: (address: string) => Promise<void>;
};

/** The app's outbox over `db`, sending through `transport`. */
export function createMailOutbox({
  db,
  transport,
  now = Date.now,
  everyMs = 5_000,
  onUndeliverable,
}: Options): MailOutbox {
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  let stopped = false;

  // One pass at a time in this process; a call during a pass gets one more pass after it (a row committed
  // after the pass last looked is not missed), however many calls came meanwhile.
  function drain(): Promise<number> {
    if (!running) {
      running = drainMailOutbox({ db, transport, now, stopped: () => stopped, onUndeliverable }).finally(
        () => {
          running = undefined;
        },
      );
      return running;
    }
    queued ??= running.then(
      () => {
        queued = undefined;
        return drain();
      },
      () => {
        queued = undefined;
        return drain();
      },
    );
    return queued;
  }

  const kick = () => {
    if (stopped) return;
    drain().catch((error: unknown) => logger.error({ err: error }, "mail outbox: drain failed"));
  };

  return {
    async send(message) {
      await queueMail(db, message, now());
      kick();
    },
    kick,
    drain,
    job: {
      name: "mail-outbox",
      everyMs,
      // The rows' claims keep drains apart; the lease only spaces the periodic passes, and a killed
      // instance's should not hold the others' back for long.
      leaseMs: 20_000,
      run: async (ctx) => {
        const sent = await drain();
        await deleteSentMailBefore(db, ctx.now() - MAIL_KEEP_SENT_MS);
        return sent;
      },
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([running, queued]);
    },
  };
}

/**
 * One pass: claims due rows one at a time, sends each, records the outcome, until none is due. Safe beside
 * any number of other passes on the same database. Returns how many it sent.
 */
export async function drainMailOutbox({
  db,
  transport,
  now = Date.now,
  stopped = () => false,
  onUndeliverable,
}: {
  db: Db;
  transport: Mailer;
  now?: () => number;
  stopped?: () => boolean;
  onUndeliverable?: (address: string) => Promise<void>;
}) {
  let sent = 0;
  while (!stopped()) {
    const ids = await findDueMailIds(db, now(), DUE_BATCH);
    if (ids.length === 0) break;
    let claimedAny = false;
    for (const id of ids) {
      if (stopped()) break;
      const token = randomUUID();
      const t = now();
      const mail = await claimMail(db, id, token, t, t + MAIL_CLAIM_MS);
      if (!mail) continue;
      claimedAny = true;
      if (await sendOne(db, transport, mail, now, onUndeliverable)) sent += 1;
    }
    // Every candidate went to another drain: it is sending them, and this pass is done.
    if (!claimedAny) break;
  }
  return sent;
}

async function sendOne(
  db: Db,
  transport: Mailer,
  mail: ClaimedMail,
  now: () => number,
  onUndeliverable?: (address: string) => Promise<void>,
) {
  const keepClaim = setInterval(() => {
    extendMailClaim(db, mail, now() + MAIL_CLAIM_MS).catch((error: unknown) =>
      logger.warn({ err: error, mail: mail.id }, "mail outbox: claim not extended"),
    );
  }, MAIL_CLAIM_MS / 3);
  keepClaim.unref();
  let failure: unknown;
  try {
    await transport.send(mail.message);
  } catch (error) {
    failure = error;
  } finally {
    clearInterval(keepClaim);
  }
  const t = now();
  if (failure === undefined) {
    await markMailSent(db, mail, t);
    return true;
  }
  const attempts = mail.attempts + 1;
  // A bounce names the address, not a passing fault: no retry would reach it.
  const bounced = failure instanceof UndeliverableAddress ? failure : undefined;
  const givenUp = bounced !== undefined || attempts >= MAIL_MAX_ATTEMPTS;
  const error = String((failure as Error)?.message ?? failure);
  await markMailFailed(db, mail, {
    attempts,
    nextAttemptAt: t + mailRetryDelayMs(attempts),
    failedAt: givenUp ? t : null,
    error,
  });
  const detail = { err: failure, mail: mail.id, subject: mail.message.subject, attempts };
  if (bounced) logger.warn(detail, "mail outbox: the address bounced, message given up");
  else if (givenUp) logger.error(detail, "mail outbox: message given up after its last attempt");
  else logger.warn(detail, "mail outbox: message refused, retried later");
  if (bounced && onUndeliverable) {
    await onUndeliverable(bounced.address).catch((error: unknown) =>
      logger.error({ err: error, mail: mail.id }, "mail outbox: a bounced address was not handled"),
    );
  }
  return false;
}
