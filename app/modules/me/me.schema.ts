import type { MessageKey } from "#app/modules/i18n/i18n.ts";

// What /me answers (decision 070): the part of a shared page that belongs to the signed-in user. Safe for the
// browser; the server fills it in me.service.server.ts.

/**
 * The owner's part of a listing's page: Edit, Delete, the status buttons, "Complete this listing" and "124 views
 * this week" (null for anyone else).
 */
export type MeListing = { id: string; owner: boolean; missing: MessageKey[]; viewsThisWeek: number | null };

/** The signed-in user's own data for the page they are on, or that nobody is signed in. */
export type Me =
  | { signedIn: false }
  | {
      signedIn: true;
      name: string;
      unreadMessages: number;
      /** Every home they saved (at most MAX_SAVED_HOMES): the hearts of any page. */
      savedIds: string[];
      /** Their saved searches' queries, canonical (normalizeSearchQuery): "Search saved" on a list. */
      savedSearches: string[];
      /** The listing named by `?listing=`, when it exists. */
      listing: MeListing | null;
    };

/** The path of the personal request; `listingId`: the listing page it is asked for. */
export function mePath(listingId?: string | null) {
  return listingId ? `/me?${new URLSearchParams({ listing: listingId })}` : "/me";
}

/** The listing a listing page's path names (`/category/rent/<id>`), or null on any other page. */
export function listingIdOfPath(pathname: string) {
  return /^\/category\/(?:rent|sale)\/([^/.]+)$/.exec(pathname)?.[1] ?? null;
}
