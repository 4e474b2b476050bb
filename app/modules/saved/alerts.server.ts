import { randomUUID } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import { type Db, isPostgres } from "#app/db/db.server.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { logger } from "#app/logger.server.ts";
import { serverI18n } from "#app/modules/i18n/i18n.server.ts";
import { createPacer } from "#app/modules/jobs/jobs.pace.server.ts";
import type { Job } from "#app/modules/jobs/jobs.server.ts";
import { findListedSavedBetween, findListingById } from "#app/modules/listing/listing.repo.server.ts";
import { effectivePrice } from "#app/modules/listing/listing.rules.ts";
import type { MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import { foldedWords, queryWords } from "#app/modules/search/search.words.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";
import { savedHomesMail, searchAlertMail } from "./saved.mail.ts";
import { queueSavedHomeNews } from "./saved-home.digest.server.ts";
import { describeFilter, matchesFilter, parseSearchFilter } from "./saved-search.filter.ts";
import { nextRunAfter } from "./saved-search.repo.server.ts";
import { unsubscribeUrl } from "./saved-search.token.server.ts";

// Search alerts, in two steps that each survive a process killed at any point (decision 037):
// 1. The sweep reads the listings saved since the oldest due search last alerted, matches them in memory
//    against every due search, and keeps the news: a listing the search never announced (published after the
//    search was saved), or an announced one whose price fell below the one it told (savedSearchListing).
//    For each search with news it writes one alertDelivery row, and what it now has told, in the same
//    transaction that moves the search's `lastAlertAt` on, guarded by its old value: a second runner (or a
//    rerun after a kill) that read the same search changes nothing, so each piece of news is written once.
// 2. The sender claims due deliveries for a while (`claimedUntil`), and marks each sent in the transaction that
//    queues its e-mail in the outbox (app/modules/mail), which sends it once and retries a refusal. A delivery
//    that cannot be queued is retried with backoff, then paused with its search.

/** Listings younger than this may still be committing: the sweep leaves them for the next one. */
export const SETTLE_MS = 5_000;
/** An alert shows at most this many new homes (the newest), and at most this many price drops. */
export const ALERT_MAX_LISTINGS = 20;
/** Matches looked at per search and sweep: edits of homes it announced already must not crowd out news. */
const MATCHES_PER_SWEEP = 200;
/** How long a sender holds a delivery it is sending. */
const CLAIM_MS = 2 * 60_000;
/** Attempts before a bouncing address's alerts are paused. */
export const MAX_ATTEMPTS = 5;
const SEND_BATCH = 20;
/**
 * Searches moved on (and alerts queued) per write transaction. On SQLite the app's page queries wait behind
 * each one (one connection, statements on the main thread), so they are short; PostgreSQL's run beside them,
 * so fewer, larger ones keep the sweep under a second there (docs/measurements.md, Search alerts).
 */
const QUEUE_BATCH = { sqlite: 50, postgres: 250 };

/** Backoff after the `attempts`th failed send: 1, 4, 16, 64 minutes. */
export function retryDelayMs(attempts: number) {
  return 60_000 * 4 ** (attempts - 1);
}

type SweepResult = { searches: number; listings: number; deliveries: number };

/**
 * Matches the listings saved since each due search's last alert, and queues one e-mail per search that has
 * news (new homes, price drops of homes it announced). Instant searches are due at every sweep; daily and
 * weekly ones when their time comes.
 */
export async function sweepSavedSearches(db: Db, now: number): Promise<SweepResult> {
  const upTo = now - SETTLE_MS;
  // The sweep shares the process with page requests: it gives them a turn every few milliseconds of matching
  // and after each write transaction.
  const pace = createPacer();
  const due = await db
    .selectFrom("savedSearch")
    .select(["id", "userId", "query", "frequency", "lastAlertAt", "createdAt"])
    .where("frequency", "!=", "off")
    .where("pausedAt", "is", null)
    .where((eb) => eb.or([eb("frequency", "=", "instant"), eb("nextRunAt", "<=", now)]))
    .where("lastAlertAt", "<", upTo)
    .execute();
  if (due.length === 0) return { searches: 0, listings: 0, deliveries: 0 };
  const from = Math.min(...due.map((search) => Number(search.lastAlertAt)));
  const listings = await findListedSavedBetween(db, from, upTo);
  const candidates = listings.map((listing) => ({
    ...listing,
    price: effectivePrice(listing),
    textWords: foldedWords(`${listing.name} ${listing.location}`),
  }));

  const quiet: string[] = [];
  const matched: { search: (typeof due)[number]; last: number; matches: typeof candidates }[] = [];
  for (const search of due) {
    await pace();
    const last = Number(search.lastAlertAt);
    if ((candidates[0]?.timestamp ?? 0) <= last) {
      quiet.push(search.id); // nothing saved since its last alert
      continue;
    }
    const filter = parseSearchFilter(new URLSearchParams(search.query));
    const words = queryWords(filter.q);
    const matches: typeof candidates = [];
    for (const listing of candidates) {
      if (listing.timestamp <= last) break; // newest first: the rest are older still
      if (matchesFilter(filter, words, listing)) matches.push(listing);
      if (matches.length === MATCHES_PER_SWEEP) break;
    }
    if (matches.length === 0) quiet.push(search.id);
    else matched.push({ search, last, matches });
  }
  // What each matched search has told of its matches: a home is new to it once, and news again only cheaper.
  const told = await findAnnouncedPrices(db, matched);
  const found: Found[] = [];
  for (const { search, last, matches } of matched) {
    const fresh: Announced[] = [];
    const drops: PriceDropRow[] = [];
    for (const listing of matches) {
      const before = told.get(`${search.id} ${listing.id}`);
      if (before === undefined) {
        // Published before the search was saved: its saver saw it in the results already.
        if (listing.publishedAt > Number(search.createdAt) && fresh.length < ALERT_MAX_LISTINGS)
          fresh.push({ listingId: listing.id, price: listing.price });
      } else if (listing.price < before && drops.length < ALERT_MAX_LISTINGS) {
        drops.push({ listingId: listing.id, previousPrice: before, price: listing.price });
      }
    }
    if (fresh.length === 0 && drops.length === 0) quiet.push(search.id);
    else found.push({ search, last, fresh, drops });
  }
  // Searches that alerted last together (the same `lastAlertAt` and frequency) move on together: one UPDATE
  // guarded by that old value and one INSERT per QUEUE_BATCH, in a transaction. When the UPDATE moves fewer
  // rows than it names, another runner took some: that group is redone search by search.
  const groups = Map.groupBy(found, (item) => `${item.last}:${item.search.frequency}`);
  let deliveries = 0;
  const batch = QUEUE_BATCH[isPostgres(db) ? "postgres" : "sqlite"];
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += batch) {
      const chunk = group.slice(i, i + batch);
      deliveries +=
        (await queueTogether(db, chunk, upTo, now)) ?? (await queueOneByOne(db, chunk, upTo, now));
      await pace({ always: true });
    }
  }
  // Searches with nothing new move on too, so the next sweep reads only newer listings.
  for (let i = 0; i < quiet.length; i += 500) {
    await pace({ always: true });
    await db
      .updateTable("savedSearch")
      .set({ lastAlertAt: upTo })
      .where("id", "in", quiet.slice(i, i + 500))
      .where("lastAlertAt", "<", upTo)
      .execute();
  }
  return { searches: due.length, listings: candidates.length, deliveries };
}

