import { useI18n } from "#app/components/use-i18n.ts";
import { type DayFigures, NO_FIGURES, type StatTotals, sumFigures } from "#app/modules/stats/stats.rules.ts";

// Listers' statistics (decision 063): the last 30 days of their listings as numbers, a bar chart of the views
// per day drawn as inline SVG (no chart library), and the same figures as a table for whoever cannot see it.

const BAR = 8;
const GAP = 2;
const HEIGHT = 64;

/** The day "2026-11-29" as "29 Nov" in the site's locale (the day is UTC's, so it is formatted in UTC). */
function useDayLabel() {
  const i18n = useI18n();
  return (day: string) =>
    i18n.date(Date.parse(`${day}T00:00:00Z`), { day: "numeric", month: "short", timeZone: "UTC" });
}

/** The numbers and the chart of `days` (oldest first): a section with its own heading. */
export function StatsSummary({ days, id = "listing-stats" }: { days: readonly DayFigures[]; id?: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const totals = sumFigures(days);
  const figures = [
    [t("Views"), totals.views],
    [t("Saves"), totals.saves],
    [t("Enquiries"), totals.enquiries],
  ] as const;
  return (
    <section aria-labelledby={id} className="card mb-6 flex flex-col gap-4 p-5">
      <h3 id={id} className="text-lg font-bold">
        {t("Last 30 days")}
      </h3>
      <dl className="grid grid-cols-3 gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-extrabold tracking-tight">{i18n.number(value)}</dd>
          </div>
        ))}
      </dl>
      <ViewsChart days={days} />
      <details className="text-sm">
        <summary className="link cursor-pointer font-semibold">{t("Figures by day")}</summary>
        <DayTable days={days} />
      </details>
      <p className="text-sm text-muted">
        {t(
          "A view is a visit to the listing's page, counted once per browser a day; search engines and bots are not counted.",
        )}
      </p>
    </section>
  );
}

function ViewsChart({ days }: { days: readonly DayFigures[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const dayLabel = useDayLabel();
  const max = Math.max(1, ...days.map((day) => day.views));
  const [first, last] = [days.at(0), days.at(-1)];
  const width = days.length * (BAR + GAP) - GAP;
  const busiest = days.reduce<DayFigures | null>(
    (best, day) => (!best || day.views > best.views ? day : best),
    null,
  );
  const summary =
    busiest && busiest.views > 0
      ? t("Views per day: {total} in all, the most on {day} ({count})", {
          total: i18n.number(sumFigures(days).views),
          day: dayLabel(busiest.day),
          count: i18n.number(busiest.views),
        })
      : t("Views per day: none yet");
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold">{t("Views per day")}</span>
        {/* The scale: the tallest bar's figure. */}
        <span aria-hidden="true" className="text-xs text-muted">
          {t("Highest: {count}", { count: i18n.number(max) })}
        </span>
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${HEIGHT + 1}`}
        preserveAspectRatio="none"
        className="h-20 w-full text-accent"
      >
        {days.map((day, index) => {
          const height = day.views === 0 ? 0 : Math.max(2, (day.views / max) * HEIGHT);
          return (
            <rect
              key={day.day}
              x={index * (BAR + GAP)}
              y={HEIGHT - height}
              width={BAR}
              height={height}
              rx={1}
              fill="currentColor"
            >
              <title>{`${dayLabel(day.day)}: ${i18n.number(day.views)}`}</title>
            </rect>
          );
        })}
        <line
          x1={0}
          x2={width}
          y1={HEIGHT + 0.5}
          y2={HEIGHT + 0.5}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
      </svg>
      {first && last ? (
        <div aria-hidden="true" className="flex justify-between text-xs text-muted">
          <span>{dayLabel(first.day)}</span>
          <span>{dayLabel(last.day)}</span>
        </div>
      ) : null}
    </figure>
  );
}

function DayTable({ days }: { days: readonly DayFigures[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const dayLabel = useDayLabel();
  return (
    <div className="mt-2 max-w-lg">
      <table className="w-full text-left">
        <thead className="text-muted">
          <tr>
            <th scope="col" className="p-2 font-semibold">
              {t("Day")}
            </th>
            <th scope="col" className="p-2 text-right font-semibold">
              {t("Views")}
            </th>
            <th scope="col" className="p-2 text-right font-semibold">
              {t("Saves")}
            </th>
            <th scope="col" className="p-2 text-right font-semibold">
              {t("Enquiries")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {[...days].reverse().map((day) => (
            <tr key={day.day}>
              <th scope="row" className="p-2 font-normal whitespace-nowrap">
                {dayLabel(day.day)}
              </th>
              <td className="p-2 text-right">{i18n.number(day.views)}</td>
              <td className="p-2 text-right">{i18n.number(day.saves)}</td>
              <td className="p-2 text-right">{i18n.number(day.enquiries)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One listing's last 30 days in a line: "124 views · 3 saves · 1 enquiry". */
export function ListingFigures({
  totals = NO_FIGURES,
  className = "mt-2 px-1",
}: {
  totals?: StatTotals;
  className?: string;
}) {
  const { t, tn } = useI18n();
  return (
    <p className={`${className} text-sm text-muted`}>
      {t("Last 30 days")}: {tn(totals.views, "{count} view", "{count} views")}
      {" · "}
      {tn(totals.saves, "{count} save", "{count} saves")}
      {" · "}
      {tn(totals.enquiries, "{count} enquiry", "{count} enquiries")}
    </p>
  );
}
