import { Link } from "react-router";
import { ListingFigures, StatsSummary } from "#app/components/stats/listing-stats.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import type { DayFigures, StatTotals } from "#app/modules/stats/stats.rules.ts";

type AgencyListing = { id: string; name: string; path: string; agentName: string | null; editable: boolean };

type Stats = { days: readonly DayFigures[]; perListing: Readonly<Record<string, StatTotals>> };

/**
 * The agency's listings, every agent's, each with its listing agent, its last 30 days' figures and, where the
 * viewer may, Edit; above them the figures of them all.
 */
export function AgencyListings({ listings, stats }: { listings: AgencyListing[]; stats?: Stats }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="agency-listings">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="agency-listings" className="section-heading">
          {t("Listings")} ({listings.length})
        </h2>
        <Link to="/create-listing" className="link">
          {t("Create a Listing")}
        </Link>
      </div>
      {listings.length === 0 ? (
        <p className="text-muted">{t("No listings yet")}</p>
      ) : (
        <>
          {stats ? <StatsSummary days={stats.days} id="agency-listings-stats" /> : null}
          <ul className="card divide-y divide-line p-0">
            {listings.map((listing) => (
              <li key={listing.id} className="flex flex-wrap items-center gap-3 p-4">
                <div className="min-w-0 grow">
                  <Link to={listing.path} className="link font-semibold">
                    {listing.name}
                  </Link>
                  <p className="text-sm text-muted">{listing.agentName ?? t("Former member")}</p>
                  {stats ? <ListingFigures totals={stats.perListing[listing.id]} className="" /> : null}
                </div>
                {listing.editable ? (
                  <Link
                    to={`/edit-listing/${listing.id}`}
                    className="btn-secondary btn-small"
                    aria-label={t("Edit {name}", { name: listing.name })}
                  >
                    {t("Edit")}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
