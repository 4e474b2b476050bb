import { type MouseEvent, type ReactNode, useEffect, useState } from "react";
import { useFetcher, useLocation, useRevalidator } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import type { IllustrationName } from "#app/components/illustration.tsx";
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
  /** The list's heading ("Places for rent"): a listing's page offers "Back to" it. */
  label: string;
  /** What an empty list shows: the spec's words ("No listings for rent"), a drawing and the next step. */
  empty: { message: string; illustration: IllustrationName; detail: string; action: ReactNode };
  /** Whether the cards say For Rent or For Sale (a list of both kinds). */
  showType?: boolean;
};

/** The pages a list has appended with Load More, kept per history entry so Back returns to the same place. */
type Appended = { more: ListingSummary[]; cursor: string | null };

/** False until a list has been on screen: the first render is hydration, which must draw what the server did. */
let hydrated = false;

/**
 * A paged list of listing cards with SPEC.md's Load More. Without JavaScript, Load More is a plain link to the
 * next page. With it, the next page comes from this route's loader (`?cursor=`) and is appended in place;
 * the cursor moves on after each page and Load More disappears when there is no further page. Coming back
 * to the list (Back from a listing) shows the pages appended before, so the scroll position is restored too.
 */
export function ListingList({ page, label, empty, showType = true }: Props) {
  const location = useLocation();
  const fetcher = useFetcher<ListingsPage>();
  const revalidator = useRevalidator();
  const storageKey = `listing-list:${location.pathname}${location.search}:${location.key}`;
  const [appended, setAppended] = useState<Appended>(
    () => restoreAppended(storageKey) ?? { more: [], cursor: page.nextCursor },
  );
  const { more, cursor } = appended;
  const loading = fetcher.state !== "idle";
  const retrying = revalidator.state !== "idle";

  useEffect(() => {
    hydrated = true;
  }, []);

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
    setAppended((shown) => ({ more: [...shown.more, ...next.listings], cursor: next.nextCursor }));
  }, [fetcher.data]);

  useEffect(() => {
    if (more.length > 0) saveAppended(storageKey, appended);
  }, [storageKey, appended, more.length]);

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
      <div aria-busy={retrying}>
        <EmptyState
          illustration="offline"
          message={FETCH_FAILED}
          detail="Check your connection, then try again."
          alert
        >
          <button
            type="button"
            className="btn-primary"
            aria-disabled={retrying || undefined}
            onClick={() => {
              if (!retrying) void revalidator.revalidate();
            }}
          >
            Retry
          </button>
        </EmptyState>
        {retrying ? <Spinner label="Loading listings" /> : null}
      </div>
    );
  }
  if (listings.length === 0) {
    return (
      <EmptyState illustration={empty.illustration} message={empty.message} detail={empty.detail}>
        {empty.action}
      </EmptyState>
    );
  }

  return (
    <>
      <ul className="listing-grid">
        {listings.map((listing, index) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            eager={index < EAGER_CARDS}
            priority={index === 0}
            listLabel={label}
            showType={showType}
          />
        ))}
      </ul>
      <p role="status" className="sr-only">
        {more.length > 0 ? `${listings.length} listings shown` : ""}
      </p>
      {loading ? <Spinner label="Loading more listings" /> : null}
      {cursor ? (
        <div className="mt-10 flex justify-center">
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

/** The pages appended to this list in this history entry, if any (never while hydrating). */
function restoreAppended(key: string): Appended | null {
  if (typeof window === "undefined" || !hydrated) return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? "null") as Appended | null;
    return saved && Array.isArray(saved.more) ? saved : null;
  } catch {
    return null;
  }
}

function saveAppended(key: string, appended: Appended) {
  try {
    sessionStorage.setItem(key, JSON.stringify(appended));
  } catch {
    // Storage full or refused (private mode): Back then shows the first page only.
  }
}
