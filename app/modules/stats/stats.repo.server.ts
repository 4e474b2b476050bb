import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import {
  type DayFigures,
  dayOf,
  daysEnding,
  fillDays,
  firstOfDays,
  STATS_DAYS,
  type StatTotals,
} from "./stats.rules.ts";

// Every query on the statistics tables: listingStatDay, listingViewSalt, listingViewSeen (decision 063).

/** The figures a write adds to (views come in batches, through addViews). */
export type CountedEvent = "saves" | "enquiries";

// Hashes inserted per statement: far below either engine's limit of bound parameters.
const CHUNK = 500;

/**
 * Adds one to `field` of a listing's figures for the day of `now`. Call it in the transaction of the write it
 * counts (a save, an enquiry), so the figure and the write stand or fall together.
 */
export async function countListingEvent(db: Db, listingId: string, field: CountedEvent, now: number) {
  await db
    .insertInto("listingStatDay")
    .values({ listingId, day: dayOf(now), [field]: 1 })
    .onConflict((oc) =>
      oc
        .columns(["listingId", "day"])
        .doUpdateSet((eb) => ({ [field]: eb(`listingStatDay.${field}`, "+", 1) })),
    )
    .execute();
}

/** The random salt of `day`'s view hashes: the same for every instance (the first to ask creates it). */
export async function findOrCreateViewSalt(db: Db, day: string): Promise<string> {
  await db
    .insertInto("listingViewSalt")
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db
    .selectFrom("listingViewSalt")
    .select("salt")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * Counts `views` of `day` (each a hash and its listing): a hash already seen that day, on any instance, counts
 * for nothing; each new one adds a view to its listing (none to a listing deleted meanwhile). Returns how many
 * counted. Hashes and listings go in sorted order, so two instances' batches never wait on each other in a
 * circle (PostgreSQL's row locks).
 */
export async function addViews(db: Db, day: string, views: readonly { hash: string; listingId: string }[]) {
  const listingOf = new Map(views.map((view) => [view.hash, view.listingId]));
  const hashes = [...listingOf.keys()].sort();
  if (hashes.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const perListing = new Map<string, number>();
    for (let start = 0; start < hashes.length; start += CHUNK) {
      const fresh = await trx
        .insertInto("listingViewSeen")
        .values(hashes.slice(start, start + CHUNK).map((hash) => ({ day, hash })))
        .onConflict((oc) => oc.columns(["day", "hash"]).doNothing())
        .returning("hash")
        .execute();
      for (const { hash } of fresh) {
        const listingId = listingOf.get(hash) as string;
        perListing.set(listingId, (perListing.get(listingId) ?? 0) + 1);
      }
    }
    for (const listingId of [...perListing.keys()].sort()) {
      const count = perListing.get(listingId) as number;
      // From the listing's own row: a listing deleted since the view gets no figures (and no foreign-key error).
      await trx
        .insertInto("listingStatDay")
        .columns(["listingId", "day", "views"])
        .expression(
          trx
            .selectFrom("listing")
            .select([
              "id",
              sql<string>`cast(${day} as text)`.as("day"),
              sql<number>`cast(${count} as integer)`.as("views"),
            ])
            .where("id", "=", listingId),
        )
        .onConflict((oc) =>
          oc.columns(["listingId", "day"]).doUpdateSet((eb) => ({
            views: eb("listingStatDay.views", "+", eb.ref("excluded.views")),
          })),
        )
        .execute();
    }
    return [...perListing.values()].reduce((sum, count) => sum + count, 0);
  });
}

/** Forgets the salts and seen hashes of the days before `day`: past days' views can no longer be told apart. */
export async function deleteViewStateBefore(db: Db, day: string) {
  await db.deleteFrom("listingViewSeen").where("day", "<", day).execute();
  await db.deleteFrom("listingViewSalt").where("day", "<", day).execute();
}

const sums = [
  sql<number>`coalesce(sum("views"), 0)`.as("views"),
  sql<number>`coalesce(sum("saves"), 0)`.as("saves"),
  sql<number>`coalesce(sum("enquiries"), 0)`.as("enquiries"),
] as const;

const figures = <T extends StatTotals>(row: T): T => ({
  ...row,
  views: Number(row.views),
  saves: Number(row.saves),
  enquiries: Number(row.enquiries),
});

/** Each of `listingIds`' figures summed from `fromDay` to today (a listing without any is absent). */
export async function findListingTotals(
  db: Db,
  listingIds: readonly string[],
  fromDay: string,
): Promise<Map<string, StatTotals>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("listingStatDay")
    .select(["listingId", ...sums])
    .where("listingId", "in", listingIds)
    .where("day", ">=", fromDay)
    .groupBy("listingId")
    .execute();
  return new Map(rows.map(({ listingId, ...totals }) => [listingId, figures(totals)]));
}

/** The figures of `listingIds` together, per day from `fromDay` to today (only days that have any). */
export async function findDailyTotals(
  db: Db,
  listingIds: readonly string[],
  fromDay: string,
): Promise<DayFigures[]> {
  if (listingIds.length === 0) return [];
  const rows = await db
    .selectFrom("listingStatDay")
    .select(["day", ...sums])
    .where("listingId", "in", listingIds)
    .where("day", ">=", fromDay)
    .groupBy("day")
    .orderBy("day")
    .execute();
  return rows.map(figures);
}

/** A listing's views from `fromDay` to today ("124 views this week"). */
export async function countViewsSince(db: Db, listingId: string, fromDay: string) {
  const row = await db
    .selectFrom("listingStatDay")
    .select(sums[0])
    .where("listingId", "=", listingId)
    .where("day", ">=", fromDay)
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

/**
 * The last `STATS_DAYS` days up to the day of `now` of `listingIds`: each listing's totals (by id; a listing
 * without any is absent) and their figures together per day, every day present, oldest first.
 */
export async function findRecentStats(db: Db, listingIds: readonly string[], now: number) {
  const from = firstOfDays(now, STATS_DAYS);
  const [perListing, daily] = await Promise.all([
    findListingTotals(db, listingIds, from),
    findDailyTotals(db, listingIds, from),
  ]);
  const days = daysEnding(now, STATS_DAYS);
  return { days: fillDays(days, daily), perListing: Object.fromEntries(perListing) };
}
