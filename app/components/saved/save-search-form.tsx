import { Link } from "react-router";
import { CheckIcon } from "#app/components/icons.tsx";
import { usePersonal } from "#app/components/personal/personal-store.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { MANAGE_SAVED_SEARCHES } from "#app/modules/saved/saved.rules.ts";

const CHOICES = [
  { frequency: "instant", label: msg("Instant") },
  { frequency: "daily", label: msg("Daily") },
  { frequency: "weekly", label: msg("Weekly") },
] as const;

type Props = {
  /** The list's filters, a /search query string. */
  query: string;
  /** The list's own path and query, where saving comes back to. */
  redirectTo: string;
  /** Whether the one looking has saved this search already: then it says so, with the way to manage it. */
  saved: boolean;
  /**
   * The query as a saved search keeps it (normalizeSearchQuery; `query` when absent): on a page shared with
   * visitors, /me's saved searches tell whether it is saved (decision 070).
   */
  searchKey?: string;
};

/**
 * "Save this search": opens on how often to e-mail new matches, and each choice saves at once. Plain HTML (a
 * disclosure and a form posting the filters to /saved-searches, which comes back here), so it works without
 * script and ships almost nothing to the list pages. A visitor is asked to sign in and comes back with the
 * search saved.
 */
export function SaveSearchForm({ query, redirectTo, saved, searchKey = query }: Props) {
  const { t, translate } = useI18n();
  const me = usePersonal();
  if (saved || (me?.signedIn && me.savedSearches.includes(searchKey))) {
    return (
      <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold">
        <span className="inline-flex items-center gap-1 text-accent">
          <CheckIcon className="size-4" /> {t("Search saved")}
        </span>
        <Link to={MANAGE_SAVED_SEARCHES} className="link">
          {t("Manage saved searches")}
        </Link>
      </p>
    );
  }
  return (
    <details className="save-search">
      <summary className="btn-secondary btn-small">{t("Save this search")}</summary>
      <form method="post" action="/saved-searches" className="save-search-panel">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="query" value={query} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{t("E-mail me new matches")}</legend>
          <div className="flex gap-2">
            {CHOICES.map((choice) => (
              <button
                key={choice.frequency}
                type="submit"
                name="frequency"
                value={choice.frequency}
                className="btn-secondary btn-small"
              >
                {translate(choice.label)}
              </button>
            ))}
          </div>
        </fieldset>
      </form>
    </details>
  );
}
