import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { serverI18n } from "#app/modules/i18n/i18n.server.ts";
import type { Job, JobContext } from "#app/modules/jobs/jobs.server.ts";
import type { MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import { freshnessMail } from "./listing.freshness.mail.ts";
import type { ListingType } from "./listing.model.ts";
import { listingPath } from "./listing.rules.ts";
import { takenStatus } from "./listing.status.ts";
import { whereListed } from "./listing.visibility.server.ts";

// Freshness (decision 040). A listing its owner has not confirmed for LISTING_TTL_DAYS gets them an
// e-mail "Is your home still available?" with signed links (Confirm, Mark as let / sold) that need no
// sign-in; still unconfirmed 7 days later it is hidden as expired (whereListed) until the owner renews it.
//
// A link is bound to the reminder it came with (the listing's reminderSentAt): any answer, a save, a renewal
// clears that, so a link works once, and an answer is one conditional UPDATE, so two clicks at once change the
// listing once. Links are signed with the app's secret (HMAC-SHA256) and expire 30 days after the reminder.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after the reminder an unconfirmed listing is hidden. */
export const EXPIRE_AFTER_REMINDER_MS = 7 * DAY_MS;
/** How long a reminder's links work. */
export const LINK_LIFETIME_MS = 30 * DAY_MS;
const BATCH = 100;

export type FreshnessAnswer = "confirm" | "let" | "sold";

export type FreshnessDeps = {
  db: Db;
  /** The outbox: each reminder is queued with its claim, and the drain woken after. */
  mailer: Pick<MailOutbox, "kick">;
  secret: string;
  publicUrl: string;
  siteName: string;
  ttlDays: number;
  /** LOCALE and CURRENCY: the e-mail's language (English when absent). */
  i18n?: { locale: string; currency: string };
};

// --- Tokens

type TokenClaims = { listingId: string; answer: FreshnessAnswer; reminderSentAt: number };

function signature(secret: string, payload: string) {
  return createHmac("sha256", `${secret}:listing-freshness`).update(payload).digest("base64url");
}

/** A link's token: the listing, the answer and the reminder it belongs to, signed. */
export function signFreshnessToken(secret: string, claims: TokenClaims) {
  const payload = Buffer.from(`${claims.listingId}.${claims.answer}.${claims.reminderSentAt}`).toString(
    "base64url",
  );
  return `${payload}.${signature(secret, payload)}`;
}

/** The token's claims when its signature is ours, else null (forged or mangled). */
export function readFreshnessToken(secret: string, token: string | null | undefined): TokenClaims | null {
  if (!token || token.length > 400) return null;
  const [payload, given, extra] = token.split(".");
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const match = /^([\w-]{1,64})\.(confirm|let|sold)\.(\d{1,16})$/.exec(
    Buffer.from(payload, "base64url").toString(),
  );
  if (!match) return null;
  return { listingId: match[1]!, answer: match[2] as FreshnessAnswer, reminderSentAt: Number(match[3]) };
}

export type FreshnessLink =
  | { state: "invalid" }
  | { state: "expired" }
  | { state: "used" }
  | { state: "ready"; claims: TokenClaims; listing: { id: string; name: string; type: ListingType } };

/** What a link can still do, without doing it: the page shows this before the owner presses the button. */
export async function checkFreshnessLink(
  db: Db,
  secret: string,
  token: string | null,
  now: number,
): Promise<FreshnessLink> {
  const claims = readFreshnessToken(secret, token);
  if (!claims) return { state: "invalid" };
  const listing = await db
    .selectFrom("listing")
    .select(["id", "name", "type", "reminderSentAt", "status"])
    .where("id", "=", claims.listingId)
    .executeTakeFirst();
  if (!listing) return { state: "invalid" };
  if (claims.answer !== "confirm" && claims.answer !== takenStatus(listing.type)) return { state: "invalid" };
  if (now > claims.reminderSentAt + LINK_LIFETIME_MS) return { state: "expired" };
  if (listing.reminderSentAt == null || Number(listing.reminderSentAt) !== claims.reminderSentAt) {
    return { state: "used" };
  }
  return { state: "ready", claims, listing: { id: listing.id, name: listing.name, type: listing.type } };
}

/**
 * Does what a link says, once: Confirm makes the listing current (and shown again if it had expired); Mark as
 * let / sold sets its status. Returns the link's state: "ready" when it changed the listing now.
 */
export async function answerFreshnessLink(db: Db, secret: string, token: string | null, now: number) {
  const link = await checkFreshnessLink(db, secret, token, now);
  if (link.state !== "ready") return link;
  const { claims } = link;
  const change =
    claims.answer === "confirm"
      ? { confirmedAt: now, changedAt: now, reminderSentAt: null, expiredAt: null }
      : { status: claims.answer, changedAt: now, reminderSentAt: null, expiredAt: null };
  const result = await db
    .updateTable("listing")
    .set(change)
    .where("id", "=", claims.listingId)
    .where("reminderSentAt", "=", claims.reminderSentAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? link : ({ state: "used" } as const);
}

// --- The job

/** The background job (registered in app/services.server.ts): reminders, then expiry, every 15 minutes. */
export function freshnessJob(deps: FreshnessDeps): Job {
  return { name: "listing-freshness", everyMs: 15 * 60 * 1000, run: (ctx) => runFreshness(deps, ctx) };
}

/**
 * One pass: hides the listings reminded 7 days ago and still unconfirmed, then reminds the owners of the
 * listings unconfirmed for `ttlDays`. Each reminder is claimed (reminderSentAt set) in the transaction that
 * queues its e-mail in the outbox, so a rerun after a crash never sends one twice and never skips one; the
 * outbox retries an e-mail the mail server refuses.
 */
export async function runFreshness(deps: FreshnessDeps, { now, signal }: JobContext) {
  const { db } = deps;
  const started = now();
  // Looked for first: an UPDATE that matches nothing would still fire PostgreSQL's statement triggers, and
  // the page cache's (decision 041) would forget every page every 15 minutes.
  const toExpire = await db
    .selectFrom("listing")
    .select("id")
    .where(whereListed)
    .where("reminderSentAt", "<=", started - EXPIRE_AFTER_REMINDER_MS)
    .limit(1)
    .executeTakeFirst();
  const expired = toExpire
    ? await db
        .updateTable("listing")
        .set({ expiredAt: started })
        .where(whereListed)
        .where("reminderSentAt", "<=", started - EXPIRE_AFTER_REMINDER_MS)
        .executeTakeFirst()
    : { numUpdatedRows: 0n };
  let reminded = 0;
  const staleBefore = started - deps.ttlDays * DAY_MS;
  for (;;) {
    if (signal.aborted) break;
    const due = await db
      .selectFrom("listing")
      .innerJoin("user", "user.id", "listing.userRef")
      .select(["listing.id", "listing.name", "listing.type", "user.name as ownerName", "user.email"])
      .where(whereListed)
      .where("listing.reminderSentAt", "is", null)
      .where((eb) => eb(eb.fn.coalesce("listing.confirmedAt", "listing.timestamp"), "<=", staleBefore))
      .orderBy("listing.id")
      .limit(BATCH)
      .execute();
    if (due.length === 0) break;
    let queuedInBatch = 0;
    for (const listing of due) {
      if (signal.aborted) break;
      const at = now();
      const queued = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable("listing")
          .set({ reminderSentAt: at })
          .where("id", "=", listing.id)
          .where("reminderSentAt", "is", null)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) return false;
        await queueMail(trx, reminderMail(deps, { ...listing, reminderSentAt: at }));
        return true;
      });
      if (!queued) continue;
      reminded += 1;
      queuedInBatch += 1;
    }
    // Another runner claimed every one of this batch: it goes on with the rest.
    if (queuedInBatch === 0) break;
  }
  if (reminded) deps.mailer.kick();
  const hidden = Number(expired.numUpdatedRows);
  if (reminded || hidden) logger.info({ reminded, expired: hidden }, "listing freshness");
  return { reminded, expired: hidden };
}

/** The link of one answer to one reminder. */
export function freshnessLink(
  deps: Pick<FreshnessDeps, "secret" | "publicUrl">,
  claims: TokenClaims,
): string {
  return `${deps.publicUrl}/listing-freshness?${new URLSearchParams({ token: signFreshnessToken(deps.secret, claims) })}`;
}

function reminderMail(
  deps: FreshnessDeps,
  listing: {
    id: string;
    name: string;
    type: ListingType;
    ownerName: string;
    email: string;
    reminderSentAt: number;
  },
) {
  const link = (answer: FreshnessAnswer) =>
    freshnessLink(deps, { listingId: listing.id, answer, reminderSentAt: listing.reminderSentAt });
  const taken = takenStatus(listing.type);
  const ctx = { i18n: serverI18n(deps), siteName: deps.siteName, publicUrl: deps.publicUrl };
  return freshnessMail(ctx, {
    to: listing.email,
    ownerName: listing.ownerName,
    listingName: listing.name,
    days: deps.ttlDays,
    taken,
    pageUrl: `${deps.publicUrl}${listingPath(listing)}`,
    confirmUrl: link("confirm"),
    takenUrl: link(taken),
  });
}
