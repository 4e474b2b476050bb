import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { FAILED_PAGE, type ListingsPageData } from "./listing.page.ts";
import { decodeCursor, findListingsPage, type ListingFilter } from "./listing.repo.server.ts";
import { toListingSummary } from "./listing.summary.ts";

/**
 * The page of a category or of the offers that starts after `cursor` (the first page without one, or when the
 * cursor was tampered with). A database failure is logged and shown as "Could not fetch listings", not as a 500.
 */
export async function loadListingsPage(
  db: Db,
  filter: ListingFilter,
  cursor: string | null,
): Promise<ListingsPageData> {
  try {
    const page = await findListingsPage(db, filter, decodeCursor(cursor));
    return { listings: page.listings.map(toListingSummary), nextCursor: page.nextCursor, failed: false };
  } catch (error) {
    logger.error({ err: error, filter }, "could not fetch listings");
    return FAILED_PAGE;
  }
}
