import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { mailContextOf } from "#app/modules/mail/mail.context.server.ts";
import type { MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";
import {
  type ClaimedDelivery,
  claimDeliveries,
  findDeliveryRecipient,
  findListings,
  findOpenHousesToTell,
  markDeliveryDone,
  markDeliverySentWithMail,
  type OpenHouseNewsRow,
  type PriceDropRow,
  pauseSavedSearch,
  recordDeliveryRefused,
} from "./alerts.repo.server.ts";
import { openHousesMail, savedHomesMail, searchAlertMail } from "./saved.mail.ts";
import { describeFilter, parseSearchFilter } from "./saved-search.filter.ts";
import { unsubscribeUrl } from "./saved-search.token.server.ts";

/** Attempts before a bouncing address's alerts are paused. */
export const MAX_ATTEMPTS = 5;

/** Backoff after the `attempts`th failed send: 1, 4, 16, 64 minutes. */
export function retryDelayMs(attempts: number) {
  return 60_000 * 4 ** (attempts - 1);
}

export type AlertDeps = {
  db: Db;
  /** The outbox: each alert is queued there with its delivery's mark, and the drain woken. */
  mailer: Pick<MailOutbox, "kick">;
  /** AREA_UNIT (`areaUnit`): saved searches' areas are in it (m² when absent). */
  config: Pick<Config, "publicUrl" | "images" | "auth" | "i18n" | "site"> & Partial<Pick<Config, "areaUnit">>;
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

async function sendOne({ db, mailer, config }: AlertDeps, delivery: ClaimedDelivery, now: number) {
  if (delivery.kind === "openHouse") return sendOpenHouses({ db, mailer, config }, delivery, now);
  const [user, search] = await findDeliveryRecipient(db, delivery);
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
  const ctx = mailContextOf(config);
  if (delivery.kind === "digest") {
    const found = listings.flatMap((listing) => (listing ? [listing] : []));
    if (!user || found.length === 0) {
      await markDeliveryDone(db, delivery, now);
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
    await markDeliveryDone(db, delivery, now);
    return false;
  }
  const unsubscribe = unsubscribeUrl(config.publicUrl, config.auth.secret, search.id);
  const filter = parseSearchFilter(new URLSearchParams(search.query), config.areaUnit);
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

/**
 * Sends the news of new open houses: those still to come and not removed, of homes still listed; nothing when
 * none is left.
 */
async function sendOpenHouses({ db, mailer, config }: AlertDeps, delivery: ClaimedDelivery, now: number) {
  const told = JSON.parse(delivery.changes) as OpenHouseNewsRow[];
  const [[user], times] = await Promise.all([
    findDeliveryRecipient(db, delivery),
    findOpenHousesToTell(
      db,
      told.map((item) => item.openHouseId),
      now,
    ),
  ]);
  const byListing = Map.groupBy(times, (time) => time.listingId);
  const listings = await findListings(db, [...byListing.keys()]);
  const news = listings.flatMap((listing) =>
    listing ? [{ listing, times: byListing.get(listing.id) ?? [] }] : [],
  );
  if (!user || news.length === 0) {
    await markDeliveryDone(db, delivery, now);
    return false;
  }
  const message = openHousesMail(mailContextOf(config), news);
  return deliver({ db, mailer, config }, delivery, now, { to: user.email, ...message }, null);
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
    queued = await markDeliverySentWithMail(db, delivery, now, message);
  } catch (error) {
    const attempts = delivery.attempts + 1;
    const paused = attempts >= MAX_ATTEMPTS;
    logger.warn({ err: error, delivery: delivery.id, attempts, paused }, "alert e-mail refused");
    await recordDeliveryRefused(db, delivery, {
      attempts,
      nextAttemptAt: now + retryDelayMs(attempts),
      lastError: String((error as Error)?.message ?? error).slice(0, 500),
      pausedAt: paused ? now : null,
    });
    // An address that keeps bouncing gets no more alerts until its owner turns the search on again.
    if (paused && searchId) await pauseSavedSearch(db, searchId, now);
    return false;
  }
  if (queued) mailer.kick();
  return queued;
}
