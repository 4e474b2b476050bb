import { type MessageKey, msg } from "#app/modules/i18n/i18n.ts";
import { type EnergyClass, SCALE_A_TO_G, SCALE_BER, SCALE_GERMANY } from "./listing.energy.ts";
import type { Listing } from "./listing.model.ts";

// What a country's law asks every listing to say (LISTING_RULES), one table per country: the site's energy
// scale, and each required field with the reason the form shows beside it and the condition under which it is
// required. The form marks them, the browser and the server refuse a save that lacks one with a message naming
// it (listing.schema.ts), and a listing saved before (or under other rules) shows its owner "Complete this
// listing" with what it lacks. Safe for the browser.

export const LISTING_RULE_SETS = ["none", "de", "fr", "gb", "ie"] as const;
export type ListingRuleSet = (typeof LISTING_RULE_SETS)[number];

/**
 * When a requirement applies: with an energy certificate (not exempt, not applied for), to a rent or a sale
 * only, to land or to a building (anything but land: an energy rating is a building's).
 */
export type RequirementCondition = "certificate" | "rent" | "sale" | "land" | "building";

/** The fields a country may require (the form's names; columns of the listing table). */
export type RequiredField =
  | "description"
  | "propertyType"
  | "livingArea"
  | "plotArea"
  | "yearBuilt"
  | "deposit"
  | "monthlyCharges"
  | "energyCertificate"
  | "energyRating"
  | "energyUse"
  | "energyCertificateType"
  | "energySource"
  | "ghgRating"
  | "energyCostMin"
  | "energyCostMax"
  | "tenure"
  | "councilTaxBand";

export type Requirement = {
  field: RequiredField;
  /** Why: shown beside the field ("Required in Germany by GEG §87"); none for what every listing needs. */
  reason?: MessageKey;
  /** Required only when every one of these holds. */
  when?: readonly RequirementCondition[];
};

export type CountryRules = {
  /** The energy rating's scale on this site, best first. */
  scale: readonly EnergyClass[];
  required: readonly Requirement[];
  /** How the page names a rent's costs: Germany's Kaltmiete and Warmmiete, France's "charges comprises". */
  rentCosts: "plain" | "de" | "fr";
};

/** What every listing says, whatever the country: every portal and feed asks for them. */
const EVERY_LISTING: readonly Requirement[] = [
  { field: "description" },
  { field: "propertyType" },
  { field: "livingArea", when: ["building"] },
  { field: "plotArea", when: ["land"] },
];

// The EU's Energy Performance of Buildings Directive (Art. 12(4)) has every sale or rent advert give the
// certificate's rating; a building that needs none (or whose certificate is on its way) says so instead.
const GEG = msg("Required in Germany by GEG §87");
const DPE = msg("Required in France by the Code de la construction, art. L126-33");
const ALUR = msg("Required in France for rent adverts by the loi ALUR");
const EPC = msg("Required in the UK by the Energy Performance of Buildings Regulations");
const MATERIAL = msg("Required in the UK as material information (tenure, council tax)");
const BER = msg("Required in Ireland by the BER regulations (S.I. 243/2012)");

/**
 * The details only one country's law asks for, which the form offers only on that country's site (Germany's
 * certificate type and energy source, France's GES class and energy cost, the UK's tenure and council tax band).
 */
export const COUNTRY_DETAILS = {
  none: [],
  de: ["energyCertificateType", "energySource"],
  fr: ["ghgRating", "energyCostMin", "energyCostMax"],
  gb: ["tenure", "councilTaxBand"],
  ie: [],
} as const satisfies Record<ListingRuleSet, readonly RequiredField[]>;

/** Every country's own details, for what must leave out those of the other countries. */
export const ALL_COUNTRY_DETAILS = Object.values(COUNTRY_DETAILS).flat();

export const COUNTRY_RULES: Record<ListingRuleSet, CountryRules> = {
  none: { scale: SCALE_A_TO_G, required: EVERY_LISTING, rentCosts: "plain" },
  de: {
    scale: SCALE_GERMANY,
    required: [
      ...EVERY_LISTING,
      { field: "energyCertificate", reason: GEG, when: ["building"] },
      { field: "energyCertificateType", reason: GEG, when: ["building", "certificate"] },
      { field: "energyRating", reason: GEG, when: ["building", "certificate"] },
      { field: "energyUse", reason: GEG, when: ["building", "certificate"] },
      { field: "energySource", reason: GEG, when: ["building", "certificate"] },
      { field: "yearBuilt", reason: GEG, when: ["building", "certificate"] },
    ],
    rentCosts: "de",
  },
  fr: {
    scale: SCALE_A_TO_G,
    required: [
      ...EVERY_LISTING,
      { field: "energyCertificate", reason: DPE, when: ["building"] },
      { field: "energyRating", reason: DPE, when: ["building", "certificate"] },
      { field: "ghgRating", reason: DPE, when: ["building", "certificate"] },
      { field: "energyCostMin", reason: DPE, when: ["building", "certificate"] },
      { field: "energyCostMax", reason: DPE, when: ["building", "certificate"] },
      { field: "monthlyCharges", reason: ALUR, when: ["rent"] },
      { field: "deposit", reason: ALUR, when: ["rent"] },
    ],
    rentCosts: "fr",
  },
  gb: {
    scale: SCALE_A_TO_G,
    required: [
      ...EVERY_LISTING,
      { field: "energyCertificate", reason: EPC, when: ["building"] },
      { field: "energyRating", reason: EPC, when: ["building", "certificate"] },
      { field: "tenure", reason: MATERIAL, when: ["sale"] },
      { field: "councilTaxBand", reason: MATERIAL, when: ["building"] },
      { field: "deposit", reason: MATERIAL, when: ["rent"] },
    ],
    rentCosts: "plain",
  },
  ie: {
    scale: SCALE_BER,
    required: [
      ...EVERY_LISTING,
      { field: "energyCertificate", reason: BER, when: ["building"] },
      { field: "energyRating", reason: BER, when: ["building", "certificate"] },
    ],
    rentCosts: "plain",
  },
};

