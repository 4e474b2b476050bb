import { useSyncExternalStore } from "react";
import type { MessageKey } from "#app/modules/i18n/i18n.ts";
import { type Me, mePath } from "#app/modules/me/me.schema.ts";

// The signed-in user's part of the pages every visitor shares (decision 070), in the browser: what /me said
// last. The inline script in <head> asks for it before React loads (window.__homesteadMe) and keeps a copy in
// sessionStorage for the next page of the tab; the root's clientLoader asks again on every navigation, and
// the heart updates it when a home is saved or unsaved. The server's HTML and the hydration know none of it
// (the server snapshot is null); React draws it right after.

/** Where the last answer of /me is kept for the tab's next page (read by the inline script too). */
export const ME_STORAGE_KEY = "homestead.me";
/** Set while the last answer of /me in this browser was someone signed in: no data, only that fact. */
export const MEMBER_HINT_KEY = "homestead.member";

declare global {
  interface Window {
    __homesteadMe?: Promise<Me | null>;
    __homesteadPaint?: (me: Me) => void;
  }
}

let current: Me | null = null;
let started = false;
const listeners = new Set<() => void>();

function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  try {
    current = JSON.parse(sessionStorage.getItem(ME_STORAGE_KEY) ?? "null") as Me | null;
  } catch {
    current = null;
  }
  void window.__homesteadMe?.then((me) => {
    if (me) setMe(me);
  });
}

function setMe(me: Me) {
  current = me;
  try {
    sessionStorage.setItem(ME_STORAGE_KEY, JSON.stringify(me));
  } catch {
    // Storage may be full or refused (private mode): the next page asks /me again, that is all.
  }
  window.__homesteadPaint?.(me);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What /me said last in this tab; null on the server, during hydration and before any answer. */
export function usePersonal(): Me | null {
  return useSyncExternalStore(
    subscribe,
    () => {
      start();
      return current;
    },
    () => null,
  );
}

/** Asks /me again (a navigation, a sign-in or out), for the listing page `listingId` if it is one. */
export async function refreshPersonal(listingId: string | null) {
  try {
    const response = await fetch(mePath(listingId), { headers: { accept: "application/json" } });
    if (response.ok) setMe((await response.json()) as Me);
  } catch {
    // Offline: the page keeps what it knew.
  }
}

/** Records that a home was saved or unsaved here, so every heart of it (and the next page) agrees. */
export function setSavedLocally(listingId: string, saved: boolean) {
  start();
  if (!current?.signedIn) return;
  const others = current.savedIds.filter((id) => id !== listingId);
  setMe({ ...current, savedIds: saved ? [...others, listingId] : others });
}

/**
 * Whether the viewer manages the listing `listingId`, what its country's rules still require and its views this
 * week: the loader's answer on a page rendered for them (as its lister's and agency's always is), else /me's.
 */
export function useListingOwner(listingId: string, rendered: OwnerPart): OwnerPart {
  const me = usePersonal();
  if (rendered.owner || !me?.signedIn || me.listing?.id !== listingId) return rendered;
  const { owner, missing, viewsThisWeek } = me.listing;
  return { owner, missing, viewsThisWeek };
}

type OwnerPart = { owner: boolean; missing: readonly MessageKey[]; viewsThisWeek: number | null };
