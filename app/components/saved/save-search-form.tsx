import { useI18n } from "#app/components/use-i18n.ts";
/**
 * "Save this search": a plain form posting the list's filters (a /search query string) to /saved-searches,
 * which saves them and comes back here with a toast. No script: it ships almost nothing to the list pages.
 */
export function SaveSearchForm({ query, redirectTo }: { query: string; redirectTo: string }) {
  const { t } = useI18n();
  return (
    <form method="post" action="/saved-searches">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="query" value={query} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="btn-secondary btn-small">
        {t("Save this search")}
      </button>
    </form>
  );
}
