// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import { msg } from "#app/modules/i18n/i18n.ts";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import {
  CERTIFICATE_TYPES,
  COUNCIL_TAX_BANDS,
  ENERGY_CERTIFICATES,
  ENERGY_CLASSES,
  ENERGY_SOURCES,
  SCALE_A_TO_G,
  TENURES,
} from "./listing.energy.ts";
import { LISTING_COLUMNS } from "./listing.fields.ts";
import { CONDITIONS, FURNISHING, type ListingType, PETS, PROPERTY_TYPES } from "./listing.model.ts";
import { parseTour, TOUR_MESSAGE } from "./listing.tour.ts";

// The rules of what a listing tells about the home, part of the listing form's schema (listing.schema.ts):
// each detail's field, the rules between them (a room is only let, land needs its plot area, a floor is not
// above the building's floors), and the costs kept for the listing's own type. Browser-safe, as the form.

/** "" (an empty input) becomes undefined, digits become a number; anything else is left for zod to refuse. */
export function toNumber(value: unknown) {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/** Forms send "true"/"false"; the service may also be called with real booleans. */
export function toBoolean(value: unknown) {
  if (value === "true") return true;
  if (value === "false") return false;
  return value;
}

/** "" or nothing becomes null (an optional field left empty); anything else is left for the schema. */
function emptyToNull(value: unknown) {
  if (value === undefined || value === null) return null;
  return typeof value === "string" && value.trim() === "" ? null : value;
}

/** An optional whole number: empty is null, else in range with `message`. */
function optionalWhole(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => toNumber(emptyToNull(value) ?? undefined) ?? null,
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );
}

/** The largest area the form takes in either unit (the stored limits are in m², listing.fields.ts). */
const AREA_INPUT_MAX = 100_000_000;

/** An optional area in the site's unit (stored in m², converted by the service): a positive number. */
function optionalArea(message: string) {
  return z.preprocess(
    (value) => toNumber(emptyToNull(value) ?? undefined) ?? null,
    z.number({ error: message }).positive(message).max(AREA_INPUT_MAX, message).nullable(),
  );
}

/** An optional choice of `values`: empty is null. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(emptyToNull, z.enum(values, { error: message }).nullable());
}

/** An optional Yes/No (a check box): not sent is null. */
const optionalYesNo = (message: string) =>
  z.preprocess((value) => toBoolean(emptyToNull(value)), z.boolean({ error: message }).nullable());

/** A description's text: plain, its line breaks and tabs allowed. */
const isPlainParagraphs = (value: string) => isPlainText(value.replace(/[\n\r\t]/g, " "));

/** The latest year built a listing may give: a home may be sold before it is finished. */
export function latestYearBuilt(now = new Date()) {
  return now.getUTCFullYear() + 5;
}

/** availableFrom: "now" or a real date, YYYY-MM-DD. */
function isAvailableFrom(value: string) {
  return value === "now" || isDate(value);
}

/** A real date, YYYY-MM-DD (not 2027-02-30). */
export function isDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The messages of the details' rules, word for word as the form shows them. */
export const DETAIL_MESSAGES = {
  descriptionRequired: msg("Description is required"),
  descriptionShort: msg("Description must be at least 30 characters"),
  descriptionLong: msg("Description must be at most 5,000 characters"),
  descriptionControl: msg("Description can not contain control characters"),
  propertyType: msg("Choose the property type"),
  roomForSale: msg("A room can only be let: choose Rent or another property type"),
  landForRent: msg("Land can only be sold: choose Sell or another property type"),
  livingAreaRequired: msg("Living area is required"),
  plotAreaRequired: msg("Plot area is required for land"),
  area: msg("Enter the area as a number greater than 0"),
  rooms: msg("Rooms must be a whole number between 1 and 100"),
  roomsFewerThanBedrooms: msg("Rooms can not be fewer than bedrooms"),
  yearBuilt: msg("Year built must be between 1500 and five years from now"),
  condition: msg("Choose the condition"),
  floor: msg("Floor must be a whole number between -5 and 200"),
  floorsTotal: msg("Floors in building must be a whole number between 1 and 200"),
  floorAboveFloors: msg("Floor can not be above the floors in the building"),
  yesNo: msg("Choose Yes or No"),
  availableFrom: msg("Available from must be a date or Now"),
  leaseMonths: msg("Minimum lease must be a whole number of months between 1 and 120"),
  money: msg("Enter a whole amount, 0 or more"),
  pets: msg("Choose whether pets are allowed"),
  furnished: msg("Choose how furnished the home is"),
  tour: TOUR_MESSAGE,
  energyCertificate: msg("Choose whether the home has an energy certificate"),
  energyRating: msg("Choose the energy rating"),
  energyUse: msg("Energy use must be a number between 0 and 2,000"),
  energyValidUntil: msg("Certificate valid until must be a date"),
  energyCertificateType: msg("Choose the certificate type"),
  energySource: msg("Choose the main energy source"),
  ghgRating: msg("Choose the greenhouse gas class"),
  energyCostOrder: msg("The yearly energy cost's lower end can not be above its upper end"),
  tenure: msg("Choose the tenure"),
  councilTaxBand: msg("Choose the council tax band"),
} as const;

