import { describe, expect, it } from "vitest";
import {
  COUNTRY_RULES,
  checkCountryRules,
  incompleteFields,
  LISTING_RULE_SETS,
  type ListingRuleSet,
  missingFields,
  type RuleValues,
} from "./listing.country-rules.ts";
import { classesAtLeast, ENERGY_CLASSES, SCALE_BER, scaleColours } from "./listing.energy.ts";
import { validateListingForm } from "./listing.schema.ts";

// Each country's table: the energy scale, the fields its law requires (and when), the rating on the scale.

/** A listing with nothing but what every listing needs: a flat with a description and its living area. */
function values(overrides: Partial<Record<keyof RuleValues, unknown>> = {}): RuleValues {
  return {
    type: "rent",
    propertyType: "flat",
    description: "A bright flat by the park, with a balcony.",
    livingArea: 72,
    plotArea: null,
    yearBuilt: null,
    deposit: null,
    monthlyCharges: null,
    energyCertificate: null,
    energyRating: null,
    energyUse: null,
    energyCertificateType: null,
    energySource: null,
    ghgRating: null,
    energyCostMin: null,
    energyCostMax: null,
    tenure: null,
    councilTaxBand: null,
    ...overrides,
  } as RuleValues;
}

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (colour: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const c = Number.parseInt(colour.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const missing = (rules: ListingRuleSet, overrides: Parameters<typeof values>[0] = {}) =>
  missingFields(rules, values(overrides));

describe("the energy scales", () => {
  it("are the site's: A to G without rules and in France and the UK, A+ to H in Germany, the BER in Ireland", () => {
    expect(COUNTRY_RULES.none.scale).toEqual(["A", "B", "C", "D", "E", "F", "G"]);
    expect(COUNTRY_RULES.fr.scale).toEqual(COUNTRY_RULES.none.scale);
    expect(COUNTRY_RULES.gb.scale).toEqual(COUNTRY_RULES.none.scale);
    expect(COUNTRY_RULES.de.scale).toEqual(["A+", "A", "B", "C", "D", "E", "F", "G", "H"]);
    expect(COUNTRY_RULES.ie.scale).toEqual(SCALE_BER);
    expect(SCALE_BER.join(" ")).toBe("A1 A2 A3 B1 B2 B3 C1 C2 C3 D1 D2 E1 E2 F G");
  });

  it("are each in the one order of every class, best first", () => {
    for (const rules of LISTING_RULE_SETS) {
      const positions = COUNTRY_RULES[rules].scale.map((step) => ENERGY_CLASSES.indexOf(step));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
  });

  it("match a class and every better one for minEnergy", () => {
    expect(classesAtLeast("C")).toEqual(["A+", "A", "A1", "A2", "A3", "B", "B1", "B2", "B3", "C"]);
    expect(classesAtLeast("A+")).toEqual(["A+"]);
    expect(classesAtLeast("H")).toEqual([...ENERGY_CLASSES]);
    const ber = classesAtLeast("B2").filter((step) => (SCALE_BER as readonly string[]).includes(step));
    expect(ber).toEqual(["A1", "A2", "A3", "B1", "B2"]);
  });

  it("colour each step from green to red, one colour a step", () => {
    for (const rules of LISTING_RULE_SETS) {
      const colours = scaleColours(COUNTRY_RULES[rules].scale);
      expect(colours).toHaveLength(COUNTRY_RULES[rules].scale.length);
      expect(new Set(colours).size).toBe(colours.length);
      expect(colours[0]).toBe("#14a44d");
      expect(colours.at(-1)).toBe("#ef4136");
      // The letter on each bar (near-black, #111) at AA contrast.
      for (const colour of colours) expect(contrast(colour, "#111111"), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("the country tables", () => {
  it("none: description, property type and living area (plot area for land), nothing about energy", () => {
    expect(missing("none")).toEqual([]);
    expect(missing("none", { description: null, propertyType: null, livingArea: null })).toEqual([
      "description",
      "propertyType",
      "livingArea",
    ]);
    expect(missing("none", { type: "sale", propertyType: "land", livingArea: null })).toEqual(["plotArea"]);
  });

  it("de: with a certificate its type, energy value, main energy source, year built and class", () => {
    expect(missing("de")).toEqual([
      "energyCertificate",
      "energyCertificateType",
      "energyRating",
      "energyUse",
      "energySource",
      "yearBuilt",
    ]);
    expect(missing("de", { energyCertificate: "exempt" })).toEqual([]);
    expect(missing("de", { energyCertificate: "appliedFor" })).toEqual([]);
    expect(
      missing("de", {
        energyCertificate: "certificate",
        energyRating: "A+",
        energyCertificateType: "demand",
        energyUse: 38,
        energySource: "heatPump",
        yearBuilt: 2021,
      }),
    ).toEqual([]);
    // Land has no building to rate.
    expect(missing("de", { type: "sale", propertyType: "land", livingArea: null, plotArea: 800 })).toEqual(
      [],
    );
  });

  it("fr: DPE and GES classes and the yearly energy cost; a rent's charges and deposit", () => {
    expect(missing("fr")).toEqual([
      "energyCertificate",
      "energyRating",
      "ghgRating",
      "energyCostMin",
      "energyCostMax",
      "monthlyCharges",
      "deposit",
    ]);
    expect(missing("fr", { type: "sale", energyCertificate: "exempt" })).toEqual([]);
    expect(missing("fr", { energyCertificate: "exempt" })).toEqual(["monthlyCharges", "deposit"]);
    const labels = incompleteFields("fr", values({ type: "sale", energyRating: "D", ghgRating: "C" }));
    // The cost's two ends are one thing to complete.
    expect(labels.map((field) => field.label)).toEqual(["Yearly energy cost"]);
  });

  it("gb: the EPC; a sale's tenure and council tax band; a rent's deposit and council tax band", () => {
    expect(missing("gb", { type: "sale" })).toEqual([
      "energyCertificate",
      "energyRating",
      "tenure",
      "councilTaxBand",
    ]);
    expect(missing("gb")).toEqual(["energyCertificate", "energyRating", "councilTaxBand", "deposit"]);
    expect(missing("gb", { energyRating: "C", councilTaxBand: "D", deposit: 1500 })).toEqual([]);
  });

  it("ie: the BER, or why there is none", () => {
    expect(missing("ie")).toEqual(["energyCertificate", "energyRating"]);
    expect(missing("ie", { energyRating: "B2" })).toEqual([]);
    expect(missing("ie", { energyCertificate: "appliedFor" })).toEqual([]);
  });

  it("gives every country requirement its reason, and says each requirement of the law once", () => {
    for (const rules of LISTING_RULE_SETS) {
      for (const requirement of COUNTRY_RULES[rules].required) {
        const everyListing = ["description", "propertyType", "livingArea", "plotArea"].includes(
          requirement.field,
        );
        expect(requirement.reason === undefined, `${rules} ${requirement.field}`).toBe(everyListing);
      }
    }
    expect(COUNTRY_RULES.de.required.find((r) => r.field === "energyRating")?.reason).toBe(
      "Required in Germany by GEG §87",
    );
  });

  it("refuses a rating off the site's scale, naming the scale", () => {
    const told: [string, string][] = [];
    checkCountryRules("ie", values({ energyRating: "C" }), (field, message) => told.push([field, message]));
    expect(told).toEqual([["energyRating", "Choose an energy rating from A1 to G"]]);
    told.length = 0;
    checkCountryRules(
      "de",
      values({
        energyRating: "H",
        energyCertificateType: "consumption",
        energyUse: 260,
        energySource: "oil",
        yearBuilt: 1962,
      }),
      (field, message) => told.push([field, message]),
    );
    expect(told).toEqual([]);
  });
});

describe("a listing form under country rules", () => {
  const form = (fields: Record<string, unknown>) => ({
    type: "rent",
    name: "Sunny flat near park",
    bedrooms: "2",
    bathrooms: "1",
    parking: "false",
    furnished: "furnished",
    description: "A sunny flat near the park, with a balcony and a renewed kitchen.",
    propertyType: "flat",
    livingArea: "72",
    address: "12 Rue de Rivoli, Paris",
    offer: "false",
    regularPrice: "1500",
    imageIds: ["a1"],
    ...fields,
  });

  it("is refused with a message naming each missing field, then accepted once they are given", () => {
    const refused = validateListingForm(form({}), 6, "de");
    expect(refused.success).toBe(false);
    expect(!refused.success && refused.errors).toMatchObject({
      energyCertificate: "Energy certificate is required: give the rating, or say why there is none",
      energyRating: "Energy rating is required",
      energyCertificateType: "Certificate type is required",
      energyUse: "Energy use is required",
      energySource: "Main energy source is required",
      yearBuilt: "Year built is required",
    });
    const accepted = validateListingForm(
      form({
        energyRating: "B",
        energyCertificateType: "demand",
        energyUse: "72.5",
        energySource: "districtHeating",
        yearBuilt: "1999",
      }),
      6,
      "de",
    );
    expect(accepted.success && accepted.data).toMatchObject({
      energyCertificate: "certificate",
      energyRating: "B",
      energyUse: 72.5,
    });
  });

  it("names the missing fields along with the form's own refusals", () => {
    const refused = validateListingForm(form({ name: "" }), 6, "ie");
    expect(!refused.success && refused.errors).toMatchObject({
      name: "Name is required",
      energyRating: "Energy rating is required",
    });
  });

  it("drops a certificate's details when the home is exempt", () => {
    const result = validateListingForm(
      form({ energyCertificate: "exempt", energyRating: "C", energyUse: "90" }),
      6,
      "gb",
    );
    expect(result.success).toBe(false);
    const exempt = validateListingForm(
      form({
        energyCertificate: "exempt",
        energyRating: "C",
        energyUse: "90",
        deposit: "1500",
        councilTaxBand: "B",
      }),
      6,
      "gb",
    );
    expect(exempt.success && exempt.data).toMatchObject({
      energyCertificate: "exempt",
      energyRating: null,
      energyUse: null,
    });
  });
});