/** The message of a save that lacks a required field: it names the field. */
export const REQUIRED_MESSAGES: Record<RequiredField, MessageKey> = {
  description: msg("Description is required"),
  propertyType: msg("Choose the property type"),
  livingArea: msg("Living area is required"),
  plotArea: msg("Plot area is required for land"),
  yearBuilt: msg("Year built is required"),
  deposit: msg("Deposit is required"),
  monthlyCharges: msg("Monthly charges are required"),
  energyCertificate: msg("Energy certificate is required: give the rating, or say why there is none"),
  energyRating: msg("Energy rating is required"),
  energyUse: msg("Energy use is required"),
  energyCertificateType: msg("Certificate type is required"),
  energySource: msg("Main energy source is required"),
  ghgRating: msg("Greenhouse gas class (GES) is required"),
  energyCostMin: msg("Yearly energy cost is required"),
  energyCostMax: msg("Yearly energy cost is required"),
  tenure: msg("Tenure is required"),
  councilTaxBand: msg("Council tax band is required"),
};

/** The fields' names as a list of what a listing lacks shows them ("Complete this listing"). */
export const REQUIRED_LABELS: Record<RequiredField, MessageKey> = {
  description: msg("Description"),
  propertyType: msg("Property type"),
  livingArea: msg("Living area"),
  plotArea: msg("Plot area"),
  yearBuilt: msg("Year built"),
  deposit: msg("Deposit"),
  monthlyCharges: msg("Monthly charges"),
  energyCertificate: msg("Energy certificate"),
  energyRating: msg("Energy rating"),
  energyUse: msg("Energy use"),
  energyCertificateType: msg("Certificate type"),
  energySource: msg("Main energy source"),
  ghgRating: msg("Greenhouse gas class (GES)"),
  energyCostMin: msg("Yearly energy cost"),
  energyCostMax: msg("Yearly energy cost"),
  tenure: msg("Tenure"),
  councilTaxBand: msg("Council tax band"),
};

/** What the requirements read of a listing or a form. */
export type RuleValues = Pick<Listing, "type" | "propertyType"> & {
  [Field in RequiredField]: unknown;
} & { energyCertificate: string | null };

/** Whether the home has (or is taken to have) a certificate: neither exempt nor applied for. */
function hasCertificate(values: Pick<RuleValues, "energyCertificate">) {
  return values.energyCertificate !== "exempt" && values.energyCertificate !== "appliedFor";
}

function holds(
  condition: RequirementCondition,
  values: Pick<RuleValues, "type" | "propertyType" | "energyCertificate">,
) {
  switch (condition) {
    case "certificate":
      return hasCertificate(values);
    case "rent":
    case "sale":
      return values.type === condition;
    case "land":
      return values.propertyType === "land";
    case "building":
      return values.propertyType !== "land";
  }
}

/** The requirements that apply in `values`' case (the form marks those fields); `reason` says why, if it says. */
export function requirementsFor(
  rules: ListingRuleSet,
  values: Pick<RuleValues, "type" | "propertyType" | "energyCertificate">,
): Requirement[] {
  return COUNTRY_RULES[rules].required.filter((requirement) =>
    (requirement.when ?? []).every((condition) => holds(condition, values)),
  );
}

/**
 * The required fields `values` leaves empty (a certificate counts as given when its rating is), each once, in
 * the table's order.
 */
export function missingFields(rules: ListingRuleSet, values: RuleValues): RequiredField[] {
  const missing = requirementsFor(rules, values)
    .map((requirement) => requirement.field)
    .filter((field) => {
      if (field === "energyCertificate")
        return values.energyCertificate === null && values.energyRating === null;
      const value = values[field];
      return value === null || value === undefined || value === "";
    });
  return [...new Set(missing)];
}

/**
 * What a save must satisfy beyond the form's own rules: every required field given, and the rating on the
 * site's scale. Each failure is told to `detail` with its field and message.
 */
export function checkCountryRules(
  rules: ListingRuleSet,
  values: RuleValues,
  detail: (field: RequiredField, message: MessageKey) => void,
) {
  const { scale } = COUNTRY_RULES[rules];
  if (values.energyRating !== null && !scale.includes(values.energyRating as EnergyClass)) {
    detail("energyRating", SCALE_MESSAGES[rules]);
  }
  for (const field of missingFields(rules, values)) detail(field, REQUIRED_MESSAGES[field]);
}

/** A rating outside the site's scale. */
const SCALE_MESSAGES: Record<ListingRuleSet, MessageKey> = {
  none: msg("Choose an energy rating from A to G"),
  fr: msg("Choose an energy rating from A to G"),
  gb: msg("Choose an energy rating from A to G"),
  de: msg("Choose an energy rating from A+ to H"),
  ie: msg("Choose an energy rating from A1 to G"),
};

/**
 * A listing's missing fields under the site's rules, for "Complete this listing": its owner sees them on its
 * page and in Your Listings; everyone else sees the listing as it is.
 */
export function incompleteFields(
  rules: ListingRuleSet,
  listing: RuleValues,
): { field: RequiredField; label: MessageKey }[] {
  const seen = new Set<MessageKey>();
  return missingFields(rules, listing).flatMap((field) => {
    const label = REQUIRED_LABELS[field];
    if (seen.has(label)) return [];
    seen.add(label);
    return [{ field, label }];
  });
}
