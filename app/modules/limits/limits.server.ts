import { randomUUID } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { TooManyRequestsError } from "#app/http/errors.ts";
import { msg } from "#app/modules/i18n/i18n.ts";

// Abuse limits, counted in the database so that every instance sharing it counts the same hits.
// Each counted action is a row of `limitHit`; a limit allows `max` of them per key (a user id, a recipient
// address) within a sliding window. A hit is written first and counted after, so two requests racing for the
// last slot can both be refused but never both pass. Over the limit: TooManyRequestsError (429, Retry-After,
// the rule's message), answered by `refusalResponse` like any refusal (decision 019).

/** One limit: at most `max` hits per key within `windowSeconds`. `message` is what the user reads. */
export type LimitRule = { name: string; max: number; windowSeconds: number; message: string };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long an account refuses sign-ins after LIMIT_SIGN_IN_FAILURES failures (its window). */
export const SIGN_IN_LOCK_MINUTES = 15;

const SIGN_IN_LOCKED_MESSAGE = msg(
  "Too many failed sign-ins for this account. Please wait 15 minutes, or reset your password.",
);

/** The named rules, from the configuration (LIMIT_*). Modules take the rule they count against. */
export function createLimitRules(limits: Config["limits"]) {
  return {
    /** Listing saves (create or edit) per user. */
    listingSaves: {
      name: "listing-save",
      max: limits.listingSavesPerHour,
      windowSeconds: HOUR,
      message: "You have saved many listings in the last hour. Please wait a while and try again.",
    },
    /** Addresses placed on the listing form's map per user (each may call a paid geocoder). */
    addressLookups: {
      name: "address-lookup",
      max: limits.addressLookupsPerHour,
      windowSeconds: HOUR,
      message: "You have looked up many addresses in the last hour. Please wait a while and try again.",
    },
    /** Password-reset and verification e-mails per recipient address (refused silently: see auth.server.ts). */
    authEmails: {
      name: "auth-email",
      max: limits.authEmailsPerHour,
      windowSeconds: HOUR,
      message: "Too many e-mails were sent to this address. Please wait an hour and try again.",
    },
    /**
     * Failed sign-ins per account (the address typed, lower case), from any client address: at the limit the
     * account refuses every sign-in, the right password too, until the window has passed (auth.server.ts).
     */
    signInFailures: {
      name: "sign-in-failure",
      max: limits.signInFailures,
      windowSeconds: SIGN_IN_LOCK_MINUTES * MINUTE,
      message: SIGN_IN_LOCKED_MESSAGE,
    },
    /** "Someone is trying to sign in to your account" e-mails per account: one per lock window. */
    signInAlerts: {
      name: "sign-in-alert",
      max: 1,
      windowSeconds: SIGN_IN_LOCK_MINUTES * MINUTE,
      message: SIGN_IN_LOCKED_MESSAGE,
    },
    /** Enquiries (messages to owners) per user. */
    enquiries: {
      name: "enquiry",
      max: limits.enquiriesPerHour,
      windowSeconds: HOUR,
      message: "You have sent many messages in the last hour. Please wait a while and try again.",
    },
    /** Different owners one user may contact per day: a distinct limit (takeDistinctLimit, member = owner id). */
    contactOwners: {
      name: "contact-owner",
      max: limits.contactOwnersPerDay,
      windowSeconds: DAY,
      message: `You can contact up to ${limits.contactOwnersPerDay} different owners a day. Please try again tomorrow.`,
    },
    /** Listing reports per user. */
    reports: {
      name: "report",
      max: limits.reportsPerDay,
      windowSeconds: DAY,
      message: "You have sent many reports today. Please try again tomorrow.",
    },
    /** API requests per API key (key id). */
    apiRequests: {
      name: "api-request",
      max: limits.apiRequestsPerMinute,
      windowSeconds: MINUTE,
      message: "Too many requests with this API key. Please slow down.",
    },
    /** Public API reads per client address. */
    apiPublicRequests: {
      name: "api-public-request",
      max: limits.apiPublicRequestsPerMinute,
      windowSeconds: MINUTE,
      message: "Too many requests from this address. Please slow down.",
    },
  } satisfies Record<string, LimitRule>;
}

