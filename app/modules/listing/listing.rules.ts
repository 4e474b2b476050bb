import type { I18n } from "#app/modules/i18n/i18n.ts";
import { LISTING_TYPES, type Listing, type ListingType } from "./listing.model.ts";

// Display rules of SPEC.md sections 2 and 9, used by cards, the detail page and the server alike. Texts and
// money go through `i18n` (LOCALE, CURRENCY); en-US with USD writes exactly the spec's "$1,250 / Month".

type PriceFields = Pick<Listing, "type" | "offer" | "regularPrice" | "discountedPrice">;

/** The price a buyer or tenant pays: the discounted price when there is an offer. */
export function effectivePrice(listing: Pick<Listing, "offer" | "regularPrice" | "discountedPrice">) {
  return listing.offer && listing.discountedPrice != null ? listing.discountedPrice : listing.regularPrice;
}

/** "$1,250 / Month" for rent, "$450,000" for sale. */
export function formatPrice(listing: PriceFields, i18n: I18n) {
  const { amount, suffix } = priceParts(listing, i18n);
  return amount + suffix;
}

/**
 * formatPrice in two parts, so a page can set the amount larger and keep the two together on one line:
 * { amount: "$1,250", suffix: " / Month" } for rent, { amount: "$450,000", suffix: "" } for sale.
 */
export function priceParts(listing: PriceFields, i18n: I18n) {
  return {
    amount: i18n.money(effectivePrice(listing)),
    suffix: listing.type === "rent" ? i18n.t(" / Month") : "",
  };
}

/** Below this a map pin shows the whole price ("€1,250"); from it, the locale's short form ("£450k"). */
const PIN_COMPACT_FROM = 10_000;

/** A map pin's price: what the searcher pays, short ("€1,250" a month, "£450k"), no " / Month". */
export function pinPrice(listing: PriceFields, i18n: I18n) {
  const amount = effectivePrice(listing);
  return amount < PIN_COMPACT_FROM ? i18n.money(amount) : i18n.compactMoney(amount);
}

/** The regular price an offer undercuts ("$2,500"), shown struck through beside it; null without an offer. */
export function regularPriceLabel(
  listing: Pick<Listing, "offer" | "regularPrice" | "discountedPrice">,
  i18n: I18n,
) {
  return discountAmount(listing) == null ? null : i18n.money(listing.regularPrice);
}

/** The saving on an offer ("$ 50 discount" uses it), or null without an offer. */
export function discountAmount(listing: Pick<Listing, "offer" | "regularPrice" | "discountedPrice">) {
  if (!listing.offer || listing.discountedPrice == null) return null;
  return listing.regularPrice - listing.discountedPrice;
}

/** "1 Bedroom", "3 Bedrooms". */
export function bedroomsLabel(count: number, i18n: I18n) {
  return i18n.tn(count, "{count} Bedroom", "{count} Bedrooms");
}

/** "1 Bathroom", "2 Bathrooms". */
export function bathroomsLabel(count: number, i18n: I18n) {
  return i18n.tn(count, "{count} Bathroom", "{count} Bathrooms");
}

/** "For Rent" or "For Sale". */
export function typeLabel(type: ListingType, i18n: I18n) {
  return type === "rent" ? i18n.t("For Rent") : i18n.t("For Sale");
}

/** The header of a category list. */
export function categoryHeading(categoryName: string, i18n: I18n) {
  return categoryName === "rent" ? i18n.t("Places for rent") : i18n.t("Places for sale");
}

/** The page of a listing. */
export function listingPath(listing: Pick<Listing, "type" | "id">) {
  return `/category/${listing.type}/${listing.id}`;
}

/** "$50 discount", "$50,000 discount" (SPEC.md: "$ {regular minus discounted} discount"), or null without an offer. */
export function discountLabel(
  listing: Pick<Listing, "offer" | "regularPrice" | "discountedPrice">,
  i18n: I18n,
) {
  const discount = discountAmount(listing);
  return discount == null ? null : i18n.t("{amount} discount", { amount: i18n.money(discount) });
}

/** The detail page's title line: "Sunny flat - $1,500 / Month". */
export function nameWithPrice(listing: PriceFields & Pick<Listing, "name">, i18n: I18n) {
  return `${listing.name} - ${formatPrice(listing, i18n)}`;
}

/** Whether a category name from the URL is one SPEC.md knows (rent or sale). */
export function isListingType(value: string | undefined): value is ListingType {
  return LISTING_TYPES.includes(value as ListingType);
}
