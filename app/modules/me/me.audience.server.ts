import { type CompiledQuery, sql } from "kysely";
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
  const query = ownPartQuery(db);
  for (const token of sessionTokensOf(cookieHeader)) {
    if (!isWellFormedId(token)) continue;
    const parameters = query.parameters.map((value) =>
      value === TOKEN ? token : value === LISTING ? listingId : value === NOW ? now : value,
    );
    const { rows } = await db.executeQuery<{ own: unknown }>({ ...query, parameters });
    // 1 or 0 on SQLite, true or false on PostgreSQL.
    if (rows[0]?.own) return true;
  }
  return false;
}

// Asked on every signed-in request for a listing's page, beside a cache hit of 0.1-0.3 ms: the statement is
// built once per database (Kysely's building took longer than SQLite's answer), with these stand-ins for its
// values.
const TOKEN = "\u0000token";
const LISTING = "\u0000listing";
const NOW = -1;
const compiled = new WeakMap<Db, CompiledQuery>();

function ownPartQuery(db: Db) {
  let query = compiled.get(db);
  if (query) return query;
  // Each part asks for the session's user apart, uncorrelated: SQLite answers that in about 5 µs, where the
  // same read joined to the session (correlated subqueries) took 35.
  query = db
    .selectNoFrom((eb) => {
      const user = () => eb.selectFrom("session").select("userId").where("token", "=", TOKEN);
      return eb
        .or([
          eb.exists(
            eb
              .selectFrom("listing")
              .select(sql`1`.as("x"))
              .where("id", "=", LISTING)
              .where("userRef", "=", user()),
          ),
          eb.exists(
            eb
              .selectFrom("member")
              .select(sql`1`.as("x"))
              .where("userId", "=", user())
              .where(
                "organizationId",
                "=",
                eb.selectFrom("listing").select("agencyId").where("id", "=", LISTING),
              ),
          ),
          eb.exists(
            eb
              .selectFrom("showingAppointment")
              .select(sql`1`.as("x"))
              .where("visitorId", "=", user())
              .where("listingId", "=", LISTING)
              .where("status", "in", LIVE_BOOKINGS)
              .where("endsAt", ">", NOW),
          ),
        ])
        .as("own");
    })
    .compile();
  compiled.set(db, query);
  return query;
}
