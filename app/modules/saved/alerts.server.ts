import { randomUUID } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import { type Db, isPostgres } from "#app/db/db.server.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { logger } from "#app/logger.server.ts";
import { escapeHtml } from "#app/modules/auth/auth.mail.ts";
import { serverI18n } from "#app/modules/i18n/i18n.server.ts";
import { largestImageUrl } from "#app/modules/image/image.rules.ts";
import { createPacer } from "#app/modules/jobs/jobs.pace.server.ts";
import type { Job } from "#app/modules/jobs/jobs.server.ts";
import { findListingById } from "#app/modules/listing/listing.repo.server.ts";
import { formatPrice, listingPath } from "#app/modules/listing/listing.rules.ts";
import { whereListed } from "#app/modules/listing/listing.visibility.server.ts";
import type { MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import { foldedWords, queryWords } from "#app/modules/search/search.words.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";
import { describeFilter, matchesFilter, parseSearchFilter } from "./saved-search.filter.ts";
import { nextRunAfter } from "./saved-search.repo.server.ts";
import { unsubscribeUrl } from "./saved-search.token.server.ts";

// Search alerts, in two steps that each survive a process killed at any point (decision 037):
// 1. The sweep reads the listings published since the oldest due search last alerted, matches them in memory
//    against every due search, and for each search with matches writes one alertDelivery row in the same
//    transaction that moves the search's `lastAlertAt` on, guarded by its old value: a second runner (or a
//    rerun after a kill) that read the same search changes nothing, so each match is written once.
// 2. The sender claims due deliveries for a while (`claimedUntil`), and marks each sent in the transaction that
//    queues its e-mail in the outbox (app/modules/mail), which sends it once and retries a refusal. A delivery
//    that cannot be queued is retried with backoff, then paused with its search.

/** Listings younger than this may still be committing: the sweep leaves them for the next one. */
export const SETTLE_MS = 5_000;
/** An alert shows at most this many homes (the newest). */
export const ALERT_MAX_LISTINGS = 20;
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
 * Matches the listings published since each due search's last alert, and queues one e-mail per search that
 * has new matches. Instant searches are due at every sweep; daily and weekly ones when their time comes.
 */
export async function sweepSavedSearches(db: Db, now: number): Promise<SweepResult> {
  const upTo = now - SETTLE_MS;
  // The sweep shares the process with page requests: it gives them a turn every few milliseconds of matching
  // and after each write transaction.
  const pace = createPacer();
  const due = await db
    .selectFrom("savedSearch")
    .select(["id", "userId", "query", "frequency", "lastAlertAt"])
    .where("frequency", "!=", "off")
    .where("pausedAt", "is", null)
    .where((eb) => eb.or([eb("frequency", "=", "instant"), eb("nextRunAt", "<=", now)]))
    .where("lastAlertAt", "<", upTo)
    .execute();
  if (due.length === 0) return { searches: 0, listings: 0, deliveries: 0 };
  const from = Math.min(...due.map((search) => Number(search.lastAlertAt)));
  const listings = await db
    .selectFrom("listing")
    .select([
      "id",
      "type",
      "name",
      "location",
      "bedrooms",
      "bathrooms",
      "parking",
      "furnished",
      "offer",
      "regularPrice",
      "discountedPrice",
      "lat",
      "lng",
      "timestamp",
    ])
    .where(whereListed)
    .where("timestamp", ">", from)
    .where("timestamp", "<=", upTo)
    .orderBy("timestamp", "desc")
    .execute();
  const candidates = listings.map((row) => ({
    ...row,
    parking: Boolean(row.parking),
    furnished: Boolean(row.furnished),
    offer: Boolean(row.offer),
    timestamp: Number(row.timestamp),
    textWords: foldedWords(`${row.name} ${row.location}`),
  }));

  const quiet: string[] = [];
  const found: Found[] = [];
  for (const search of due) {
    await pace();
    const last = Number(search.lastAlertAt);
    if ((candidates[0]?.timestamp ?? 0) <= last) {
      quiet.push(search.id); // nothing published since its last alert
      continue;
    }
    const filter = parseSearchFilter(new URLSearchParams(search.query));
    const words = queryWords(filter.q);
    const matches: string[] = [];
    for (const listing of candidates) {
      if (listing.timestamp <= last) break; // newest first: the rest are older still
      if (matchesFilter(filter, words, listing)) matches.push(listing.id);
      if (matches.length === ALERT_MAX_LISTINGS) break;
    }
    if (matches.length === 0) quiet.push(search.id);
    else found.push({ search, last, matches });
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

type Found = {
  search: { id: string; userId: string; frequency: AlertFrequency };
  last: number;
  matches: string[];
};

function deliveryRow({ search, matches }: Found, now: number) {
  return {
    id: randomUUID(),
    kind: "search" as const,
    userId: search.userId,
    savedSearchId: search.id,
    listingIds: JSON.stringify(matches),
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
      return 1;
    });
  }
  return queued;
}

export type AlertDeps = {
  db: Db;
  /** The outbox: each alert is queued there with its delivery's mark, and the drain woken. */
  mailer: Pick<MailOutbox, "kick">;
  config: Pick<Config, "publicUrl" | "images" | "auth" | "i18n">;
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
    .select(["id", "kind", "userId", "savedSearchId", "listingIds", "attempts"])
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
  const listings = (await Promise.all(ids.map((id) => findListingById(db, id)))).filter(
    (l) => l !== undefined,
  );
  if (delivery.kind === "digest") {
    if (!user || listings.length === 0) {
      await done({ sentAt: now });
      return false;
    }
    const digest = { to: user.email, ...digestMail(config, listings) };
    return deliver({ db, mailer, config }, delivery, now, digest, null);
  }
  // Nobody to write to, a search turned off since, or every home gone: nothing to say.
  if (!user || !search || search.frequency === "off" || listings.length === 0) {
    await done({ sentAt: now });
    return false;
  }
  const unsubscribe = unsubscribeUrl(config.publicUrl, config.auth.secret, search.id);
  const filter = parseSearchFilter(new URLSearchParams(search.query));
  const message = alertMail(
    config,
    listings,
    describeFilter(filter, serverI18n(config)),
    search.query,
    unsubscribe,
  );
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

type MailListing = NonNullable<Awaited<ReturnType<typeof findListingById>>>;

// The words are LOCALE's (the server's translations; English by default), as on the pages.

function alertMail(
  config: AlertDeps["config"],
  listings: MailListing[],
  words: string,
  query: string,
  unsubscribe: string,
) {
  const i18n = serverI18n(config);
  const { t, tn } = i18n;
  const count = tn(listings.length, "{count} new home", "{count} new homes");
  const subject = t("{count} for your search: {words}", { count, words });
  const intro = t("{count} match your saved search ({words}).", { count, words });
  const searchUrl = `${config.publicUrl}/search?${query}`;
  const lines = listings.map(
    (listing) => `${listing.name}, ${formatPrice(listing, i18n)}\n${config.publicUrl}${listingPath(listing)}`,
  );
  const text = [
    intro,
    "",
    lines.join("\n\n"),
    "",
    `${t("See them all")}: ${searchUrl}`,
    "",
    `${t("Stop these e-mails")}: ${unsubscribe}`,
    "",
  ].join("\n");
  const cards = listings
    .map((listing) => {
      const url = `${config.publicUrl}${listingPath(listing)}`;
      const cover = listing.images[0];
      const image = cover
        ? `<img src="${escapeHtml(absolute(config, largestImageUrl(cover, config.images.baseUrl)))}" alt="${escapeHtml(listing.name)}" width="480" style="max-width:100%;border-radius:12px">`
        : "";
      return `<tr><td style="padding:12px 0"><a href="${escapeHtml(url)}">${image}</a><p style="margin:8px 0 0;font-weight:bold">${escapeHtml(formatPrice(listing, i18n))}</p><p style="margin:4px 0"><a href="${escapeHtml(url)}">${escapeHtml(listing.name)}</a></p><p style="margin:0;color:#555">${escapeHtml(listing.location)}</p></td></tr>`;
    })
    .join("");
  const html = `<p>${escapeHtml(intro)}</p><table role="presentation">${cards}</table><p><a href="${escapeHtml(searchUrl)}">${escapeHtml(t("See them all"))}</a></p><p style="color:#555;font-size:13px"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(t("Unsubscribe"))}</a> ${escapeHtml(t("from this search's alerts."))}</p>`;
  return { subject, text, html };
}

function digestMail(config: AlertDeps["config"], listings: MailListing[]) {
  const i18n = serverI18n(config);
  const { t } = i18n;
  const news = (listing: MailListing) =>
    listing.status === "let"
      ? t("{name} has been let", { name: listing.name })
      : listing.status === "sold"
        ? t("{name} has been sold", { name: listing.name })
        : t("{name} is now {price}", { name: listing.name, price: formatPrice(listing, i18n) });
  const subject =
    listings.length === 1
      ? t("News about a home you saved: {news}", { news: news(listings[0]!) })
      : t("{count} homes you saved have news", { count: i18n.number(listings.length) });
  const heading = t("News about the homes you saved:");
  const lines = listings.map((listing) => `${news(listing)}\n${config.publicUrl}${listingPath(listing)}`);
  const saved = `${config.publicUrl}/saved`;
  const text = [heading, "", lines.join("\n\n"), "", `${t("Your saved homes")}: ${saved}`, ""].join("\n");
  const items = listings
    .map((listing) => {
      const url = `${config.publicUrl}${listingPath(listing)}`;
      return `<li><a href="${escapeHtml(url)}">${escapeHtml(news(listing))}</a></li>`;
    })
    .join("");
  const html = `<p>${escapeHtml(heading)}</p><ul>${items}</ul><p><a href="${escapeHtml(saved)}">${escapeHtml(t("Your saved homes"))}</a></p>`;
  return { subject, text, html };
}

function absolute(config: AlertDeps["config"], url: string) {
  return url.startsWith("http") ? url : `${config.publicUrl}${url}`;
}

/** One alert run: the sweep, then the sending (the job "search-alerts"). */
export async function runSearchAlerts(deps: AlertDeps, now: number) {
  const sweep = await sweepSavedSearches(deps.db, now);
  const sent = await sendAlertDeliveries(deps, now);
  if (sweep.deliveries > 0 || sent > 0) logger.info({ ...sweep, sent }, "search alerts");
}

/** The background job (registered in app/services.server.ts): one alert run every `everyMs`. */
export function searchAlertsJob(deps: AlertDeps, everyMs: number): Job {
  return { name: "search-alerts", everyMs, run: (ctx) => runSearchAlerts(deps, ctx.now()) };
}