type Announced = { listingId: string; price: number };
/** A price drop an alert shows: from the price told before to the one now. */
export type PriceDropRow = { listingId: string; previousPrice: number; price: number };
type Found = {
  search: { id: string; userId: string; frequency: AlertFrequency };
  last: number;
  fresh: Announced[];
  drops: PriceDropRow[];
};

/** The price each search last told of each of its matches, keyed "searchId listingId" (none: never told). */
async function findAnnouncedPrices(
  db: Db,
  matched: { search: { id: string }; matches: { id: string }[] }[],
): Promise<Map<string, number>> {
  const told = new Map<string, number>();
  for (let i = 0; i < matched.length; i += 200) {
    const chunk = matched.slice(i, i + 200);
    const listingIds = [...new Set(chunk.flatMap((item) => item.matches.map((listing) => listing.id)))];
    for (let j = 0; j < listingIds.length; j += 500) {
      const rows = await db
        .selectFrom("savedSearchListing")
        .select(["savedSearchId", "listingId", "price"])
        .where(
          "savedSearchId",
          "in",
          chunk.map((item) => item.search.id),
        )
        .where("listingId", "in", listingIds.slice(j, j + 500))
        .execute();
      for (const row of rows) told.set(`${row.savedSearchId} ${row.listingId}`, Number(row.price));
    }
  }
  return told;
}

