import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { AlertFrequencyField } from "#app/components/saved/alert-frequency-field.tsx";
import { useAreaUnit } from "#app/components/shell/use-root-data.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { describeFilter, parseSearchFilter } from "#app/modules/saved/saved-search.filter.ts";

export type SavedSearchItem = { id: string; query: string; frequency: AlertFrequency; paused: boolean };

/**
 * Profile's "Saved searches": each with its filters in words, a link that runs it, how often it e-mails new
 * matches, and delete. Plain forms (they work before JavaScript loads); the frequency applies with its button.
 */
export function SavedSearches({ searches }: { searches: SavedSearchItem[] }) {
  const i18n = useI18n();
  const areaUnit = useAreaUnit();
  const { t } = i18n;
  return (
    <section aria-labelledby="saved-searches" className="mt-10">
      <h2 id="saved-searches" className="section-heading mb-4">
        {t("Saved searches")}
      </h2>
      {searches.length === 0 ? (
        <EmptyState
          illustration="search"
          message={t("No saved searches yet")}
          detail={t("On a list of homes, press Save this search to hear about new matches by e-mail.")}
        />
      ) : (
        <ul className="flex flex-col gap-4">
          {searches.map((search) => {
            const words = describeFilter(
              parseSearchFilter(new URLSearchParams(search.query), areaUnit),
              i18n,
            );
            return (
              <li key={search.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="min-w-0 grow">
                  <p className="font-semibold">{words}</p>
                  {search.paused ? (
                    <p className="text-sm text-danger">
                      {t("Paused: e-mails to your address kept bouncing. Choose a frequency to start again.")}
                    </p>
                  ) : null}
                  <Link to={`/search?${search.query}`} className="link text-sm">
                    {t("Run this search")}
                  </Link>
                </div>
                <form method="post" action="/saved-searches" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="frequency" />
                  <input type="hidden" name="id" value={search.id} />
                  <AlertFrequencyField
                    label={t("Alerts for {words}", { words })}
                    frequency={search.frequency}
                  />
                </form>
                <form method="post" action="/saved-searches">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={search.id} />
                  <button
                    type="submit"
                    className="btn-secondary btn-small text-danger"
                    aria-label={t("Delete {name}", { name: words })}
                  >
                    {t("Delete")}
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
