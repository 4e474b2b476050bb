// What saved homes and saved searches tell the user, and their limits (safe for the browser).

/** At most this many saved homes per user. */
export const MAX_SAVED_HOMES = 1000;
/** At most this many saved searches per user. */
export const MAX_SAVED_SEARCHES = 50;
/** /saved shows this many homes at a time. */
export const SAVED_PAGE_SIZE = 12;

/** Where a user manages their saved searches (how often each alerts, delete). */
export const MANAGE_SAVED_SEARCHES = "/profile#saved-searches";

export const SAVED_MESSAGES = {
  tooManyHomes: "You have saved 1,000 homes, the most you can keep. Remove one to save another.",
  tooManySearches: "You have saved 50 searches, the most you can keep. Delete one to save another.",
  homeSaved: "Saved",
  homeUnsaved: "Removed from your saved homes",
  searchSaved: "Search saved. New matches will be e-mailed to you.",
  searchDeleted: "Saved search deleted",
  notFound: "Listing does not exist",
  homeAlertsSet: "E-mails about your saved homes updated",
} as const;

/** What a saved home's listing is now: on the market, or gone from it. */
export type SavedHomeStatus = "available" | "let" | "sold" | "removed";

/** The badge a saved home shows, or null while it is on the market. */
export function savedHomeStatusLabel(status: SavedHomeStatus) {
  if (status === "let") return "Let";
  if (status === "sold") return "Sold";
  if (status === "removed") return "Removed";
  return null;
}
