import { type I18n, type MessageKey, msg } from "#app/modules/i18n/i18n.ts";
import type { EditableListing } from "#app/modules/listing/listing.model.ts";
import type { ListingForm } from "#app/modules/listing/listing.schema.ts";
import {
  type CheckedItem,
  checkFeed,
  checkItemInput,
  type FormSettings,
  listingInput,
} from "./exchange.form-input.ts";
import type { ItemPlace, ParsedFeed, Refusal } from "./exchange.model.ts";

// What an import would do, before it does anything (the dry run the user confirms, and what the real run then
// carries out): which listings are new, which change, which a full feed withdraws, which are refused and why.
// The rules that keep a bad file from emptying a lister's stock live here: a file that did not parse, or holds
// no listing, is an error, never "everything withdrawn"; a listing refused by the form is not withdrawn
// either (it is still in the file); and withdrawing more than a fifth of the lister's listings at once waits
// for an explicit confirmation.

/** More than this share of a lister's listings withdrawn in one run needs an explicit confirmation. */
export const WITHDRAWAL_SHARE_NEEDING_CONFIRMATION = 0.2;

/**
 * A listing the lister has now, by their reference: the form's data as stored, and its photos' sources; and the
 * fingerprint of the item an import last saved it from, while nothing else wrote it since (an address is kept
 * as the geocoder wrote it, so the form's data alone would differ from the item that gave it).
 */
export type CurrentListing = {
  ref: string;
  form: ListingForm;
  photoSources: string[] | null;
  fingerprint?: string | null;
};

export type ImportPlan =
  | { ok: false; error: MessageKey }
  | {
      ok: true;
      created: CheckedItem[];
      changed: CheckedItem[];
      /** The references of the listings a full feed no longer holds. */
      withdrawn: string[];
      unchanged: number;
      refused: Refusal[];
      /** More than a fifth would be withdrawn and that was not confirmed: the run must not start. */
      needsConfirmation: boolean;
    };

export const PLAN_ERRORS = {
  empty: msg("The feed holds no listings: nothing was changed"),
} as const;

/**
 * The plan for `feed` against the lister's `current` listings (by reference). `full`: the feed is the whole
 * stock, so what it no longer holds is withdrawn; `confirmWithdrawals`: the user confirmed a large withdrawal.
 */
export function planImport(
  feed: ParsedFeed,
  current: ReadonlyMap<string, CurrentListing>,
  settings: FormSettings,
  { full, confirmWithdrawals = false }: { full: boolean; confirmWithdrawals?: boolean },
): ImportPlan {
  if (!feed.ok) return feed;
  if (feed.items.length === 0 && feed.refused.length === 0) return { ok: false, error: PLAN_ERRORS.empty };
  const { items, refused } = checkFeed(feed, settings);
  const created: CheckedItem[] = [];
  const changed: CheckedItem[] = [];
  let unchanged = 0;
  for (const item of items) {
    const now = current.get(item.ref);
    if (!now) created.push(item);
    else if (isSame(item, now)) unchanged++;
    else changed.push(item);
  }
  const inFile = new Set([
    ...feed.items.map((item) => item.ref),
    ...feed.refused.flatMap((refusal) => refOf(refusal.place)),
  ]);
  const withdrawn = full ? [...current.keys()].filter((ref) => !inFile.has(ref)) : [];
  const needsConfirmation =
    !confirmWithdrawals && withdrawn.length > current.size * WITHDRAWAL_SHARE_NEEDING_CONFIRMATION;
  return { ok: true, created, changed, withdrawn, unchanged, refused, needsConfirmation };
}

function refOf(place: ItemPlace): string[] {
  return "ref" in place && place.ref ? [place.ref] : [];
}

