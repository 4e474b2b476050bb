import { describe, expect, it } from "vitest";
import {
  bathroomsLabel,
  bedroomsLabel,
  discountLabel,
  formatPrice,
} from "#app/modules/listing/listing.rules.ts";
import { formatExactDate, timeAgo } from "#app/modules/listing/listing.status.ts";
import { homesCount } from "#app/modules/search/search.rules.ts";
import { GERMAN } from "./i18n.catalogue.de.ts";
import { createI18n, ENGLISH } from "./i18n.ts";

// The formats: en-US with USD writes exactly the spec's "$1,850" and "$1,850 / Month"; another locale and
// currency change the grouping, the sign and the words, never the amounts.

const GERMAN_EUR = createI18n({ locale: "de-DE", currency: "EUR", messages: GERMAN });
const rent = { type: "rent", offer: false, regularPrice: 1850, discountedPrice: null } as const;
const sale = { type: "sale", offer: false, regularPrice: 1_234_567, discountedPrice: null } as const;
const DAY = 24 * 60 * 60 * 1000;
// Intl puts a no-break space between a German amount and its sign.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

describe("prices", () => {
  it("are the spec's in en-US with USD", () => {
    expect(ENGLISH.money(1850)).toBe("$1,850");
    expect(formatPrice(rent, ENGLISH)).toBe("$1,850 / Month");
    expect(formatPrice(sale, ENGLISH)).toBe("$1,234,567");
    expect(discountLabel({ ...rent, offer: true, discountedPrice: 1800 }, ENGLISH)).toBe("$50 discount");
    expect(ENGLISH.currencySymbol).toBe("$");
  });

  it("follow LOCALE's grouping and CURRENCY's sign", () => {
    expect(plain(GERMAN_EUR.money(1850))).toBe("1.850 €");
    expect(plain(formatPrice(rent, GERMAN_EUR))).toBe("1.850 € / Monat");
    expect(plain(formatPrice(sale, GERMAN_EUR))).toBe("1.234.567 €");
    expect(plain(discountLabel({ ...rent, offer: true, discountedPrice: 1800 }, GERMAN_EUR)!)).toBe(
      "50 € Rabatt",
    );
    expect(GERMAN_EUR.currencySymbol).toBe("€");
    // A currency alone changes only the sign: English words, American grouping.
    const euros = createI18n({ locale: "en-US", currency: "EUR", messages: {} });
    expect(formatPrice(rent, euros)).toBe("€1,850 / Month");
  });
});

describe("plurals through Intl.PluralRules", () => {
  it("in English", () => {
    expect(bedroomsLabel(1, ENGLISH)).toBe("1 Bedroom");
    expect(bedroomsLabel(3, ENGLISH)).toBe("3 Bedrooms");
    expect(bathroomsLabel(1, ENGLISH)).toBe("1 Bathroom");
    expect(bathroomsLabel(2, ENGLISH)).toBe("2 Bathrooms");
    expect(homesCount(1, ENGLISH)).toBe("1 home");
    expect(homesCount(1000, ENGLISH)).toBe("1,000 homes");
    expect(homesCount(1001, ENGLISH)).toBe("Over 1,000 homes");
  });

  it("in German", () => {
    expect(bedroomsLabel(1, GERMAN_EUR)).toBe("1 Schlafzimmer");
    expect(bedroomsLabel(3, GERMAN_EUR)).toBe("3 Schlafzimmer");
    expect(bathroomsLabel(1, GERMAN_EUR)).toBe("1 Badezimmer");
    expect(homesCount(1000, GERMAN_EUR)).toBe("1.000 Zuhause");
    expect(homesCount(1001, GERMAN_EUR)).toBe("Über 1.000 Zuhause");
  });
});

describe("dates", () => {
  const now = Date.UTC(2026, 10, 20, 12);
  it("say how long ago in LOCALE's words", () => {
    expect(timeAgo(now - 3 * DAY, now, ENGLISH)).toBe("3 days ago");
    expect(timeAgo(now - DAY, now, ENGLISH)).toBe("yesterday");
    expect(timeAgo(now - 3 * DAY, now, GERMAN_EUR)).toBe("vor 3 Tagen");
    expect(timeAgo(now - DAY, now, GERMAN_EUR)).toBe("gestern");
  });

  it("write the exact moment day first in English, as LOCALE does otherwise", () => {
    expect(formatExactDate(Date.UTC(2026, 10, 12, 14, 5), ENGLISH)).toBe("12 November 2026 at 14:05 UTC");
    expect(formatExactDate(Date.UTC(2026, 10, 12, 14, 5), GERMAN_EUR)).toBe("12. November 2026 um 14:05 UTC");
  });
});

describe("texts", () => {
  it("fill {name} placeholders, and fall back to the English key when a text has no translation", () => {
    expect(GERMAN_EUR.t("Contact {name}", { name: "Ada" })).toBe("Ada kontaktieren");
    expect(ENGLISH.t("Contact {name}", { name: "Ada" })).toBe("Contact Ada");
    expect(GERMAN_EUR.translate("Listing saved")).toBe("Inserat gespeichert");
    expect(GERMAN_EUR.translate("A text from elsewhere")).toBe("A text from elsewhere");
  });

  it("show English, with the locale's formats, for a language without a catalogue", () => {
    const french = createI18n({ locale: "fr-FR", currency: "EUR", messages: {} });
    expect(bedroomsLabel(3, french)).toBe("3 Bedrooms");
    expect(bedroomsLabel(1, french)).toBe("1 Bedroom");
    expect(plain(formatPrice(rent, french))).toBe("1 850 € / Month");
  });
});
