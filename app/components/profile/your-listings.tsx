import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { CompleteListing } from "#app/components/listing/complete-listing.tsx";
import { CARD_GRID_SIZES, ListingCard } from "#app/components/listing/listing-card.tsx";
import { StatusActions } from "#app/components/listing/status-actions.tsx";
import { useDeleteListing } from "#app/components/listing/use-delete-listing.tsx";
import { ListingFigures, StatsSummary } from "#app/components/stats/listing-stats.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import type { MessageKey } from "#app/modules/i18n/i18n.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import { hideReasonLabel } from "#app/modules/moderation/moderation.rules.ts";
import type { DayFigures, StatTotals } from "#app/modules/stats/stats.rules.ts";

type Props = {
  listings: ListingSummary[];
  /** By listing id, what the site's rules require that it lacks (none for a complete listing). */
  missing?: Readonly<Record<string, readonly MessageKey[]>>;
  /** The ids of the listings the public does not see (hidden by a moderator, or the account suspended). */
  unlistedIds?: readonly string[];
  /** Of those, the moderator's reason for each hidden one, by id ("scam"). */
  hiddenReasons?: Readonly<Record<string, string>>;
  /** Of these listings, those the owner saved. */
  savedIds?: readonly string[];
  /** The last 30 days: all of them per day, and each listing's totals by id. */
  stats?: { days: readonly DayFigures[]; perListing: Readonly<Record<string, StatTotals>> };
};

/**
 * The profile's "Your Listings": the user's listings newest first, each with edit (to /edit-listing/{id}),
 * delete (after the confirmation), and its status button (Mark as let / sold / available, Renew).
 */
export function YourListings({
  listings,
  missing = {},
  unlistedIds = [],
  hiddenReasons = {},
  savedIds = [],
  stats,
}: Props) {
  const navigate = useNavigate();
  const deletion = useDeleteListing();
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  const { t, translate } = useI18n();
  const noticeOf = (id: string) => {
    if (!unlistedIds.includes(id)) return undefined;
    const reason = hiddenReasons[id];
    return reason
      ? t("Hidden by moderators: {reason}", { reason: translate(hideReasonLabel(reason)) })
      : t("Hidden by moderators");
  };

  // The deleted card's button had the focus; once it is gone the focus would fall to <body> and Tab would
  // jump to the bottom bar. The section's heading keeps the user in place.
  useEffect(() => {
    if (deletion.deleting) {
      deleted.current = true;
      return;
    }
    if (!deleted.current) return;
    deleted.current = false;
    heading.current?.focus();
  }, [deletion.deleting]);

  return (
    <section aria-labelledby="your-listings" className="mt-10">
      <h2 id="your-listings" ref={heading} tabIndex={-1} className="section-heading mb-4">
        {t("Your Listings")}
      </h2>
      {listings.length === 0 ? (
        <EmptyState
          illustration="house"
          message={t("You have no listings yet.")}
          detail={t("Sell or rent your home: publishing it with photos takes a few minutes.")}
        />
      ) : (
        <>
          {stats ? <StatsSummary days={stats.days} id="your-listings-stats" /> : null}
          <ul
            className="grid grid-cols-1 gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-3"
            aria-busy={deletion.deleting}
          >
            {listings.map((listing) => (
              <ListingCard
                key={listing.id}
                listing={listing}
                headingLevel={3}
                listLabel={t("My Profile")}
                sizes={CARD_GRID_SIZES}
                saved={savedIds.includes(listing.id)}
                onEdit={(id) => navigate(`/edit-listing/${id}`)}
                onDelete={deletion.ask}
                notice={noticeOf(listing.id)}
              >
                {stats ? <ListingFigures totals={stats.perListing[listing.id]} /> : null}
                <StatusActions listing={listing} action="/profile" className="mt-3 px-1" />
                <CompleteListing listingId={listing.id} missing={missing[listing.id] ?? []} compact />
              </ListingCard>
            ))}
          </ul>
        </>
      )}
      {deletion.dialog}
    </section>
  );
}
