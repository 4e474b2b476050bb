import type { ListingRuleSet } from "#app/modules/listing/listing.country-rules.ts";
import { type AreaUnit, fromSquareMetres } from "#app/modules/listing/listing.details.ts";
import { DETAIL_FIELDS, type Listing } from "#app/modules/listing/listing.model.ts";
import {
  LISTING_FIELDS,
  type ListingForm,
  type ListingFormResult,
  validateListingForm,
} from "#app/modules/listing/listing.schema.ts";
import { type FeedItem, ITEM_MESSAGES, type ParsedFeed, type Refusal } from "./exchange.model.ts";

// Between a listing and the listing form's input, for the formats: what an export writes of a listing (its
// public view: with the exact address hidden, the street without its number and a point near the home), and
// the form's own check of every item a feed brings, so an import refuses what the form would refuse, with the
// form's words.

/** The form's input of a listing as visitors see it (areas in m², the exchange formats' unit). */
export function listingInput(listing: Listing): Record<string, unknown> {
  const details = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, listing[field]]));
  return {
    type: listing.type,
    name: listing.name,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    parking: listing.parking,
    furnished: listing.furnished,
    ...details,
    address: listing.location,
    lat: listing.geolocation.lat,
    lng: listing.geolocation.lng,
    exactAddress: listing.exactAddress,
    offer: listing.offer,
    regularPrice: listing.regularPrice,
    discountedPrice: listing.discountedPrice,
  };
}

/** What the form's check needs of the site: its photo limit, country rules and area unit. */
export type FormSettings = { photosMax: number; rules: ListingRuleSet; areaUnit: AreaUnit };

/**
 * An item's input checked by the listing form's schema, as the form would check it: areas in the site's unit,
 * its photos standing in for the uploaded images' ids, the pin used for the address it came with.
 */
export function checkItemInput(
  item: Pick<FeedItem, "input" | "photos" | "floorPlans">,
  settings: FormSettings,
): ListingFormResult {
  const input: Record<string, unknown> = { ...item.input };
  for (const field of ["livingArea", "plotArea"] as const) {
    const m2 = Number(input[field]);
    if (typeof input[field] === "string" && input[field] !== "" && Number.isFinite(m2)) {
      input[field] = String(fromSquareMetres(m2, settings.areaUnit));
    } else if (typeof input[field] === "number") {
      input[field] = fromSquareMetres(input[field], settings.areaUnit);
    }
  }
  if (input.lat !== undefined && input.lat !== null) input.pinAddress = input.address;
  for (const field of Object.keys(input)) if (input[field] === null) input[field] = undefined;
  input.imageIds = item.photos.map((_, index) => `photo-${index + 1}`);
  input.imageCaptions = item.photos.map((photo) => photo.caption);
  input.floorPlanIds = item.floorPlans.map((_, index) => `plan-${index + 1}`);
  input.floorPlanCaptions = item.floorPlans.map((plan) => plan.caption);
  return validateListingForm(input, settings.photosMax, settings.rules);
}

/** The first message of a refused form, in the form's order. */
export function firstMessage(errors: Partial<Record<string, string>>): string {
  const field = LISTING_FIELDS.find((name) => errors[name] !== undefined);
  return (field ? errors[field] : Object.values(errors)[0]) ?? ITEM_MESSAGES.notForm;
}

/** A checked item: its reference, the form's data as it will be stored, and its photos. */
export type CheckedItem = FeedItem & { form: ListingForm };

/**
 * Every item of a parsed feed checked by the form, duplicated references refused (each one after the first,
 * and the first too: which of them is meant is not known), in the file's order.
 */
export function checkFeed(
  feed: Extract<ParsedFeed, { ok: true }>,
  settings: FormSettings,
): { items: CheckedItem[]; refused: Refusal[] } {
  const counts = new Map<string, number>();
  for (const item of feed.items) counts.set(item.ref, (counts.get(item.ref) ?? 0) + 1);
  const items: CheckedItem[] = [];
  const refused: Refusal[] = [...feed.refused];
  for (const item of feed.items) {
    if ((counts.get(item.ref) ?? 0) > 1) {
      refused.push({
        place: item.place,
        message: ITEM_MESSAGES.duplicateReference,
        vars: { ref: item.ref },
      });
      continue;
    }
    const result = checkItemInput(item, settings);
    if (result.success) items.push({ ...item, form: result.data });
    else refused.push({ place: item.place, message: firstMessage(result.errors) });
  }
  refused.sort((a, b) => placeOrder(a.place) - placeOrder(b.place));
  return { items, refused };
}

function placeOrder(place: Refusal["place"]) {
  return "line" in place ? place.line : place.item;
}
