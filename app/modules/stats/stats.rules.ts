// Listers' statistics (decision 063): pure rules shared by the server and the pages.

/** How many days Profile's "Your Listings" and the agency workspace show. */
export const STATS_DAYS = 30;
/** "124 views this week": today and the six days before. */
export const WEEK_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A listing's figures for one day, or summed over several. */
export type StatTotals = { views: number; saves: number; enquiries: number };
/** The figures of one UTC day ("2026-11-29"). */
export type DayFigures = StatTotals & { day: string };

export const NO_FIGURES: StatTotals = { views: 0, saves: 0, enquiries: 0 };

/** The UTC day of `ms` as the tables key it: "2026-11-29" (the same on every instance, whatever its zone). */
export function dayOf(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first millisecond of the UTC day of `ms`. */
export function startOfDay(ms: number) {
  return ms - (ms % DAY_MS);
}

/** The `count` days that end with the day of `ms`, oldest first. */
export function daysEnding(ms: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => dayOf(ms - (count - 1 - index) * DAY_MS));
}

/** The first of the `count` days that end with the day of `ms`. */
export function firstOfDays(ms: number, count: number) {
  return dayOf(ms - (count - 1) * DAY_MS);
}

/** Every day of `days`, with the figures `rows` give for it and zeros for a day without any. */
export function fillDays(days: readonly string[], rows: readonly DayFigures[]): DayFigures[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? { day, ...NO_FIGURES });
}

/** The figures of `days` added up. */
export function sumFigures(days: readonly StatTotals[]): StatTotals {
  return days.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      saves: sum.saves + day.saves,
      enquiries: sum.enquiries + day.enquiries,
    }),
    { ...NO_FIGURES },
  );
}