export type LimitRules = ReturnType<typeof createLimitRules>;

/** The longest window of any rule: hits older than this are swept. */
const LONGEST_WINDOW_MS = DAY * 1000;

/** Counts one hit of `rule` for `key`; throws TooManyRequestsError (and counts nothing) when over the limit. */
export async function takeLimit(db: Db, rule: LimitRule, key: string, now = Date.now()) {
  const id = randomUUID();
  const since = now - rule.windowSeconds * 1000;
  await db.insertInto("limitHit").values({ id, rule: rule.name, key, member: "", at: now }).execute();
  const hits = await db
    .selectFrom("limitHit")
    .select("at")
    .where("rule", "=", rule.name)
    .where("key", "=", key)
    .where("at", ">", since)
    .orderBy("at")
    .orderBy("id")
    .execute();
  if (hits.length <= rule.max) return;
  await db.deleteFrom("limitHit").where("id", "=", id).execute();
  throw refusal(rule, Number(hits[hits.length - rule.max - 1]?.at ?? now), now);
}

/**
 * Counts `member` (e.g. an owner's id) among the distinct members `key` reached within the rule's window; a
 * member already counted passes again freely. Throws TooManyRequestsError when one more would be over `max`.
 */
export async function takeDistinctLimit(
  db: Db,
  rule: LimitRule,
  key: string,
  member: string,
  now = Date.now(),
) {
  const id = randomUUID();
  const since = now - rule.windowSeconds * 1000;
  await db.insertInto("limitHit").values({ id, rule: rule.name, key, member, at: now }).execute();
  const hits = await db
    .selectFrom("limitHit")
    .select(["id", "member", "at"])
    .where("rule", "=", rule.name)
    .where("key", "=", key)
    .where("at", ">", since)
    .orderBy("at")
    .orderBy("id")
    .execute();
  // Each member's first hit in the window, oldest first: this member is allowed if it is among the first `max`.
  const firstSeen = new Map<string, number>();
  for (const hit of hits) if (!firstSeen.has(hit.member)) firstSeen.set(hit.member, Number(hit.at));
  const order = [...firstSeen.keys()];
  if (order.indexOf(member) < rule.max) return;
  await db.deleteFrom("limitHit").where("id", "=", id).execute();
  // A slot frees when the oldest counted member's first hit leaves the window.
  throw refusal(rule, firstSeen.get(order[0] ?? member) ?? now, now);
}

/**
 * Throws TooManyRequestsError when `key` has used up `rule` right now, without counting a hit: for a limit
 * counted after the fact (failed sign-ins are counted once they have failed).
 */
export async function assertUnderLimit(db: Db, rule: LimitRule, key: string, now = Date.now()) {
  const hits = await db
    .selectFrom("limitHit")
    .select("at")
    .where("rule", "=", rule.name)
    .where("key", "=", key)
    .where("at", ">", now - rule.windowSeconds * 1000)
    .orderBy("at")
    .execute();
  if (hits.length < rule.max) return;
  // Under the limit again once the hit `max` places from the newest has left the window.
  throw refusal(rule, Number(hits[hits.length - rule.max]?.at ?? now), now);
}

/** How many hits `key` has left under `rule` right now (for pages that say "3 left today"). */
export async function remainingHits(db: Db, rule: LimitRule, key: string, now = Date.now()) {
  const row = await db
    .selectFrom("limitHit")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("rule", "=", rule.name)
    .where("key", "=", key)
    .where("at", ">", now - rule.windowSeconds * 1000)
    .executeTakeFirstOrThrow();
  return Math.max(0, rule.max - Number(row.count));
}

/** Deletes hits older than the longest window; run from a periodic job. Returns how many went. */
export async function sweepLimitHits(db: Db, now = Date.now()) {
  const result = await db
    .deleteFrom("limitHit")
    .where("at", "<=", now - LONGEST_WINDOW_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function refusal(rule: LimitRule, oldestCountedAt: number, now: number) {
  const retryAfterMs = oldestCountedAt + rule.windowSeconds * 1000 - now;
  return new TooManyRequestsError(rule.message, Math.max(1, retryAfterMs / 1000));
}
