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

/**
 * Whether the signed-in request for `pathname` (a listing's page or its `.data`) has its own part in that page.
 * One indexed read: the session's user, then the listing's lister and agency, and their live bookings of it.
 * It chooses a page, it does not authorize: a token that names no session (or an expired one) gets the visitors'
 * page, and whatever the chosen page shows of the user is read through the session lookup as ever. An agency's
 * agents who do not list the home count as its own too: their page is rendered for them, as before, at no risk.
 */
export async function hasOwnPartOfPage(db: Db, cookieHeader: string, pathname: string, now = Date.now()) {
  const listingId = listingIdOfPath(pathname.replace(/\.data$/, ""));
  if (!listingId || !isWellFormedId(listingId)) return false;
  const tokens = sessionTokensOf(cookieHeader).filter(isWellFormedId);
  if (tokens.length === 0) return false;
  const row = await db
    .selectFrom("session as s")
    .select(sql<number>`1`.as("own"))
    .where("s.token", "in", tokens)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("listing as l")
            .select(sql`1`.as("x"))
            .where("l.id", "=", listingId)
            .where((inner) =>
              inner.or([
                inner("l.userRef", "=", inner.ref("s.userId")),
                inner(
                  "l.agencyId",
                  "in",
                  inner
                    .selectFrom("member as m")
                    .select("m.organizationId")
                    .whereRef("m.userId", "=", "s.userId"),
                ),
              ]),
            ),
        ),
        eb.exists(
          eb
            .selectFrom("showingAppointment as b")
            .select(sql`1`.as("x"))
            .whereRef("b.visitorId", "=", "s.userId")
            .where("b.listingId", "=", listingId)
            .where("b.status", "in", LIVE_BOOKINGS)
            .where("b.endsAt", ">", now),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
