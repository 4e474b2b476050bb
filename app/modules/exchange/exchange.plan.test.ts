import { describe, expect, it } from "vitest";
import { GERMAN } from "#app/modules/i18n/i18n.catalogue.de.ts";
import { createI18n } from "#app/modules/i18n/i18n.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { exportItem, RENT_LISTING, SALE_LISTING } from "#tests/support/exchange-listings.ts";
import { parseListingsCsv, writeListingsCsv } from "./exchange.csv.ts";
import type { FormSettings } from "./exchange.form-input.ts";
import { parseKyeroFeed } from "./exchange.kyero.ts";
import { FEED_ERRORS, type ParsedFeed } from "./exchange.model.ts";
import {
  type CurrentListing,
  currentListing,
  PLAN_ERRORS,
  planImport,
  planSummary,
} from "./exchange.plan.ts";

// The dry run's rules (tier: unit): an empty or broken feed is an error and never withdraws anything; a refused
// listing is not withdrawn; more than a fifth withdrawn waits for a confirmation; unchanged listings count as
// nothing.

const SETTINGS: FormSettings = { photosMax: 6, rules: "none", areaUnit: "m2" };
const english = createI18n({ locale: "en-GB", currency: "EUR", messages: {} });
const bytes = (text: string) => new TextEncoder().encode(text);

const files = new WeakMap<object, string>();

/** A CSV feed of these listings by reference. */
function feedOf(listings: [string, Listing][]): ParsedFeed {
  const csv = writeListingsCsv(listings.map(([ref, listing]) => exportItem(listing, ref)));
  const feed = parseListingsCsv(bytes(csv));
  files.set(feed, csv);
  return feed;
}

/** The lines of the file a feed was read from. */
const csvLines = (feed: ParsedFeed) => (files.get(feed) ?? "").split(/\r?\n/);

/** The lister's current listings by reference, as the feed's items would store them. */
function currentOf(listings: [string, Listing][]) {
  const current = new Map<string, CurrentListing>();
  for (const [ref, listing] of listings) {
    const item = exportItem(listing, ref);
    const sources = [...item.photos, ...item.floorPlans].map((photo) => photo.url);
    const images = item.photos.map((photo, index) => ({
      id: `${index}`,
      storageKey: "k",
      width: 1,
      height: 1,
      caption: photo.caption,
    }));
    const plans = item.floorPlans.map((plan, index) => ({
      id: `p${index}`,
      storageKey: "k",
      width: 1,
      height: 1,
      caption: plan.caption,
    }));
    const now = currentListing(
      { ...listing, images, floorPlans: plans, exactPlace: null },
      ref,
      sources,
      SETTINGS,
    );
    if (!now) throw new Error(`${ref} is not a valid listing`);
    current.set(ref, now);
  }
  return current;
}

const stock = (count: number): [string, Listing][] =>
  Array.from({ length: count }, (_, index) => [`REF-${index + 1}`, index % 2 ? SALE_LISTING : RENT_LISTING]);

