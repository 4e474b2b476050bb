import { Form } from "react-router";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

type Feed = { id: string; url: string; format: string; full: boolean; lastRunAt: number | null };

const FORMAT_LABELS = {
  kyero: "Kyero v3 (XML)",
  openImmo: "OpenImmo 1.2.7 (XML)",
  csv: "CSV (spreadsheet)",
} as const;

/** "Import from a feed URL": the agency's feed URLs, each with Remove, and a form to add one. */
export function ImportFeeds({
  agencyId,
  feeds,
  intervalMinutes,
  fieldErrors,
}: {
  agencyId: string;
  feeds: Feed[];
  intervalMinutes: number;
  fieldErrors: Record<string, string | undefined>;
}) {
  const { t, translate, date } = useI18n();
  const formatLabel = (format: string) =>
    translate(FORMAT_LABELS[format as keyof typeof FORMAT_LABELS] ?? format);
  return (
    <section aria-labelledby="import-feeds" className="card flex flex-col gap-4 p-5">
      <div>
        <h2 id="import-feeds" className="section-heading">
          {t("Import from a feed URL")}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {t("Each feed is fetched and imported every {minutes} minutes; every run is listed below.", {
            minutes: intervalMinutes,
          })}
        </p>
      </div>
      {feeds.length === 0 ? (
        <p className="text-sm">{t("No feed URLs yet.")}</p>
      ) : (
        <ul className="divide-y divide-line">
          {feeds.map((feed) => (
            <li key={feed.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 grow">
                <p className="truncate font-mono text-sm">{feed.url}</p>
                <p className="text-sm text-muted">
                  {formatLabel(feed.format)}
                  {feed.full ? ` · ${t("Full feed")}` : ""} ·{" "}
                  {feed.lastRunAt
                    ? t("last run {date}", {
                        date: date(feed.lastRunAt, { dateStyle: "medium", timeStyle: "short" }),
                      })
                    : t("not run yet")}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-feed" />
                <input type="hidden" name="agencyId" value={agencyId} />
                <input type="hidden" name="feedId" value={feed.id} />
                <button
                  type="submit"
                  className="btn-secondary btn-small"
                  aria-label={t("Remove {url}", { url: feed.url })}
                >
                  {t("Remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="add-feed" />
        <input type="hidden" name="agencyId" value={agencyId} />
        <div>
          <label htmlFor="feed-url" className="field-label">
            {t("Feed URL")}
          </label>
          <input
            id="feed-url"
            name="url"
            type="url"
            required
            maxLength={2000}
            placeholder="https://"
            aria-invalid={fieldErrors.url ? true : undefined}
            aria-describedby={errorId("feed-url", fieldErrors.url)}
            className="text-input"
          />
          <FieldError id="feed-url-error" message={fieldErrors.url} />
        </div>
        <div>
          <label htmlFor="feed-format" className="field-label">
            {t("Format")}
          </label>
          <select id="feed-format" name="format" defaultValue="kyero" className="text-input">
            {Object.entries(FORMAT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {translate(label)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-start gap-3">
          <input
            id="feed-full"
            type="checkbox"
            name="full"
            value="true"
            className="mt-0.5 size-5 shrink-0 accent-brand"
          />
          <label htmlFor="feed-full" className="font-semibold">
            {t("Full feed")}
          </label>
        </div>
        <button type="submit" className="btn-secondary self-start">
          {t("Add feed URL")}
        </button>
      </Form>
    </section>
  );
}