/** Whether an item would store what the listing holds now: the same form data and the same photos. */
function isSame(item: CheckedItem, now: CurrentListing) {
  if (now.fingerprint && now.fingerprint === itemFingerprint(item)) return true;
  const { imageIds: _a, floorPlanIds: _b, ...incoming } = item.form;
  const { imageIds: _c, floorPlanIds: _d, ...stored } = now.form;
  if (JSON.stringify(sorted(incoming)) !== JSON.stringify(sorted(stored))) return false;
  if (now.photoSources === null) return true;
  const sources = [...item.photos, ...item.floorPlans].map((photo) =>
    "url" in photo ? photo.url : photo.file,
  );
  return JSON.stringify(sources) === JSON.stringify(now.photoSources);
}

/**
 * A fingerprint of what an item would store: its form data (its images' ids aside) and its photos' sources, in
 * order. Two items with the same fingerprint save the same listing.
 */
export function itemFingerprint(item: Pick<CheckedItem, "form" | "photos" | "floorPlans">) {
  const { imageIds: _a, floorPlanIds: _b, ...form } = item.form;
  const sources = [...item.photos, ...item.floorPlans].map((photo) =>
    "url" in photo ? photo.url : photo.file,
  );
  const text = JSON.stringify([sorted(form), sources]);
  return `${hash53(text, 1).toString(36)}-${hash53(text, 2).toString(36)}-${text.length.toString(36)}`;
}

/** A 53-bit string hash (cyrb53): two seeds together make an accidental match of two items unthinkable. */
function hash53(text: string, seed: number) {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function sorted(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * A listing of the lister's as a plan compares it: the form's data of what the owner entered (their exact
 * address, not the one visitors see), with its photos' sources when the import recorded them.
 */
export function currentListing(
  listing: EditableListing,
  ref: string,
  photoSources: string[] | null,
  settings: FormSettings,
): CurrentListing | null {
  const input = listingInput(listing);
  if (listing.exactPlace) {
    input.address = listing.exactPlace.location;
    input.lat = listing.exactPlace.geolocation.lat;
    input.lng = listing.exactPlace.geolocation.lng;
  }
  const caption = (image: { caption: string | null }) => ({ url: "", caption: image.caption ?? "" });
  const result = checkItemInput(
    { input, photos: listing.images.map(caption), floorPlans: listing.floorPlans.map(caption) },
    settings,
  );
  return result.success ? { ref, form: result.data, photoSources } : null;
}

/** Where a refused listing was, in words ("line 14", "listing 3 (REF-1)"). */
export function placeWords(place: ItemPlace, i18n: Pick<I18n, "t">) {
  if ("line" in place) return i18n.t("line {line}", { line: place.line });
  return place.ref
    ? i18n.t("listing {number} ({ref})", { number: place.item, ref: place.ref })
    : i18n.t("listing {number}", { number: place.item });
}

/** A refusal in words: "line 14: Living area is required". */
export function refusalWords(refusal: Refusal, i18n: Pick<I18n, "t" | "translate">) {
  return `${placeWords(refusal.place, i18n)}: ${i18n.translate(refusal.message, refusal.vars)}`;
}

/** How many refusals the summary names; the import screen lists them all. */
const REFUSALS_NAMED = 3;

/** The dry run in one line: "12 new, 3 changed, 1 withdrawn, 2 refused (line 14: Living area is required)". */
export function planSummary(plan: ImportPlan, i18n: Pick<I18n, "t" | "translate">) {
  if (!plan.ok) return i18n.translate(plan.error);
  const counts = i18n.t("{created} new, {changed} changed, {withdrawn} withdrawn, {refused} refused", {
    created: plan.created.length,
    changed: plan.changed.length,
    withdrawn: plan.withdrawn.length,
    refused: plan.refused.length,
  });
  if (plan.refused.length === 0) return counts;
  const named = plan.refused.slice(0, REFUSALS_NAMED).map((refusal) => refusalWords(refusal, i18n));
  const more = plan.refused.length > REFUSALS_NAMED ? "; …" : "";
  return `${counts} (${named.join("; ")}${more})`;
}
