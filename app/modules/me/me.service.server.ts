import type { Db } from "#app/db/db.server.ts";
import { mayWriteListing } from "#app/modules/agency/agency.listing.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import type { ListingRuleSet } from "#app/modules/listing/listing.country-rules.ts";
import { incompleteFields } from "#app/modules/listing/listing.country-rules.ts";
import { findListingById } from "#app/modules/listing/listing.repo.server.ts";
import { countAgencyUnreadMessages, countUnreadMessages } from "#app/modules/message/message.repo.server.ts";
import { findAllSavedIds } from "#app/modules/saved/saved-home.repo.server.ts";
import { findSavedSearches } from "#app/modules/saved/saved-search.repo.server.ts";
import { countViewsSince } from "#app/modules/stats/stats.repo.server.ts";
import { firstOfDays, WEEK_DAYS } from "#app/modules/stats/stats.rules.ts";
import type { Me, MeListing } from "./me.schema.ts";

/**
 * The signed-in `user`'s own part of a shared page: their name, unread count, saved homes and searches, and
 * whether they may manage `listingId` (with what its country's rules still require). Only the caller's data.
 */
export async function readMe(
  db: Db,
  user: SessionUser,
  listingId: string | null,
  listingRules: ListingRuleSet,
): Promise<Me> {
  const [ownUnread, agencyUnread, savedIds, searches, listing] = await Promise.all([
    countUnreadMessages(db, user.id),
    countAgencyUnreadMessages(db, user.id),
    findAllSavedIds(db, user.id),
    findSavedSearches(db, user.id),
    listingId ? ownerPart(db, user.id, listingId, listingRules) : null,
  ]);
  return {
    signedIn: true,
    name: user.name,
    unreadMessages: ownUnread + agencyUnread,
    savedIds,
    savedSearches: searches.map((search) => search.query),
    listing,
  };
}

async function ownerPart(
  db: Db,
  userId: string,
  listingId: string,
  listingRules: ListingRuleSet,
): Promise<MeListing | null> {
  const listing = await findListingById(db, listingId);
  if (!listing) return null;
  // An agency's owners and admins manage its listings as the listing agent does (decision 061).
  const owner = await mayWriteListing(db, userId, listing);
  return {
    id: listing.id,
    owner,
    missing: owner ? incompleteFields(listingRules, listing).map((field) => field.label) : [],
    viewsThisWeek: owner ? await countViewsSince(db, listing.id, firstOfDays(Date.now(), WEEK_DAYS)) : null,
  };
}