describe("an import's plan", () => {
  it("is an error for a broken or empty feed, never everything withdrawn", () => {
    const current = currentOf(stock(3));
    const broken = parseKyeroFeed(bytes("<root><kyero>"));
    expect(planImport(broken, current, SETTINGS, { full: true })).toEqual({
      ok: false,
      error: FEED_ERRORS.notXml,
    });
    const empty = parseKyeroFeed(bytes("<root><kyero><feed_version>3</feed_version></kyero></root>"));
    expect(planImport(empty, current, SETTINGS, { full: true })).toEqual({
      ok: false,
      error: PLAN_ERRORS.empty,
    });
    expect(planImport(feedOf([]), current, SETTINGS, { full: true })).toEqual({
      ok: false,
      error: PLAN_ERRORS.empty,
    });
  });

  it("counts new, changed, withdrawn and refused, and nothing for what did not change", () => {
    const current = currentOf(stock(10));
    const changed = { ...RENT_LISTING, regularPrice: 1500 };
    const noArea = { ...RENT_LISTING, livingArea: null };
    const feed = feedOf(
      [...stock(10).slice(0, 8), ["REF-1", changed], ["NEW-1", SALE_LISTING], ["NEW-2", noArea]].filter(
        ([ref], index) => !(ref === "REF-1" && index === 0),
      ) as [string, Listing][],
    );
    const plan = planImport(feed, current, SETTINGS, { full: true });
    if (!plan.ok) throw new Error(plan.error);
    expect({
      created: plan.created.map((item) => item.ref),
      changed: plan.changed.map((item) => item.ref),
      withdrawn: plan.withdrawn,
      unchanged: plan.unchanged,
      needsConfirmation: plan.needsConfirmation,
    }).toEqual({
      created: ["NEW-1"],
      changed: ["REF-1"],
      withdrawn: ["REF-9", "REF-10"],
      unchanged: 7,
      needsConfirmation: false,
    });
    // The refused row's own line in the file (rows span several lines: a photo a line).
    const line = plan.refused[0]?.place && "line" in plan.refused[0].place ? plan.refused[0].place.line : 0;
    expect(feed.ok && csvLines(feed)[line - 1]?.startsWith("NEW-2,")).toBe(true);
    expect(planSummary(plan, english)).toBe(
      `1 new, 1 changed, 2 withdrawn, 1 refused (line ${line}: Living area is required)`,
    );
    const german = createI18n({ locale: "de-DE", currency: "EUR", messages: GERMAN });
    expect(planSummary(plan, german)).toBe(
      `1 neu, 1 geändert, 2 zurückgezogen, 1 abgelehnt (Zeile ${line}: Wohnfläche ist erforderlich)`,
    );
  });

  it("changes nothing for the same file twice", () => {
    const listings = stock(4);
    const plan = planImport(feedOf(listings), currentOf(listings), SETTINGS, { full: true });
    expect(
      plan.ok && [plan.created.length, plan.changed.length, plan.withdrawn.length, plan.unchanged],
    ).toEqual([0, 0, 0, 4]);
  });

  it("does not withdraw a listing the file holds but the form refuses", () => {
    const current = currentOf(stock(2));
    const feed = feedOf([
      ["REF-1", RENT_LISTING],
      ["REF-2", { ...SALE_LISTING, livingArea: null }],
    ]);
    const plan = planImport(feed, current, SETTINGS, { full: true });
    expect(plan.ok && plan.withdrawn).toEqual([]);
    expect(plan.ok && plan.refused).toHaveLength(1);
  });

  it("needs a confirmation to withdraw more than a fifth of the listings", () => {
    const current = currentOf(stock(10));
    const sevenKept = feedOf(stock(10).slice(0, 7));
    const plan = planImport(sevenKept, current, SETTINGS, { full: true });
    expect(plan.ok && [plan.withdrawn.length, plan.needsConfirmation]).toEqual([3, true]);
    const confirmed = planImport(sevenKept, current, SETTINGS, { full: true, confirmWithdrawals: true });
    expect(confirmed.ok && confirmed.needsConfirmation).toBe(false);
    const twoGone = planImport(feedOf(stock(10).slice(0, 8)), current, SETTINGS, { full: true });
    expect(twoGone.ok && twoGone.needsConfirmation).toBe(false);
    const partial = planImport(feedOf(stock(10).slice(0, 1)), current, SETTINGS, { full: false });
    expect(partial.ok && [partial.withdrawn.length, partial.needsConfirmation]).toEqual([0, false]);
  });

  it("refuses both listings of a duplicated reference", () => {
    const feed = feedOf([
      ["DUP", RENT_LISTING],
      ["DUP", SALE_LISTING],
    ]);
    const plan = planImport(feed, new Map(), SETTINGS, { full: false });
    expect(plan.ok && planSummary(plan, english)).toBe(
      "0 new, 0 changed, 0 withdrawn, 2 refused (line 2: The reference DUP appears more than once; line 5: The reference DUP appears more than once)",
    );
  });
});