/** Records what `chunk`'s alerts tell (new homes and their price, lower prices), in the alerts' transaction. */
async function rememberAnnounced(trx: Db, chunk: Found[], now: number) {
  const rows = chunk.flatMap(({ search, fresh, drops }) =>
    [...fresh, ...drops].map(({ listingId, price }) => ({
      savedSearchId: search.id,
      listingId,
      price,
      announcedAt: now,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) {
    await trx
      .insertInto("savedSearchListing")
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(["savedSearchId", "listingId"]).doUpdateSet((eb) => ({
          price: eb.ref("excluded.price"),
          announcedAt: eb.ref("excluded.announcedAt"),
        })),
      )
      .execute();
  }
}

function deliveryRow({ search, fresh, drops }: Found, now: number) {
  return {
    id: randomUUID(),
    kind: "search" as const,
    userId: search.userId,
    savedSearchId: search.id,
    listingIds: JSON.stringify(fresh.map((item) => item.listingId)),
    changes: JSON.stringify(drops),
    createdAt: now,
    nextAttemptAt: now,
    claimToken: null,
    sentAt: null,
    pausedAt: null,
    lastError: null,
  };
}

class RaceLost extends Error {}

/** Moves `chunk` (one old `lastAlertAt`, one frequency) on and queues its alerts; null when a runner raced it. */
async function queueTogether(db: Db, chunk: Found[], upTo: number, now: number): Promise<number | null> {
  const first = chunk[0]!;
  try {
    return await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("savedSearch")
        .set({ lastAlertAt: upTo, nextRunAt: nextRunAfter(first.search.frequency, now) })
        .where(
          "id",
          "in",
          chunk.map((item) => item.search.id),
        )
        .where("lastAlertAt", "=", first.last)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== chunk.length) throw new RaceLost();
      await trx
        .insertInto("alertDelivery")
        .values(chunk.map((item) => deliveryRow(item, now)))
        .execute();
      await rememberAnnounced(trx, chunk, now);
      return chunk.length;
    });
  } catch (error) {
    if (error instanceof RaceLost) return null;
    throw error;
  }
}

/** The same, search by search: each one moved on by this runner gets its alert, the others are left alone. */
async function queueOneByOne(db: Db, chunk: Found[], upTo: number, now: number) {
  let queued = 0;
  for (const item of chunk) {
    queued += await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("savedSearch")
        .set({ lastAlertAt: upTo, nextRunAt: nextRunAfter(item.search.frequency, now) })
        .where("id", "=", item.search.id)
        .where("lastAlertAt", "=", item.last)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) return 0;
      await trx.insertInto("alertDelivery").values(deliveryRow(item, now)).execute();
      await rememberAnnounced(trx, [item], now);
      return 1;
    });
  }
  return queued;
}

export type AlertDeps = {
  db: Db;
  /** The outbox: each alert is queued there with its delivery's mark, and the drain woken. */
  mailer: Pick<MailOutbox, "kick">;
  config: Pick<Config, "publicUrl" | "images" | "auth" | "i18n" | "site">;
};

/** Sends the queued alert e-mails that are due; returns how many were sent. */
export async function sendAlertDeliveries({ db, mailer, config }: AlertDeps, now: number) {
  let sent = 0;
  for (;;) {
    const claimed = await claimDeliveries(db, now);
    if (claimed.length === 0) return sent;
    for (const delivery of claimed) {
      if (await sendOne({ db, mailer, config }, delivery, now)) sent++;
    }
  }
}

type ClaimedDelivery = {
  id: string;
  kind: "search" | "digest";
  claimToken: string;
  userId: string;
  savedSearchId: string | null;
  listingIds: string;
  changes: string;
  attempts: number;
};

async function claimDeliveries(db: Db, now: number): Promise<ClaimedDelivery[]> {
  const token = randomUUID();
  const dueIds = db
    .selectFrom("alertDelivery")
    .select("id")
    .where("sentAt", "is", null)
    .where("pausedAt", "is", null)
    .where("nextAttemptAt", "<=", now)
    .where("claimedUntil", "<=", now)
    .limit(SEND_BATCH);
  // The conditions again on the row itself: a runner that waited for another's row lock re-checks them.
  await db
    .updateTable("alertDelivery")
    .set({ claimToken: token, claimedUntil: now + CLAIM_MS })
    .where("id", "in", dueIds)
    .where("sentAt", "is", null)
    .where("claimedUntil", "<=", now)
    .execute();
  const rows = await db
    .selectFrom("alertDelivery")
    .select(["id", "kind", "userId", "savedSearchId", "listingIds", "changes", "attempts"])
    .where("claimToken", "=", token)
    .where("sentAt", "is", null)
    .execute();
  return rows.map((row) => ({ ...row, claimToken: token, attempts: Number(row.attempts) }));
}

