import type { ExpressionBuilder } from "kysely";
import type { Database } from "#app/db/schema.ts";

// Which listings the public sees, in two steps:
// - `whereVisible`: the listing's page is public: not hidden by a moderator, its owner (its listing agent) not
//   suspended, and the agency it is published as (if any) not suspended (decision 064).
//   Otherwise only its owner (marked, in Profile) and the administrators (/admin) see it; others get a 404.
// - `whereListed`: it is also in every public list (categories, offers, Explore, search, the sitemap, feeds,
//   alerts): visible, available (not marked let or sold by its owner) and not hidden as expired for want of
//   its owner's confirmation (decision 040). A let, sold or expired listing keeps its page, which says the home is
//   no longer available.
// Add any new condition here, never in a query of its own.

/** Keeps only the listings whose page the public may see; `.where(whereVisible)` on the listing table. */
export function whereVisible(eb: ExpressionBuilder<Database, "listing">) {
  return eb.and([eb("listing.hiddenAt", "is", null), ownerNotSuspended(eb), agencyNotSuspended(eb)]);
}

/** Keeps only the listings of the public lists; `.where(whereListed)` on a query of the listing table. */
export function whereListed(eb: ExpressionBuilder<Database, "listing">) {
  // The owner's suspension last: SQLite checks a walked index entry's conditions in this order, and the
  // others are read from the entry itself while that one looks up the user table.
  return eb.and([
    eb("listing.hiddenAt", "is", null),
    eb("listing.status", "=", "available"),
    eb("listing.expiredAt", "is", null),
    ownerNotSuspended(eb),
    agencyNotSuspended(eb),
  ]);
}

function ownerNotSuspended(eb: ExpressionBuilder<Database, "listing">) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("user")
        .select("user.id")
        .whereRef("user.id", "=", "listing.userRef")
        .where("user.banned", "=", true),
    ),
  );
}

// An agency listing whose agency is suspended is off. Asked first whether any agency is suspended at all (one
// uncorrelated lookup in the partial index organization_suspended_idx, run once per query): while none is, no
// row's agencyId is read, so the sort indexes' walks (which do not hold agencyId, decision 045) read no more
// rows than before.
function agencyNotSuspended(eb: ExpressionBuilder<Database, "listing">) {
  const suspended = eb
    .selectFrom("organization")
    .select("organization.id")
    .where("organization.suspendedAt", "is not", null);
  return eb.or([
    eb.not(eb.exists(suspended)),
    eb("listing.agencyId", "is", null),
    eb.not(eb.exists(suspended.whereRef("organization.id", "=", "listing.agencyId"))),
  ]);
}
