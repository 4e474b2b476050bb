import { type MouseEvent, type ReactNode, useEffect, useState } from "react";
import { useFetcher, useLocation, useRevalidator } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import type { IllustrationName } from "#app/components/illustration.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { notify } from "#app/components/toaster.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import type { ListingSummary, ListingsPage } from "#app/modules/listing/listing.model.ts";
import { ListingCard } from "./listing-card.tsx";
import { LoadMoreLink } from "./load-more-link.tsx";

/** Cards whose covers load at once: those visible without scrolling on a phone or a desktop. */
const EAGER_CARDS = 4;

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
type Appended = { more: ListingSummary[]; cursor: string | null; savedIds?: string[] };

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
  const { t } = useI18n();
  const fetchFailed = t("Could not fetch listings");
  const fetcher = useFetcher<ListingsPage>();
  const revalidator = useRevalidator();
  const storageKey = `listing-list:${location.pathname}${location.search}:${location.key}`;
  const [appended, setAppended] = useState<Appended>(
    () => restoreAppended(storageKey) ?? { more: [], cursor: page.nextCursor },
  );
  const { more, cursor } = appended;
  // The last Load More failed: the cards stay, and Retry beside Load More asks for that page again.
  const [loadFailed, setLoadFailed] = useState(false);
  const loading = fetcher.state !== "idle";
  const retrying = revalidator.state !== "idle";

  useEffect(() => {
    hydrated = true;
  }, []);

  useEffect(() => {
    if (page.failed) notify("error", fetchFailed);
  }, [page.failed, fetchFailed]);

  useEffect(() => {
    const next = fetcher.data;
    if (!next) return;
    if (next.failed) {
      // The cursor stays where it was, so Load More (or Retry) tries the same page again.
      notify("error", fetchFailed);
      setLoadFailed(true);
      return;
    }
    setLoadFailed(false);
    setAppended((shown) => ({
      more: [...shown.more, ...next.listings],
      cursor: next.nextCursor,
      savedIds: [...(shown.savedIds ?? []), ...(next.savedIds ?? [])],
    }));
  }, [fetcher.data, fetchFailed]);

  useEffect(() => {
    if (more.length > 0) saveAppended(storageKey, appended);
  }, [storageKey, appended, more.length]);

  // A listing saved between two page loads can shift the pages; never show one twice.
  const listings = uniqueById([...page.listings, ...more]);
  const savedIds = new Set([...(page.savedIds ?? []), ...(appended.savedIds ?? [])]);

  function fetchNextPage() {
    if (loading || !cursor) return;
    fetcher.load(`${location.pathname}?${nextPageSearch(location.search, cursor)}`);
  }

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    fetchNextPage();
  }

  if (page.failed && listings.length === 0) {
    return (
      <div aria-busy={retrying}>
        <EmptyState
          illustration="offline"
          message={fetchFailed}
          detail={t("Check your connection, then try again.")}
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
            {t("Retry")}
          </button>
        </EmptyState>
        {retrying ? <Spinner label={t("Loading listings")} /> : null}
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
            saved={savedIds.has(listing.id)}
          />
        ))}
      </ul>
      <p role="status" className="sr-only">
        {more.length > 0 ? t("{count} listings shown", { count: listings.length }) : ""}
      </p>
      {loading ? <Spinner label={t("Loading more listings")} /> : null}
      {cursor ? (
        <LoadMoreLink
          href={`?${nextPageSearch(location.search, cursor)}`}
          loading={loading}
          onClick={loadMore}
          failed={loadFailed && !loading}
          onRetry={fetchNextPage}
        />
      ) : null}
    </>
  );
}

/** The next page's query: the list's own filters and sort, and the cursor. */
function nextPageSearch(search: string, cursor: string) {
  const params = new URLSearchParams(search);
  params.set("cursor", cursor);
  return params.toString();
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