async function sendOne({ db, mailer, config }: AlertDeps, delivery: ClaimedDelivery, now: number) {
  const done = (set: { sentAt?: number; pausedAt?: number }) =>
    db
      .updateTable("alertDelivery")
      .set({ ...set, claimedUntil: 0 })
      .where("id", "=", delivery.id)
      .where("claimToken", "=", delivery.claimToken)
      .execute();
  const [user, search] = await Promise.all([
    db.selectFrom("user").select(["email", "name"]).where("id", "=", delivery.userId).executeTakeFirst(),
    delivery.savedSearchId
      ? db
          .selectFrom("savedSearch")
          .select(["id", "query", "frequency"])
          .where("id", "=", delivery.savedSearchId)
          .executeTakeFirst()
      : undefined,
  ]);
  const ids = JSON.parse(delivery.listingIds) as string[];
  const changes = JSON.parse(delivery.changes) as PriceDropRow[];
  const [listings, dropped] = await Promise.all([
    findListings(db, ids),
    findListings(
      db,
      changes.map((change) => change.listingId),
    ),
  ]);
  const drops = changes.flatMap((change, index) => {
    const listing = dropped[index];
    return listing ? [{ listing, previousPrice: change.previousPrice }] : [];
  });
  const ctx = { i18n: serverI18n(config), siteName: config.site.name, publicUrl: config.publicUrl };
  if (delivery.kind === "digest") {
    const found = listings.flatMap((listing) => (listing ? [listing] : []));
    if (!user || found.length === 0) {
      await done({ sentAt: now });
      return false;
    }
    const told = new Map(changes.map((change) => [change.listingId, change.previousPrice]));
    const news = found.map((listing) => ({ listing, previousPrice: told.get(listing.id) ?? null }));
    const digest = { to: user.email, ...savedHomesMail(ctx, news) };
    return deliver({ db, mailer, config }, delivery, now, digest, null);
  }
  const fresh = listings.flatMap((listing) => (listing ? [listing] : []));
  // Nobody to write to, a search turned off since, or every home gone: nothing to say.
  if (!user || !search || search.frequency === "off" || fresh.length + drops.length === 0) {
    await done({ sentAt: now });
    return false;
  }
  const unsubscribe = unsubscribeUrl(config.publicUrl, config.auth.secret, search.id);
  const filter = parseSearchFilter(new URLSearchParams(search.query));
  const message = searchAlertMail(ctx, {
    fresh,
    drops,
    words: describeFilter(filter, ctx.i18n),
    searchUrl: `${config.publicUrl}/search?${search.query}`,
    unsubscribe,
  });
  const headers = {
    "List-Unsubscribe": `<${unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  return deliver({ db, mailer, config }, delivery, now, { to: user.email, ...message, headers }, search.id);
}

/** Sends one claimed delivery's message; a refusal is retried with backoff, then paused (with its search). */
async function deliver(
  { db, mailer }: AlertDeps,
  delivery: ClaimedDelivery,
  now: number,
  message: MailMessage,
  searchId: string | null,
) {
  let queued = false;
  try {
    // Marked sent in the transaction that queues the e-mail in the outbox, which sends and retries it.
    queued = await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable("alertDelivery")
        .set({ sentAt: now, claimedUntil: 0 })
        .where("id", "=", delivery.id)
        .where("claimToken", "=", delivery.claimToken)
        .executeTakeFirst();
      if (marked.numUpdatedRows === 0n) return false;
      await queueMail(trx, message);
      return true;
    });
  } catch (error) {
    const attempts = delivery.attempts + 1;
    const paused = attempts >= MAX_ATTEMPTS;
    logger.warn({ err: error, delivery: delivery.id, attempts, paused }, "alert e-mail refused");
    await db
      .updateTable("alertDelivery")
      .set({
        attempts,
        nextAttemptAt: now + retryDelayMs(attempts),
        claimedUntil: 0,
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
        ...(paused ? { pausedAt: now } : {}),
      })
      .where("id", "=", delivery.id)
      .where("claimToken", "=", delivery.claimToken)
      .execute();
    // An address that keeps bouncing gets no more alerts until its owner turns the search on again.
    if (paused && searchId) {
      await db.updateTable("savedSearch").set({ pausedAt: now }).where("id", "=", searchId).execute();
    }
    return false;
  }
  if (queued) mailer.kick();
  return queued;
}

/** The listings of `ids`, in order; undefined for one that is gone. */
function findListings(db: Db, ids: string[]) {
  return Promise.all(ids.map((id) => findListingById(db, id)));
}

/** One alert run: the sweep, the saved homes' news, then the sending (the job "search-alerts"). */
export async function runSearchAlerts(deps: AlertDeps, now: number) {
  const sweep = await sweepSavedSearches(deps.db, now);
  const savedHomes = await queueSavedHomeNews(deps.db, now);
  const sent = await sendAlertDeliveries(deps, now);
  if (sweep.deliveries > 0 || savedHomes > 0 || sent > 0)
    logger.info({ ...sweep, savedHomes, sent }, "search alerts");
}

/** The background job (registered in app/services.server.ts): one alert run every `everyMs`. */
export function searchAlertsJob(deps: AlertDeps, everyMs: number): Job {
  return { name: "search-alerts", everyMs, run: (ctx) => runSearchAlerts(deps, ctx.now()) };
}
