import type { RouterContextProvider } from "react-router";
import type { Db } from "#app/db/db.server.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { InvalidError, NotFoundError } from "#app/http/errors.ts";
import { getUser, isSignedIn } from "#app/modules/auth/auth.session.server.ts";
import { MAX_SAVED_SEARCHES, SAVED_MESSAGES } from "./saved.rules.ts";
import { normalizeSearchQuery } from "./saved-search.filter.ts";
import {
  countSavedSearches,
  deleteSavedSearch,
  FREQUENCIES,
  findSavedSearchIdByQuery,
  insertSavedSearch,
  updateSavedSearchFrequency,
} from "./saved-search.repo.server.ts";

const NOT_FOUND = "This saved search does not exist";

/**
 * Saves the search of a page's query string for `userId`, alerting at `frequency` (the same search twice is
 * one, at the frequency chosen last). Refuses a 51st. The cap is a count of what the user keeps, not a rate
 * (app/modules/limits counts rates). The route requires a verified address first: alerts send e-mail.
 */
export async function saveSearch(
  db: Db,
  userId: string,
  pageQuery: string,
  now = Date.now(),
  frequency: AlertFrequency = "instant",
) {
  const query = normalizeSearchQuery(pageQuery);
  const existing = await findSavedSearchIdByQuery(db, userId, query);
  if (existing) {
    await updateSavedSearchFrequency(db, userId, existing, frequency, now);
    return existing;
  }
  if ((await countSavedSearches(db, userId)) >= MAX_SAVED_SEARCHES) {
    throw new InvalidError({}, SAVED_MESSAGES.tooManySearches);
  }
  return insertSavedSearch(db, userId, query, now, frequency);
}

/** Whether the one looking at a list has saved its search (a page query string); false for a visitor. */
export async function isSearchSavedByViewer(
  context: Readonly<RouterContextProvider>,
  request: Request,
  db: Db,
  pageQuery: string,
) {
  if (!(await isSignedIn(context, request))) return false;
  const user = await getUser(context);
  return user ? Boolean(await findSavedSearchIdByQuery(db, user.id, normalizeSearchQuery(pageQuery))) : false;
}

/** Sets how often a search of `userId` alerts. */
export async function setSearchFrequency(db: Db, userId: string, id: string, frequency: string) {
  if (!FREQUENCIES.includes(frequency as AlertFrequency)) {
    throw new InvalidError({ frequency: "Choose instant, daily, weekly or off" });
  }
  if (!(await updateSavedSearchFrequency(db, userId, id, frequency as AlertFrequency))) {
    throw new NotFoundError(NOT_FOUND);
  }
}

/** Deletes a search of `userId`. */
export async function removeSavedSearch(db: Db, userId: string, id: string) {
  if (!(await deleteSavedSearch(db, userId, id))) throw new NotFoundError(NOT_FOUND);
}
