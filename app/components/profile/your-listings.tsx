import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { CARD_GRID_SIZES, ListingCard } from "#app/components/listing/listing-card.tsx";
import { useDeleteListing } from "#app/components/listing/use-delete-listing.tsx";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";

type Props = { listings: ListingSummary[] };

/**
 * The profile's "Your Listings": the user's listings newest first, each with edit (to /edit-listing/{id}) and
 * delete (after the confirmation).
 */
export function YourListings({ listings }: Props) {
  const navigate = useNavigate();
  const deletion = useDeleteListing();
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

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
        Your Listings
      </h2>
      {listings.length === 0 ? (
        <EmptyState
          illustration="house"
          message="You have no listings yet."
          detail="Sell or rent your home: publishing it with photos takes a few minutes."
        />
      ) : (
        <ul
          className="grid grid-cols-1 gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy={deletion.deleting}
        >
          {listings.map((listing) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              headingLevel={3}
              listLabel="My Profile"
              sizes={CARD_GRID_SIZES}
              onEdit={(id) => navigate(`/edit-listing/${id}`)}
              onDelete={deletion.ask}
            />
          ))}
        </ul>
      )}
      {deletion.dialog}
    </section>
  );
}
