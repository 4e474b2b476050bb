import { type Db, isPostgres } from "#app/db/db.server.ts";
import { createPacer } from "#app/modules/jobs/jobs.pace.server.ts";
import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import { findListedSavedBetween } from "#app/modules/listing/listing.repo.server.ts";
import { effectivePrice } from "#app/modules/listing/listing.rules.ts";
import {
  type Announced,
  findAnnouncedPrices,
  findDueSearches,
  moveQuietSearchesOn,
  type PriceDropRow,
  queueSearchAlertsOneByOne,
  queueSearchAlertsTogether,
  type SearchNews,
} from "./alerts.repo.server.ts";
import { matchable, savedSearchMatcher } from "./saved-search.filter.ts";

/** Listings younger than this may still be committing: the sweep leaves them for the next one. */
export const SETTLE_MS = 5_000;
/** An alert shows at most this many new homes (the newest), and at most this many price drops. */
export const ALERT_MAX_LISTINGS = 20;
/** Matches looked at per search and sweep: edits of homes it announced already must not crowd out news. */
const MATCHES_PER_SWEEP = 200;
/**
 * Searches moved on (and alerts queued) per write transaction. On SQLite the app's page queries wait behind
 * each one (one connection, statements on the main thread), so they are short; PostgreSQL's run beside them,
 * so fewer, larger ones keep the sweep under a second there (docs/measurements.md, Search alerts).
 */
const QUEUE_BATCH = { sqlite: 50, postgres: 250 };

type SweepResult = { searches: number; listings: number; deliveries: number };

/**
 * Matches the listings saved since each due search's last alert, and queues one e-mail per search that has
 * news (new homes, price drops of homes it announced). Instant searches are due at every sweep; daily and
 * weekly ones when their time comes.
 */
export async function sweepSavedSearches(
  db: Db,
  now: number,
  areaUnit: AreaUnit = "m2",
): Promise<SweepResult> {
  const upTo = now - SETTLE_MS;
  // The sweep shares the process with page requests: it gives them a turn every few milliseconds of matching
  // and after each write transaction.
  const pace = createPacer();
  const due = await findDueSearches(db, now, upTo);
  if (due.length === 0) return { searches: 0, listings: 0, deliveries: 0 };
  const from = Math.min(...due.map((search) => Number(search.lastAlertAt)));
  const listings = await findListedSavedBetween(db, from, upTo);
  const candidates = matchable(listings.map((listing) => ({ ...listing, price: effectivePrice(listing) })));

  const quiet: string[] = [];
  const matched: { search: (typeof due)[number]; last: number; matches: typeof candidates }[] = [];
  for (const search of due) {
    await pace();
    const last = Number(search.lastAlertAt);
    if ((candidates[0]?.timestamp ?? 0) <= last) {
      quiet.push(search.id); // nothing saved since its last alert
      continue;
    }
    const isMatch = savedSearchMatcher(search.query, areaUnit);
    const matches: typeof candidates = [];
    for (const listing of candidates) {
      if (listing.timestamp <= last) break; // newest first: the rest are older still
      if (isMatch(listing)) matches.push(listing);
      if (matches.length === MATCHES_PER_SWEEP) break;
    }
    if (matches.length === 0) quiet.push(search.id);
    else matched.push({ search, last, matches });
  }
  // What each matched search has told of its matches: a home is new to it once, and news again only cheaper.
  const told = await findAnnouncedPrices(db, matched);
  const found: SearchNews[] = [];
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
        (await queueSearchAlertsTogether(db, chunk, upTo, now)) ??
        (await queueSearchAlertsOneByOne(db, chunk, upTo, now));
      await pace({ always: true });
    }
  }
  // Searches with nothing new move on too, so the next sweep reads only newer listings.
  for (let i = 0; i < quiet.length; i += 500) {
    await pace({ always: true });
    await moveQuietSearchesOn(db, quiet.slice(i, i + 500), upTo);
  }
  return { searches: due.length, listings: candidates.length, deliveries };
}
