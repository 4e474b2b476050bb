import { describe, expect, it } from "vitest";
import { createI18n, ENGLISH } from "#app/modules/i18n/i18n.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  categoryHeading,
  discountAmount,
  discountLabel,
  effectivePrice,
  formatPrice,
  isListingType,
  listingPath,
  nameWithPrice,
  pinPrice,
  priceParts,
  regularPriceLabel,
  typeLabel,
} from "./listing.rules.ts";

const rent = { type: "rent", offer: false, regularPrice: 1500, discountedPrice: null } as const;
const sale = { type: "sale", offer: false, regularPrice: 450_000, discountedPrice: null } as const;

describe("prices (SPEC.md section 9: $, comma thousands, discounted price on offer, / Month for rent)", () => {
  it.each([
    [0, "0"],
    [50, "50"],
    [999, "999"],
    [1000, "1,000"],
    [1500, "1,500"],
    [450_000, "450,000"],
    [1_234_567, "1,234,567"],
    [750_000_000, "750,000,000"],
  ])("formats %i as %s", (value, text) => {
    expect(ENGLISH.number(value)).toBe(text);
  });

  it("adds / Month to a rent and nothing to a sale", () => {
    expect(formatPrice(rent, ENGLISH)).toBe("$1,500 / Month");
    expect(formatPrice(sale, ENGLISH)).toBe("$450,000");
  });

  it("shows the discounted price when there is an offer", () => {
    expect(formatPrice({ ...rent, offer: true, discountedPrice: 1450 }, ENGLISH)).toBe("$1,450 / Month");
    expect(formatPrice({ ...sale, offer: true, discountedPrice: 400_000 }, ENGLISH)).toBe("$400,000");
    expect(effectivePrice({ ...sale, offer: true, discountedPrice: 400_000 })).toBe(400_000);
  });

  it("ignores a stored discounted price without an offer", () => {
    expect(formatPrice({ ...rent, discountedPrice: 1000 }, ENGLISH)).toBe("$1,500 / Month");
  });

  it("splits the price into the amount and the suffix that stays with it", () => {
    expect(priceParts(rent, ENGLISH)).toEqual({ amount: "$1,500", suffix: " / Month" });
    expect(priceParts({ ...sale, offer: true, discountedPrice: 400_000 }, ENGLISH)).toEqual({
      amount: "$400,000",
      suffix: "",
    });
    const { amount, suffix } = priceParts({ ...rent, offer: true, discountedPrice: 1450 }, ENGLISH);
    expect(amount + suffix).toBe(formatPrice({ ...rent, offer: true, discountedPrice: 1450 }, ENGLISH));
  });

  it("strikes through the regular price of an offer only", () => {
    expect(regularPriceLabel({ ...sale, offer: true, discountedPrice: 400_000 }, ENGLISH)).toBe("$450,000");
    expect(regularPriceLabel(sale, ENGLISH)).toBeNull();
    expect(regularPriceLabel({ ...rent, discountedPrice: 1000 }, ENGLISH)).toBeNull();
  });

  it("puts the name before the price on the detail page", () => {
    expect(nameWithPrice({ ...rent, name: "Sunny flat near the park" }, ENGLISH)).toBe(
      "Sunny flat near the park - $1,500 / Month",
    );
    expect(
      nameWithPrice({ ...sale, name: "Stone house", offer: true, discountedPrice: 425_500 }, ENGLISH),
    ).toBe("Stone house - $425,500");
  });
});

describe("discount (SPEC.md: $ {regular minus discounted} discount)", () => {
  it("is the regular minus the discounted price, with comma thousands", () => {
    expect(discountAmount({ ...rent, offer: true, discountedPrice: 1450 })).toBe(50);
    expect(discountLabel({ ...rent, offer: true, discountedPrice: 1450 }, ENGLISH)).toBe("$50 discount");
    expect(discountLabel({ ...sale, offer: true, discountedPrice: 400_000 }, ENGLISH)).toBe(
      "$50,000 discount",
    );
    expect(
      discountLabel({ ...sale, regularPrice: 750_000_000, offer: true, discountedPrice: 50 }, ENGLISH),
    ).toBe("$749,999,950 discount");
  });

  it("is absent without an offer", () => {
    expect(discountAmount(rent)).toBeNull();
    expect(discountLabel(rent, ENGLISH)).toBeNull();
    expect(discountLabel({ ...rent, discountedPrice: 1000 }, ENGLISH)).toBeNull();
  });
});

describe("room counts", () => {
  it.each([
    [1, "1 Bedroom", "1 Bathroom"],
    [2, "2 Bedrooms", "2 Bathrooms"],
    [3, "3 Bedrooms", "3 Bathrooms"],
    [50, "50 Bedrooms", "50 Bathrooms"],
  ])("%i is %s and %s", (count, bedrooms, bathrooms) => {
    expect(bedroomsLabel(count, ENGLISH)).toBe(bedrooms);
    expect(bathroomsLabel(count, ENGLISH)).toBe(bathrooms);
  });
});

describe("types and categories", () => {
  it("labels the type", () => {
    expect(typeLabel("rent", ENGLISH)).toBe("For Rent");
    expect(typeLabel("sale", ENGLISH)).toBe("For Sale");
  });

  it("heads a category list: rent, otherwise sale (SPEC.md)", () => {
    expect(categoryHeading("rent", ENGLISH)).toBe("Places for rent");
    expect(categoryHeading("sale", ENGLISH)).toBe("Places for sale");
    expect(categoryHeading("anything", ENGLISH)).toBe("Places for sale");
  });

  it("knows only rent and sale as categories", () => {
    expect(isListingType("rent")).toBe(true);
    expect(isListingType("sale")).toBe(true);
    expect(isListingType("Rent")).toBe(false);
    expect(isListingType("offers")).toBe(false);
    expect(isListingType(undefined)).toBe(false);
  });

  it("links a listing to /category/{type}/{id}", () => {
    expect(listingPath({ type: "sale", id: "abc-123" })).toBe("/category/sale/abc-123");
  });
});

describe("a map pin's price: short, what the searcher pays", () => {
  const rent = { type: "rent" as const, offer: false, regularPrice: 1250, discountedPrice: null };
  const sale = { type: "sale" as const, offer: false, regularPrice: 450_000, discountedPrice: null };
  it("is whole below 10,000 and the locale's short form above, without / Month", () => {
    const euro = createI18n({ locale: "en-IE", currency: "EUR", messages: {} });
    const pound = createI18n({ locale: "en-GB", currency: "GBP", messages: {} });
    const german = createI18n({ locale: "de-DE", currency: "EUR", messages: {} });
    expect(pinPrice(rent, euro)).toBe("€1,250");
    expect(pinPrice(sale, pound)).toBe("£450k");
    expect(pinPrice({ ...sale, regularPrice: 1_250_000 }, ENGLISH)).toBe("$1.25M");
    expect(pinPrice(sale, german)).toBe("450.000\u00a0€");
  });
  it("shows the offer's price", () => {
    expect(pinPrice({ ...rent, offer: true, discountedPrice: 990 }, ENGLISH)).toBe("$990");
  });
});