/** A rent's terms and costs, which a sale does not have, and a sale's service charge, which a rent does not. */
const NO_RENT_COSTS = {
  availableFrom: null,
  leaseMonths: null,
  deposit: null,
  monthlyCharges: null,
  heatingIncluded: null,
} as const;
const NO_SALE_COSTS = { serviceCharge: null, tenure: null } as const;
/** What only a certificate gives: a home that is exempt, or whose certificate is applied for, has none yet. */
const NO_CERTIFICATE = {
  energyRating: null,
  energyUse: null,
  energyValidUntil: null,
  energyCertificateType: null,
} as const;

/** The largest deposit: the largest price. */
const PRICE_MAX = LISTING_COLUMNS.regularPrice.max;

/** The details' fields of the listing form (furnishing among them); the form's other fields are its own. */
export const DETAIL_SHAPE = {
  // "true"/"false": the Yes/No of forms older than the three choices.
  furnished: z.preprocess(
    (value) =>
      value === "true" || value === true
        ? "furnished"
        : value === "false" || value === false
          ? "unfurnished"
          : value,
    z.enum(FURNISHING, { error: DETAIL_MESSAGES.furnished }),
  ),
  // Missing is empty and the type's own choice is checked with the form (superRefine): either is a message
  // beside its field, while the form's other rules (the discount's) still run.
  description: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : (value ?? "")),
    z
      .string({ error: DETAIL_MESSAGES.descriptionRequired })
      .min(1, DETAIL_MESSAGES.descriptionRequired)
      .min(LISTING_COLUMNS.description.min, DETAIL_MESSAGES.descriptionShort)
      .max(LISTING_COLUMNS.description.max, DETAIL_MESSAGES.descriptionLong)
      .refine(isPlainParagraphs, DETAIL_MESSAGES.descriptionControl),
  ),
  propertyType: optionalChoice(PROPERTY_TYPES, DETAIL_MESSAGES.propertyType),
  livingArea: optionalArea(DETAIL_MESSAGES.area),
  plotArea: optionalArea(DETAIL_MESSAGES.area),
  rooms: optionalWhole(LISTING_COLUMNS.rooms.min, LISTING_COLUMNS.rooms.max, DETAIL_MESSAGES.rooms),
  yearBuilt: z.preprocess(
    (value) => toNumber(emptyToNull(value) ?? undefined) ?? null,
    z
      .number({ error: DETAIL_MESSAGES.yearBuilt })
      .int(DETAIL_MESSAGES.yearBuilt)
      .min(LISTING_COLUMNS.yearBuilt.min, DETAIL_MESSAGES.yearBuilt)
      .refine((year) => year <= latestYearBuilt(), DETAIL_MESSAGES.yearBuilt)
      .nullable(),
  ),
  condition: optionalChoice(CONDITIONS, DETAIL_MESSAGES.condition),
  floor: optionalWhole(LISTING_COLUMNS.floor.min, LISTING_COLUMNS.floor.max, DETAIL_MESSAGES.floor),
  floorsTotal: optionalWhole(
    LISTING_COLUMNS.floorsTotal.min,
    LISTING_COLUMNS.floorsTotal.max,
    DETAIL_MESSAGES.floorsTotal,
  ),
  lift: optionalYesNo(DETAIL_MESSAGES.yesNo),
  stepFree: optionalYesNo(DETAIL_MESSAGES.yesNo),
  availableFrom: z.preprocess(
    emptyToNull,
    z
      .string({ error: DETAIL_MESSAGES.availableFrom })
      .trim()
      .refine(isAvailableFrom, DETAIL_MESSAGES.availableFrom)
      .nullable(),
  ),
  leaseMonths: optionalWhole(
    LISTING_COLUMNS.leaseMonths.min,
    LISTING_COLUMNS.leaseMonths.max,
    DETAIL_MESSAGES.leaseMonths,
  ),
  deposit: optionalWhole(0, PRICE_MAX, DETAIL_MESSAGES.money),
  monthlyCharges: optionalWhole(0, LISTING_COLUMNS.monthlyCharges.max, DETAIL_MESSAGES.money),
  heatingIncluded: optionalYesNo(DETAIL_MESSAGES.yesNo),
  serviceCharge: optionalWhole(0, LISTING_COLUMNS.serviceCharge.max, DETAIL_MESSAGES.money),
  pets: optionalChoice(PETS, DETAIL_MESSAGES.pets),
  tourUrl: z.preprocess(
    emptyToNull,
    z
      .string({ error: DETAIL_MESSAGES.tour })
      .trim()
      .max(LISTING_COLUMNS.tourUrl.max, DETAIL_MESSAGES.tour)
      .refine((link) => parseTour(link) !== null, DETAIL_MESSAGES.tour)
      .nullable(),
  ),
  energyCertificate: optionalChoice(ENERGY_CERTIFICATES, DETAIL_MESSAGES.energyCertificate),
  // Any scale's class here; the site's own scale is checked with its country rules (listing.country-rules.ts).
  energyRating: optionalChoice(ENERGY_CLASSES, DETAIL_MESSAGES.energyRating),
  energyUse: z.preprocess(
    (value) => toNumber(emptyToNull(value) ?? undefined) ?? null,
    z
      .number({ error: DETAIL_MESSAGES.energyUse })
      .min(LISTING_COLUMNS.energyUse.min, DETAIL_MESSAGES.energyUse)
      .max(LISTING_COLUMNS.energyUse.max, DETAIL_MESSAGES.energyUse)
      .nullable(),
  ),
  energyValidUntil: z.preprocess(
    emptyToNull,
    z
      .string({ error: DETAIL_MESSAGES.energyValidUntil })
      .trim()
      .refine(isDate, DETAIL_MESSAGES.energyValidUntil)
      .nullable(),
  ),
  energyCertificateType: optionalChoice(CERTIFICATE_TYPES, DETAIL_MESSAGES.energyCertificateType),
  energySource: optionalChoice(ENERGY_SOURCES, DETAIL_MESSAGES.energySource),
  ghgRating: optionalChoice(SCALE_A_TO_G, DETAIL_MESSAGES.ghgRating),
  energyCostMin: optionalWhole(0, LISTING_COLUMNS.energyCostMin.max, DETAIL_MESSAGES.money),
  energyCostMax: optionalWhole(0, LISTING_COLUMNS.energyCostMax.max, DETAIL_MESSAGES.money),
  tenure: optionalChoice(TENURES, DETAIL_MESSAGES.tenure),
  councilTaxBand: optionalChoice(COUNCIL_TAX_BANDS, DETAIL_MESSAGES.councilTaxBand),
};

