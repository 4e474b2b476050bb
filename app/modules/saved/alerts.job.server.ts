import { logger } from "#app/logger.server.ts";
import type { Job } from "#app/modules/jobs/jobs.server.ts";
import { queueOpenHouseNews } from "./alerts.open-house.server.ts";
import { type AlertDeps, sendAlertDeliveries } from "./alerts.send.server.ts";
import { sweepSavedSearches } from "./alerts.sweep.server.ts";
import { queueSavedHomeNews } from "./saved-home.digest.server.ts";

// Search alerts, in two steps that each survive a process killed at any point (decision 037):
// 1. The sweep (alerts.sweep.server.ts) reads the listings saved since the oldest due search last alerted,
//    matches them in memory against every due search, and keeps the news: a listing the search never announced
//    (published after the search was saved), or an announced one whose price fell below the one it told
//    (savedSearchListing). For each search with news it writes one alertDelivery row, and what it now has told,
//    in the same transaction that moves the search's `lastAlertAt` on, guarded by its old value: a second runner
//    (or a rerun after a kill) that read the same search changes nothing, so each piece of news is written once.
// 2. The sender (alerts.send.server.ts) claims due deliveries for a while (`claimedUntil`), and marks each sent
//    in the transaction that queues its e-mail in the outbox (app/modules/mail), which sends it once and retries
//    a refusal. A delivery that cannot be queued is retried with backoff, then paused with its search.
// New open houses (alerts.open-house.server.ts) take the same two steps: an open house is marked told in the
// transaction that queues its alertDelivery rows, guarded by `announcedAt` still being null (decision 072).
// Their queries are in alerts.repo.server.ts.

/** One alert run: the sweep, the saved homes' news, new open houses, then the sending (the job "search-alerts"). */
export async function runSearchAlerts(deps: AlertDeps, now: number) {
  const sweep = await sweepSavedSearches(deps.db, now, deps.config.areaUnit);
  const savedHomes = await queueSavedHomeNews(deps.db, now);
  const openHouses = await queueOpenHouseNews(deps.db, now, deps.config.areaUnit);
  const sent = await sendAlertDeliveries(deps, now);
  if (sweep.deliveries > 0 || savedHomes > 0 || openHouses > 0 || sent > 0)
    logger.info({ ...sweep, savedHomes, openHouses, sent }, "search alerts");
}

/** The background job (registered in app/services.server.ts): one alert run every `everyMs`. */
export function searchAlertsJob(deps: AlertDeps, everyMs: number): Job {
  return { name: "search-alerts", everyMs, run: (ctx) => runSearchAlerts(deps, ctx.now()) };
}
