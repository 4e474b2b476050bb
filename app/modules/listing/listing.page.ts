import type { ListingSummary } from "./listing.summary.ts";

// A page of a paged list (category or offers) as its route loader returns it, shared by server and browser.

/** One page of cards, the cursor of the next page, and whether fetching it failed ("Could not fetch listings"). */
export type ListingsPageData = { listings: ListingSummary[]; nextCursor: string | null; failed: boolean };

/** What a list shows when its page could not be fetched: nothing, no Load More, and the error flag. */
export const FAILED_PAGE: ListingsPageData = { listings: [], nextCursor: null, failed: true };

/**
 * Runs a route's server loader from the browser (navigations and Load More) and turns a network failure into
 * the failed page, so the list shows the spec's toast instead of the error page. Responses the server chose
 * to throw (404 for an unknown category) still reach the error boundary.
 */
export async function orFailedPage<T extends ListingsPageData>(
  serverLoader: () => Promise<T>,
  fallback: Omit<T, keyof ListingsPageData>,
): Promise<T> {
  try {
    return await serverLoader();
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    return { ...fallback, ...FAILED_PAGE } as T;
  }
}

function isThrownResponse(error: unknown) {
  return (
    error instanceof Response ||
    (typeof error === "object" && error !== null && "status" in error && "internal" in error)
  );
}
