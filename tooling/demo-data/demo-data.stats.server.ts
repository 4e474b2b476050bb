import type { Db } from "#app/db/db.server.ts";
import { daysEnding, STATS_DAYS } from "#app/modules/stats/stats.rules.ts";
import { DEMO_LISTING_COUNT, demoListingId } from "./demo-data.listings.server.ts";
import { createRandom } from "./demo-data.random.ts";

// The demo listers' statistics (decision 063): made-up figures for the last 30 days of each demo listing, so
// Profile's chart shows what a lister in use sees. Views grow slowly, with busier weekends; saves and enquiries
// are a small share of them. A day that has figures already is left as it is, so a re-run adds only new days.

const ROWS_PER_STATEMENT = 200;

/** Adds the figures of the last 30 days up to the day of `now` to each demo listing that exists. */
export async function seedDemoStats(db: Db, now: number) {
  const ids = Array.from({ length: DEMO_LISTING_COUNT }, (_, index) => demoListingId(index));
  const existing = new Set(
    (await db.selectFrom("listing").select("id").where("id", "in", ids).execute()).map((row) => row.id),
  );
  const days = daysEnding(now, STATS_DAYS);
  const rows = ids.flatMap((listingId, index) => {
    if (!existing.has(listingId)) return [];
    const random = createRandom(5000 + index);
    const base = random.int(4, 30);
    return days.map((day, position) => {
      const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
      const views = Math.round(
        base * (0.6 + position / STATS_DAYS) * (weekend ? 1.4 : 1) * random.range(0.7, 1.3),
      );
      return {
        listingId,
        day,
        views,
        saves: random.chance(0.35) ? random.int(1, Math.max(1, Math.round(views / 15))) : 0,
        enquiries: random.chance(0.15) ? 1 : 0,
      };
    });
  });
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db
      .insertInto("listingStatDay")
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.columns(["listingId", "day"]).doNothing())
      .execute();
  }
}
