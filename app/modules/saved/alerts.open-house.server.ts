import type { Db } from "#app/db/db.server.ts";
import { createPacer } from "#app/modules/jobs/jobs.pace.server.ts";
import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import { findListedByIds } from "#app/modules/listing/listing.repo.server.ts";
import {
  findAlertingSearches,
  findOpenHousesToAnnounce,
  findSavedHomeHolders,
  type OpenHouseNewsRow,
  queueOpenHouseAlerts,
  retireUntoldOpenHouses,
} from "./alerts.repo.server.ts";
import { SETTLE_MS } from "./alerts.sweep.server.ts";
import { matchable, savedSearchMatcher } from "./saved-search.filter.ts";

/** Open houses told per alert run; more wait for the next run (a minute on). */
const OPEN_HOUSES_PER_RUN = 200;
/** The most open houses one e-mail tells of. */
const OPEN_HOUSES_PER_ALERT = 20;

/**
 * New open houses (run by the job "search-alerts" at every sweep, decision 072): each open house or span of
 * bookable viewing times a lister added, once it has settled, is told once to the holders of its saved home
 * (unless they turned saved homes' alerts off) and to the saved searches with alerts on that its listing
 * matches and that were saved before it. Times pass, so this news goes out at the next run whatever a search's
 * frequency; a user hears of all of theirs in one e-mail (an alertDelivery of kind "openHouse", sent by the
 * alert sender). The lister hears nothing of their own. Returns how many e-mails were queued.
 */
export async function queueOpenHouseNews(db: Db, now: number, areaUnit: AreaUnit = "m2") {
  await retireUntoldOpenHouses(db, now);
  const pending = await findOpenHousesToAnnounce(db, now - SETTLE_MS, now, OPEN_HOUSES_PER_RUN);
  if (pending.length === 0) return 0;
  const pace = createPacer();
  const byListing = Map.groupBy(pending, (openHouse) => openHouse.listingId);
  const listingIds = [...byListing.keys()];
  const [listings, holders, searches] = await Promise.all([
    findListedByIds(db, listingIds),
    findSavedHomeHolders(db, listingIds),
    findAlertingSearches(db),
  ]);

  const news = new Map<string, Map<string, OpenHouseNewsRow>>();
  const tell = (userId: string, openHouse: (typeof pending)[number]) => {
    if (userId === openHouse.userRef) return; // the lister's own times
    const items = news.get(userId) ?? new Map<string, OpenHouseNewsRow>();
    news.set(userId, items);
    if (items.size < OPEN_HOUSES_PER_ALERT)
      items.set(openHouse.id, { listingId: openHouse.listingId, openHouseId: openHouse.id });
  };
  for (const holder of holders) {
    for (const openHouse of byListing.get(holder.listingId) ?? []) tell(holder.userId, openHouse);
  }
  const candidates = matchable(listings);
  for (const search of searches) {
    await pace();
    const isMatch = savedSearchMatcher(search.query, areaUnit);
    for (const listing of candidates) {
      const openHouses = (byListing.get(listing.id) ?? []).filter(
        (item) => item.createdAt > search.createdAt,
      );
      if (openHouses.length === 0 || !isMatch(listing)) continue;
      for (const openHouse of openHouses) tell(search.userId, openHouse);
    }
  }
  const perUser = new Map([...news].map(([userId, items]) => [userId, [...items.values()]]));
  // Every open house read is marked told, heard of by somebody or not, so none is read twice.
  return queueOpenHouseAlerts(
    db,
    pending.map((openHouse) => openHouse.id),
    perUser,
    now,
  );
}
