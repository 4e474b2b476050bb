import { type MouseEvent, useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Spinner } from "#app/components/spinner.tsx";
import { notify } from "#app/components/toaster.tsx";
import type { ListingSummary, ListingsPage } from "#app/modules/listing/listing.model.ts";
import { ListingCard } from "./listing-card.tsx";

/** Cards whose covers load at once: those visible without scrolling on a phone or a desktop. */
const EAGER_CARDS = 4;
const FETCH_FAILED = "Could not fetch listings";

type Props = {
  /** The page the route loader rendered. Give the list a `key` that changes with the list it shows. */
  page: ListingsPage;
  /** Shown when the list is empty, e.g. "No listings for rent". */
  emptyMessage: string;
};

/**
 * A paged list of listing cards with SPEC.md's Load More. Without JavaScript, Load More is a plain link to the
 * next page. With it, the next page comes from this route's loader (`?cursor=`) and is appended in place;
 * the cursor moves on after each page and Load More disappears when there is no further page.
 */
export function ListingList({ page, emptyMessage }: Props) {
  const location = useLocation();
  const fetcher = useFetcher<ListingsPage>();
  const [more, setMore] = useState<ListingSummary[]>([]);
  const [cursor, setCursor] = useState(page.nextCursor);
  const loading = fetcher.state !== "idle";

  useEffect(() => {
    if (page.failed) notify("error", FETCH_FAILED);
  }, [page.failed]);

  useEffect(() => {
    const next = fetcher.data;
    if (!next) return;
    if (next.failed) {
      // The cursor stays where it was, so Load More tries the same page again.
      notify("error", FETCH_FAILED);
      return;
    }
    setMore((shown) => [...shown, ...next.listings]);
    setCursor(next.nextCursor);
  }, [fetcher.data]);

  // A listing saved between two page loads can shift the pages; never show one twice.
  const listings = uniqueById([...page.listings, ...more]);

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (loading || !cursor) return;
    fetcher.load(`${location.pathname}?${new URLSearchParams({ cursor })}`);
  }

  if (page.failed && listings.length === 0) {
    return (
      <p role="alert" className="card text-center font-semibold text-red-800">
        {FETCH_FAILED}
      </p>
    );
  }
  if (listings.length === 0) return <p className="card text-center text-muted">{emptyMessage}</p>;

  return (
    <>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {listings.map((listing, index) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            eager={index < EAGER_CARDS}
            priority={index === 0}
          />
        ))}
      </ul>
      <p role="status" className="sr-only">
        {more.length > 0 ? `${listings.length} listings shown` : ""}
      </p>
      {loading ? <Spinner label="Loading more listings" /> : null}
      {cursor ? (
        <div className="mt-6 flex justify-center">
          {/* Stays in place while loading, so keyboard focus is not lost; the spinner above says it is busy. */}
          <a
            href={`?${new URLSearchParams({ cursor })}`}
            onClick={loadMore}
            aria-disabled={loading || undefined}
            className="btn-secondary aria-disabled:opacity-60"
          >
            Load More
          </a>
        </div>
      ) : null}
    </>
  );
}

function uniqueById(listings: ListingSummary[]) {
  const seen = new Set<string>();
  return listings.filter((listing) => !seen.has(listing.id) && seen.add(listing.id));
}
