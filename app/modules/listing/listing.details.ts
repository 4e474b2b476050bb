import { type I18n, type MessageKey, msg } from "#app/modules/i18n/i18n.ts";
import type { CONDITIONS, Furnishing, Listing, PETS, PropertyType } from "./listing.model.ts";
import { effectivePrice } from "./listing.rules.ts";

// Display rules of what a listing tells about the home: its kind, areas in the site's unit, costs, and its
// description's paragraphs. Safe for the browser; the form, the page and the JSON-LD use the same ones.

/** The site's area unit (AREA_UNIT): square metres or square feet. Areas are stored in square metres. */
export const AREA_UNITS = ["m2", "ft2"] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];

/** One square foot in square metres (exactly, by the international foot). */
export const SQUARE_FOOT_IN_M2 = 0.09290304;

/** An area given in `unit` in square metres, to the centimetre (as stored). */
export function toSquareMetres(value: number, unit: AreaUnit) {
  const m2 = unit === "ft2" ? value * SQUARE_FOOT_IN_M2 : value;
  return Math.round(m2 * 10_000) / 10_000;
}

/** A stored area (m²) in `unit`, to a tenth (the form's value). */
export function fromSquareMetres(m2: number, unit: AreaUnit) {
  const value = unit === "ft2" ? m2 / SQUARE_FOOT_IN_M2 : m2;
  return Math.round(value * 10) / 10;
}

/** The unit's sign: "m²" or "ft²". */
export function areaSign(unit: AreaUnit) {
  return unit === "ft2" ? "ft²" : "m²";
}

/** "72 m²", "775 ft²": a stored area in the site's unit, whole. */
export function areaLabel(m2: number, unit: AreaUnit, i18n: I18n) {
  return `${i18n.number(Math.round(fromSquareMetres(m2, unit)))} ${areaSign(unit)}`;
}

/**
 * A card's "72 m² · €18/m²": the living area in the site's unit and the price a visitor pays per unit of it
 * (a rent's per month, as its price is); null without a living area. Below 10 a unit, the cents tell homes
 * apart ("$1.85/ft²").
 */
export function areaAndPricePerArea(
  listing: Pick<Listing, "livingArea" | "offer" | "regularPrice" | "discountedPrice">,
  unit: AreaUnit,
  i18n: I18n,
) {
  if (listing.livingArea == null || listing.livingArea <= 0) return null;
  const perUnit = effectivePrice(listing) / fromSquareMetres(listing.livingArea, unit);
  const price = perUnitMoney(i18n, perUnit < 10 ? 2 : 0).format(perUnit);
  return i18n.t("{area} · {price}/{unit}", {
    area: areaLabel(listing.livingArea, unit, i18n),
    price,
    unit: areaSign(unit),
  });
}

// Every card of every list formats a price per area: one formatter per locale, currency and precision.
const perUnitFormats = new Map<string, Intl.NumberFormat>();

function perUnitMoney({ locale, currency }: Pick<I18n, "locale" | "currency">, digits: 0 | 2) {
  const key = `${locale}|${currency}|${digits}`;
  let format = perUnitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    perUnitFormats.set(key, format);
  }
  return format;
}

/** The unit schema.org's QuantitativeValue names: MTK (m²) or FTK (ft²). */
export function areaUnitCode(unit: AreaUnit) {
  return unit === "ft2" ? "FTK" : "MTK";
}

export const PROPERTY_TYPE_LABELS: Record<PropertyType, MessageKey> = {
  flat: msg("Flat"),
  house: msg("House"),
  townhouse: msg("Townhouse"),
  studio: msg("Studio"),
  room: msg("Room"),
  land: msg("Land"),
};

/**
 * The RESO Data Dictionary's PropertySubType of each kind (schema.org's accommodationCategory follows RESO);
 * a room and a studio have none of their own there.
 */
export const RESO_PROPERTY_SUB_TYPES: Record<PropertyType, string> = {
  flat: "Apartment",
  house: "SingleFamilyResidence",
  townhouse: "Townhouse",
  studio: "Apartment",
  room: "Room",
  land: "UnimprovedLand",
};

export const CONDITION_LABELS: Record<(typeof CONDITIONS)[number], MessageKey> = {
  newBuild: msg("New build"),
  good: msg("Good"),
  needsRenovation: msg("Needs renovation"),
};

export const PETS_LABELS: Record<(typeof PETS)[number], MessageKey> = {
  allowed: msg("Allowed"),
  notAllowed: msg("Not allowed"),
  byArrangement: msg("By arrangement"),
};

export const FURNISHING_LABELS: Record<Furnishing, MessageKey> = {
  unfurnished: msg("Unfurnished"),
  partly: msg("Partly furnished"),
  furnished: msg("Furnished"),
};

/** What a tenant pays each month, rent and charges; null for a sale or without charges given. */
export function totalMonthlyCost(
  listing: Pick<Listing, "type" | "offer" | "regularPrice" | "discountedPrice" | "monthlyCharges">,
) {
  if (listing.type !== "rent" || listing.monthlyCharges == null) return null;
  return effectivePrice(listing) + listing.monthlyCharges;
}

/**
 * A description's paragraphs: split on blank lines, each paragraph's own line breaks kept (the page shows
 * them with `white-space: pre-line`). Plain text: markup and links are shown as the lister typed them.
 */
export function descriptionParagraphs(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
}

/** "Now" or a date ("1 March 2027") of availableFrom (stored as "now" or YYYY-MM-DD). */
export function availableFromLabel(value: string, i18n: I18n) {
  if (value === "now") return i18n.t("Now");
  return i18n.date(Date.parse(`${value}T00:00:00Z`), { dateStyle: "long", timeZone: "UTC" });
}
