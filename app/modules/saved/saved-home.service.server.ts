import type { RouterContextProvider } from "react-router";
import type { Db } from "#app/db/db.server.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { InvalidError, NotFoundError } from "#app/http/errors.ts";
import { getUser, isSignedIn } from "#app/modules/auth/auth.session.server.ts";
import { countListingEvent } from "#app/modules/stats/stats.repo.server.ts";
import { MAX_SAVED_HOMES, SAVED_MESSAGES } from "./saved.rules.ts";
import {
  countSavedHomes,
  deleteSavedHome,
  findSavedIds,
  insertSavedHome,
  isListingIdShape,
  setSavedHomeAlertFrequency,
} from "./saved-home.repo.server.ts";
import { FREQUENCIES } from "./saved-search.repo.server.ts";

/**
 * Saves or unsaves a home for the signed-in `userId`. Refuses a listing that does not exist and a 1,001st home.
 * The cap is a count of what the user keeps, not a rate (app/modules/limits counts rates).
 */
export async function setHomeSaved(
  db: Db,
  userId: string,
  listingId: string,
  saved: boolean,
  now = Date.now(),
) {
  if (!isListingIdShape(listingId)) throw new NotFoundError(SAVED_MESSAGES.notFound);
  if (!saved) {
    await deleteSavedHome(db, userId, listingId);
    return;
  }
  const already = await findSavedIds(db, userId, [listingId]);
  if (already.length > 0) return;
  if ((await countSavedHomes(db, userId)) >= MAX_SAVED_HOMES) {
    throw new InvalidError({}, SAVED_MESSAGES.tooManyHomes);
  }
  // A home newly saved counts for its lister's statistics, in the same transaction as the save.
  const outcome = await db.transaction().execute(async (trx) => {
    const saved = await insertSavedHome(trx, userId, listingId, now);
    if (saved === "saved") await countListingEvent(trx, listingId, "saves", now);
    return saved;
  });
  if (outcome === "missing") throw new NotFoundError(SAVED_MESSAGES.notFound);
}

/**
 * Of the listings a page shows, those the viewer saved (their hearts are pressed). A visitor's pages ask
 * nothing of the database (decision 026).
 */
export async function savedIdsForViewer(
  context: Readonly<RouterContextProvider>,
  request: Request,
  db: Db,
  listingIds: string[],
): Promise<string[]> {
  if (listingIds.length === 0 || !(await isSignedIn(context, request))) return [];
  const user = await getUser(context);
  return user ? findSavedIds(db, user.id, listingIds) : [];
}

/** Sets how often `userId` hears of their saved homes' price drops, lets and sales; refuses an unknown one. */
export async function setSavedHomeAlerts(db: Db, userId: string, frequency: string) {
  if (!FREQUENCIES.includes(frequency as AlertFrequency)) {
    throw new InvalidError({ frequency: "Choose instant, daily, weekly or off" });
  }
  await setSavedHomeAlertFrequency(db, userId, frequency as AlertFrequency);
}
