import { Link } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import type { MessageKey } from "#app/modules/i18n/i18n.ts";

// "Complete this listing": what the site's country rules require that a listing saved before them (or under
// other rules) lacks, shown to its owner only, on its page and in Your Listings, with the way to the edit form.
// Visitors see the listing as it is.

type Props = { listingId: string; missing: readonly MessageKey[]; compact?: boolean };

export function CompleteListing({ listingId, missing, compact = false }: Props) {
  const { t } = useI18n();
  if (missing.length === 0) return null;
  const fields = missing.map((label) => t(label)).join(", ");
  if (compact) {
    return (
      <p className="mt-2 px-1 text-sm">
        <Link to={`/edit-listing/${listingId}`} className="link font-semibold">
          {t("Complete this listing")}
        </Link>
        <span className="text-muted"> · {t("Missing: {fields}", { fields })}</span>
      </p>
    );
  }
  return (
    <section aria-labelledby="complete-listing" className="card mb-6 border-ink bg-surface-2 p-4">
      <h2 id="complete-listing" className="text-lg font-bold">
        {t("Complete this listing")}
      </h2>
      <p className="mt-1">{t("The site's rules ask every listing for these, which this one lacks:")}</p>
      <ul className="mt-2 list-disc pl-6 font-semibold">
        {missing.map((label) => (
          <li key={label}>{t(label)}</li>
        ))}
      </ul>
      <Link to={`/edit-listing/${listingId}`} className="btn-primary mt-3 inline-flex">
        {t("Add what is missing")}
      </Link>
    </section>
  );
}