/** The shape the rules between the details read. */
type DetailValues = {
  type: ListingType;
  bedrooms: number;
  propertyType: (typeof PROPERTY_TYPES)[number] | null;
  livingArea: number | null;
  plotArea: number | null;
  rooms: number | null;
  floor: number | null;
  floorsTotal: number | null;
  energyCostMin: number | null;
  energyCostMax: number | null;
};

/** The rules between a form's details, each failure told to `detail` with its field and message. */
export function checkDetails(form: DetailValues, detail: (path: string, message: string) => void) {
  if (form.propertyType === null) detail("propertyType", DETAIL_MESSAGES.propertyType);
  if (form.propertyType === "room" && form.type === "sale")
    detail("propertyType", DETAIL_MESSAGES.roomForSale);
  if (form.propertyType === "land" && form.type === "rent")
    detail("propertyType", DETAIL_MESSAGES.landForRent);
  if (form.propertyType === "land") {
    if (form.plotArea === null) detail("plotArea", DETAIL_MESSAGES.plotAreaRequired);
  } else if (form.livingArea === null) {
    detail("livingArea", DETAIL_MESSAGES.livingAreaRequired);
  }
  if (form.rooms !== null && form.rooms < form.bedrooms)
    detail("rooms", DETAIL_MESSAGES.roomsFewerThanBedrooms);
  if (form.floor !== null && form.floorsTotal !== null && form.floor > form.floorsTotal) {
    detail("floor", DETAIL_MESSAGES.floorAboveFloors);
  }
  if (form.energyCostMin !== null && form.energyCostMax !== null && form.energyCostMin > form.energyCostMax) {
    detail("energyCostMin", DETAIL_MESSAGES.energyCostOrder);
  }
}

/**
 * A valid form without the other type's costs (a rent keeps no service charge or tenure, a sale no rent
 * terms), and without a certificate's details when there is none (exempt, applied for); a rating given
 * without saying more is a certificate's.
 */
export function withoutInapplicableDetails<
  Form extends {
    type: ListingType;
    energyCertificate: (typeof ENERGY_CERTIFICATES)[number] | null;
    energyRating: string | null;
  },
>(form: Form): Form {
  const costs = form.type === "sale" ? NO_RENT_COSTS : NO_SALE_COSTS;
  if (form.energyCertificate === "exempt" || form.energyCertificate === "appliedFor") {
    return { ...form, ...costs, ...NO_CERTIFICATE };
  }
  const certificate = form.energyRating !== null ? "certificate" : form.energyCertificate;
  return { ...form, ...costs, energyCertificate: certificate };
}
