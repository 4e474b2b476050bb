import { LISTING_TYPES, type Listing, type ListingType } from "./listing.model.ts";

// Display rules of SPEC.md sections 2 and 9, used by cards, the detail page and the server alike.

const thousands = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 1234567 → "1,234,567". */
export function formatNumber(value: number) {
  return thousands.format(value);
}

/** The price a buyer or tenant pays: the discounted price when there is an offer. */
export function effectivePrice(listing: Pick<Listing, "offer" | "regularPrice" | "discountedPrice">) {
  return listing.offer && listing.discountedPrice != null ? listing.discountedPrice : listing.regularPrice;
}

/** "$1,250 / Month" for rent, "$450,000" for sale. */
export function formatPrice(listing: Pick<Listing, "type" | "offer" | "regularPrice" | "discountedPrice">) {
  const price = `$${formatNumber(effectivePrice(listing))}`;
  return listing.type === "rent" ? `${price} / Month` : price;
}

/**
 * formatPrice in two parts, so a page can set the amount larger and keep the two together on one line:
 * { amount: "$1,250", suffix: " / Month" } for rent, { amount: "$450,000", suffix: "" } for sale.
 */
export function priceParts(listing: Pick<Listing, "type" | "offer" | "regularPrice" | "discountedPrice">) {
  return {
    amount: `$${formatNumber(effectivePrice(listing))}`,
    suffix: listing.type === "rent" ? " / Month" : "",
  };
}

/** The regular price an offer undercuts ("$2,500"), shown struck through beside it; null without an offer. */
export function regularPriceLabel(listing: Pick<Listing, "offer" | "regularPrice" | "discountedPrice">) {
  return discountAmount(listing) == null ? null : `$${formatNumber(listing.regularPrice)}`;
}

/** The saving on an offer ("$ 50 discount" uses it), or null without an offer. */
export function discountAmount(listing: Pick<Listing, "offer" | "regularPrice" | "discountedPrice">) {
  if (!listing.offer || listing.discountedPrice == null) return null;
  return listing.regularPrice - listing.discountedPrice;
}

/** "1 Bedroom", "3 Bedrooms". */
export function bedroomsLabel(count: number) {
  return count === 1 ? "1 Bedroom" : `${count} Bedrooms`;
}

/** "1 Bathroom", "2 Bathrooms". */
export function bathroomsLabel(count: number) {
  return count === 1 ? "1 Bathroom" : `${count} Bathrooms`;
}

/** "For Rent" or "For Sale". */
export function typeLabel(type: ListingType) {
  return type === "rent" ? "For Rent" : "For Sale";
}

/** The header of a category list. */
export function categoryHeading(categoryName: string) {
  return categoryName === "rent" ? "Places for rent" : "Places for sale";
}

/** The page of a listing. */
export function listingPath(listing: Pick<Listing, "type" | "id">) {
  return `/category/${listing.type}/${listing.id}`;
}

/** "$50 discount", "$50,000 discount" (SPEC.md: "$ {regular minus discounted} discount"), or null without an offer. */
export function discountLabel(listing: Pick<Listing, "offer" | "regularPrice" | "discountedPrice">) {
  const discount = discountAmount(listing);
  return discount == null ? null : `$${formatNumber(discount)} discount`;
}

/** The detail page's title line: "Sunny flat - $1,500 / Month". */
export function nameWithPrice(
  listing: Pick<Listing, "name" | "type" | "offer" | "regularPrice" | "discountedPrice">,
) {
  return `${listing.name} - ${formatPrice(listing)}`;
}

/** Whether a category name from the URL is one SPEC.md knows (rent or sale). */
export function isListingType(value: string | undefined): value is ListingType {
  return LISTING_TYPES.includes(value as ListingType);
}
