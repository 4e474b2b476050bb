import { describe, expect, it } from "vitest";
import { GERMAN } from "#app/modules/i18n/i18n.catalogue.de.ts";
import { createI18n, ENGLISH } from "#app/modules/i18n/i18n.ts";
import {
  areaAndPricePerArea,
  areaLabel,
  availableFromLabel,
  descriptionParagraphs,
  fromSquareMetres,
  toSquareMetres,
  totalMonthlyCost,
} from "./listing.details.ts";

describe("areas", () => {
  it("are stored in m² and shown in the site's unit: 1 ft² = 0.09290304 m²", () => {
    expect(toSquareMetres(72, "m2")).toBe(72);
    expect(toSquareMetres(1000, "ft2")).toBeCloseTo(92.90304, 4);
    expect(fromSquareMetres(92.90304, "ft2")).toBe(1000);
    // What the form shows again after a save in ft² is what the lister typed.
    expect(fromSquareMetres(toSquareMetres(775, "ft2"), "ft2")).toBe(775);
    expect(areaLabel(72, "m2", ENGLISH)).toBe("72 m²");
    expect(areaLabel(72, "ft2", ENGLISH)).toBe("775 ft²");
    expect(areaLabel(1250, "m2", createI18n({ locale: "de-DE", currency: "EUR", messages: GERMAN }))).toBe(
      "1.250 m²",
    );
  });
});

describe("costs", () => {
  const rent = { type: "rent", offer: false, regularPrice: 1500, discountedPrice: null } as const;
  it("total a rent and its charges, the discounted rent with an offer; none for a sale or no charges", () => {
    expect(totalMonthlyCost({ ...rent, monthlyCharges: 180 })).toBe(1680);
    expect(totalMonthlyCost({ ...rent, offer: true, discountedPrice: 1400, monthlyCharges: 180 })).toBe(1580);
    expect(totalMonthlyCost({ ...rent, monthlyCharges: null })).toBeNull();
    expect(totalMonthlyCost({ ...rent, type: "sale", monthlyCharges: 180 })).toBeNull();
  });
});

describe("a description", () => {
  it("is split into paragraphs on blank lines, its line breaks and markup kept as text", () => {
    expect(
      descriptionParagraphs("First line\nsecond line\n\n  \n<b>Bold</b> http://x.test\r\n\r\nLast"),
    ).toEqual(["First line\nsecond line", "<b>Bold</b> http://x.test", "Last"]);
  });
});

describe("available from", () => {
  it("says Now, or the date in LOCALE's words", () => {
    expect(availableFromLabel("now", ENGLISH)).toBe("Now");
    expect(availableFromLabel("2027-03-01", ENGLISH)).toBe("March 1, 2027");
  });
});

describe("a card's area and price per area", () => {
  const rent = { livingArea: 72, offer: false, regularPrice: 1300, discountedPrice: null };
  const euro = createI18n({ locale: "en-IE", currency: "EUR", messages: {} });

  it("says the area and the price paid per unit of it: a rent's per month", () => {
    expect(areaAndPricePerArea(rent, "m2", euro)).toBe("72 m² · €18/m²");
    // An offer's price is the discounted one.
    expect(areaAndPricePerArea({ ...rent, offer: true, discountedPrice: 1080 }, "m2", euro)).toBe(
      "72 m² · €15/m²",
    );
    const german = createI18n({ locale: "de-DE", currency: "EUR", messages: GERMAN });
    expect(areaAndPricePerArea({ ...rent, regularPrice: 450_000 }, "m2", german)).toBe(
      "72 m² · 6.250\u00a0€/m²",
    );
  });

  it("says it in ft² where the site's unit is ft², cents below ten a unit", () => {
    // 72 m² is 775 ft²: $1,300 a month is $1.68 a ft².
    expect(areaAndPricePerArea(rent, "ft2", ENGLISH)).toBe("775 ft² · $1.68/ft²");
  });

  it("says nothing without a living area", () => {
    expect(areaAndPricePerArea({ ...rent, livingArea: null }, "m2", euro)).toBeNull();
  });
});
