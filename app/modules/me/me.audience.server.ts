import { sql } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import { isWellFormedId } from "#app/db/ids.ts";
import { sessionTokensOf } from "#app/modules/auth/auth.session.server.ts";
import { listingIdOfPath } from "./me.schema.ts";

// Who gets a listing's page from the page cache (decision 070). The page every visitor shares is right for a
// signed-in user too, unless they have their own part in it: its lister and the members of its agency (the
// owner's buttons, viewing times editor and figures), and someone holding a live booking of it ("Viewing
// booked", "Change time"). Those few get the page rendered for them; everyone else the shared one, with their
// hearts drawn from /me.

// A booking shows on the page while it is requested or confirmed and has not ended (listing.tsx's viewingsOf).
const LIVE_BOOKINGS = ["requested", "confirmed"] as const;

/** Who has a part of their own in a listing's page, as one version of the data has it. */
export type ListingAudience = {
  userRef: string;
  agencyId: string | null;
  /** The visitors with a live booking of it, and when each booking ends. */
  bookers: { visitorId: string; endsAt: number }[];
} | null;

/** Keeps what `read` gives for `key` while the data's version stays (the page cache's `remember`). */
export type Remember = (key: string, read: () => Promise<ListingAudience>) => Promise<ListingAudience>;

/**
 * Whether the signed-in request for `pathname` (a listing's page or its `.data`) has its own part in that page:
 * the session token's user is the listing's lister, holds a live booking of it, or belongs to its agency. It
 * chooses a page, it does not authorize: a token that names no session (or an expired one) gets the visitors'
 * page, and whatever the chosen page shows of the user is read through the session lookup as ever. An agency's
 * agents who do not list the home count as its own too: their page is rendered for them, as before, at no risk.
 *
 * Asked on every signed-in request for a listing's page, beside a cache hit of 0.1-0.3 ms, so it reads little:
 * a token's user is kept once read (a session's user never changes); the listing's lister, agency and bookers
 * through `remember`, once per version of the data (a listing's or a booking's write moves it); only an agency's
 * listing asks the database each time, whether the user is one of its members.
 */
export async function hasOwnPartOfPage(
  db: Db,
  cookieHeader: string,
  pathname: string,
  { now = Date.now(), remember = (_key, read) => read() }: { now?: number; remember?: Remember } = {},
) {
  const listingId = listingIdOfPath(pathname.replace(/\.data$/, ""));
  if (!listingId || !isWellFormedId(listingId)) return false;
  const users: string[] = [];
  for (const token of sessionTokensOf(cookieHeader)) {
    const user = isWellFormedId(token) ? await userOfToken(db, token) : null;
    if (user) users.push(user);
  }
  if (users.length === 0) return false;
  const listing = await remember(`listing audience ${listingId}`, () =>
    readListingAudience(db, listingId, now),
  );
  if (!listing) return false;
  const own = (user: string) =>
    listing.userRef === user ||
    listing.bookers.some((booking) => booking.visitorId === user && booking.endsAt > now);
  if (users.some(own)) return true;
  if (!listing.agencyId) return false;
  const member = await db
    .selectFrom("member")
    .select(sql<number>`1`.as("x"))
    .where("organizationId", "=", listing.agencyId)
    .where("userId", "in", users)
    .executeTakeFirst();
  return member !== undefined;
}

/** The listing's lister and agency, and its live bookings' visitors; null when there is no such listing. */
export async function readListingAudience(db: Db, listingId: string, now: number): Promise<ListingAudience> {
  const [listing, bookers] = await Promise.all([
    db.selectFrom("listing").select(["userRef", "agencyId"]).where("id", "=", listingId).executeTakeFirst(),
    db
      .selectFrom("showingAppointment")
      .select(["visitorId", "endsAt"])
      .where("listingId", "=", listingId)
      .where("status", "in", LIVE_BOOKINGS)
      .where("endsAt", ">", now)
      .execute(),
  ]);
  return listing ? { userRef: listing.userRef, agencyId: listing.agencyId, bookers } : null;
}

// The users of the session tokens seen, per database: a token names one session of one user for its life (a
// session signed out, or expired, still names its user here, which only ever chooses the page the lookup of
// that request then reads as a visitor's). Emptied when it holds this many.
const KEPT_TOKENS = 10_000;
const tokenUsers = new WeakMap<Db, Map<string, string>>();

async function userOfToken(db: Db, token: string) {
  let kept = tokenUsers.get(db);
  if (!kept) {
    kept = new Map();
    tokenUsers.set(db, kept);
  }
  const known = kept.get(token);
  if (known) return known;
  const row = await db.selectFrom("session").select("userId").where("token", "=", token).executeTakeFirst();
  // A token that names no session is not kept: it may be a session a replica has not received yet.
  if (!row) return null;
  if (kept.size >= KEPT_TOKENS) kept.clear();
  kept.set(token, row.userId);
  return row.userId;
}
