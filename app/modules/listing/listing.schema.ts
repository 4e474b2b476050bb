// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import type { FieldErrors } from "#app/http/errors.ts";
import { imageSources } from "#app/modules/image/image.rules.ts";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import { PIN_MESSAGES } from "./listing.address.ts";
import { LISTING_COLUMNS } from "./listing.fields.ts";
import { LISTING_TYPES, type Listing } from "./listing.model.ts";

// SPEC.md section 5, in one place: the form checks a submission with this schema before it leaves the
// browser, and the server checks the same one again (a forged request gets the same answers).

/** SPEC.md section 9's limits (declared with the fields, listing.fields.ts), also the inputs' min/max/maxLength. */
export const LISTING_LIMITS = {
  nameMin: LISTING_COLUMNS.name.min,
  nameMax: LISTING_COLUMNS.name.max,
  roomsMin: LISTING_COLUMNS.bedrooms.min,
  roomsMax: LISTING_COLUMNS.bedrooms.max,
  priceMin: LISTING_COLUMNS.regularPrice.min,
  priceMax: LISTING_COLUMNS.regularPrice.max,
  addressMax: LISTING_COLUMNS.location.max,
  maxImages: 6,
} as const;

/** The spec's own wording, shown as toasts as well as next to the field. */
export const LISTING_MESSAGES = {
  discountNotLower: "Discounted price needs to be less than regular price",
  maxImages: "Max 6 images",
  badAddress: "Please enter a correct address",
  imagesNotUploaded: "Images not uploaded",
  saved: "Listing saved",
  notOwner: "You can not edit that listing",
  notFound: "Listing does not exist",
  deleted: "Successfully deleted listings",
} as const;

const { nameMin, nameMax, priceMin, priceMax, addressMax, maxImages } = LISTING_LIMITS;
const priceRange = `between ${priceMin} and ${priceMax.toLocaleString("en-US")}`;

/** "" (an empty input) becomes undefined, digits become a number; anything else is left for zod to refuse. */
function toNumber(value: unknown) {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/** Forms send "true"/"false"; the service may also be called with real booleans. */
function toBoolean(value: unknown) {
  if (value === "true") return true;
  if (value === "false") return false;
  return value;
}

function wholeNumber(label: string, min: number, max: number, range: string) {
  return z.preprocess(
    toNumber,
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be ${range}`)
      .max(max, `${label} must be ${range}`),
  );
}

/** A whole number field as listing.fields.ts declares it: its label and limits. */
function fieldNumber(column: "bedrooms" | "bathrooms") {
  const { form, min, max } = LISTING_COLUMNS[column];
  return wholeNumber(form.label, min, max, `between ${min} and ${max}`);
}

const yesNo = (label: string) =>
  z.preprocess(toBoolean, z.boolean({ error: `Choose Yes or No for ${label}` }));

/** An image id as the upload endpoint hands it out (a UUID); anything else is refused before a query. */
const imageId = z
  .string({ error: "Images are not valid" })
  .regex(/^[A-Za-z0-9-]{1,64}$/, "Images are not valid");

/** A coordinate of the pin (a hidden input): none until the address is placed; else a number in range. */
const pinCoordinate = (limit: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: PIN_MESSAGES.invalid })
      .min(-limit, PIN_MESSAGES.invalid)
      .max(limit, PIN_MESSAGES.invalid)
      .optional(),
  );

/** The create/edit listing form (SPEC.md sections 2 and 5). */
export const ListingFormSchema = z
  .object({
    type: z.enum(LISTING_TYPES, { error: "Choose Sell or Rent" }),
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .min(nameMin, `Name must be at least ${nameMin} characters`)
      .max(nameMax, `Name must be at most ${nameMax} characters`)
      .refine(isPlainText, "Name can not contain control characters"),
    bedrooms: fieldNumber("bedrooms"),
    bathrooms: fieldNumber("bathrooms"),
    parking: yesNo(LISTING_COLUMNS.parking.form.label),
    furnished: yesNo(LISTING_COLUMNS.furnished.form.label),
    address: z
      .string({ error: "Address is required" })
      .trim()
      .min(1, "Address is required")
      .max(addressMax, `Address must be at most ${addressMax} characters`)
      .refine(isPlainText, "Address can not contain control characters"),
    // "Show exact address": on unless the lister turns it off (a form without the box keeps it on).
    exactAddress: z.preprocess(
      toBoolean,
      z.boolean({ error: "Choose whether to show the exact address" }).default(true),
    ),
    // Where the lister put the pin, and the address it was placed for: a pin placed for another address
    // (the address changed since, without JavaScript to place it again) is not used.
    lat: pinCoordinate(90),
    lng: pinCoordinate(180),
    pinAddress: z.string().trim().max(addressMax).optional(),
    offer: yesNo(LISTING_COLUMNS.offer.form.label),
    regularPrice: wholeNumber("Regular price", priceMin, priceMax, priceRange),
    // Kept (and checked against the regular price) even while the offer is off, as the original app did.
    discountedPrice: z.preprocess(
      toNumber,
      z
        .number({ error: "Discounted price must be a number" })
        .int("Discounted price must be a whole number")
        .optional(),
    ),
    imageIds: z
      .array(imageId, { error: "Images are required" })
      .min(1, "Images are required")
      .max(maxImages, LISTING_MESSAGES.maxImages)
      .refine((ids) => new Set(ids).size === ids.length, "Each image can be used once"),
  })
  .superRefine((form, context) => {
    if ((form.lat === undefined) !== (form.lng === undefined)) {
      context.addIssue({ code: "custom", path: ["lat"], message: PIN_MESSAGES.invalid });
    }
    const discounted = form.discountedPrice;
    if (form.offer) {
      if (discounted === undefined) {
        context.addIssue({
          code: "custom",
          path: ["discountedPrice"],
          message: "Discounted price is required",
        });
        return;
      }
      if (discounted < priceMin || discounted > priceMax) {
        context.addIssue({
          code: "custom",
          path: ["discountedPrice"],
          message: `Discounted price must be ${priceRange}`,
        });
        return;
      }
    }
    // Against a regular price that is itself out of range the comparison means nothing (and the untouched
    // form, both prices 0, would otherwise open with this message): the regular price's own message shows.
    const regularValid = form.regularPrice >= priceMin && form.regularPrice <= priceMax;
    if (discounted !== undefined && regularValid && discounted >= form.regularPrice) {
      context.addIssue({
        code: "custom",
        path: ["discountedPrice"],
        message: LISTING_MESSAGES.discountNotLower,
      });
    }
  });

/** The write shape of the form: a valid submission, as the service stores it. */
export type ListingForm = z.output<typeof ListingFormSchema>;
export type ListingFormField = keyof ListingForm;
/** One message per field that failed, in the form's order. */
export type ListingFormErrors = FieldErrors<ListingFormField>;

/** The fields in the order the form shows them (the first that failed takes the focus). */
export const LISTING_FIELDS: readonly ListingFormField[] = [
  "type",
  "name",
  "bedrooms",
  "bathrooms",
  "parking",
  "furnished",
  "address",
  "lat",
  "lng",
  "pinAddress",
  "exactAddress",
  "offer",
  "regularPrice",
  "discountedPrice",
  "imageIds",
];

/** The raw values of a submitted form, in the shape ListingFormSchema reads (image ids keep their order). */
export function listingFormInput(formData: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of LISTING_FIELDS) input[field] = formData.get(field) ?? undefined;
  input.imageIds = formData.getAll("imageIds");
  // A hidden "false" before the check box: unticked sends only it, ticked sends both.
  const exact = formData.getAll("exactAddress");
  input.exactAddress = exact.length === 0 ? undefined : exact.includes("true");
  return input;
}

export type ListingFormResult =
  | { success: true; data: ListingForm }
  | { success: false; errors: ListingFormErrors };

/** Checks a listing form; on failure, the first message of each field that failed. */
export function validateListingForm(input: unknown): ListingFormResult {
  const result = ListingFormSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: ListingFormErrors = {};
  for (const issue of result.error.issues) {
    const field = (issue.path[0] ?? "name") as ListingFormField;
    errors[field] ??= issue.message;
  }
  return { success: false, errors };
}

/** The message the spec shows as a toast for these errors, if one of them is the spec's own wording. */
export function listingToastMessage(errors: ListingFormErrors): string | undefined {
  const spec: string[] = [
    LISTING_MESSAGES.discountNotLower,
    LISTING_MESSAGES.maxImages,
    LISTING_MESSAGES.badAddress,
    LISTING_MESSAGES.imagesNotUploaded,
  ];
  return LISTING_FIELDS.map((field) => errors[field]).find(
    (message) => message !== undefined && spec.includes(message),
  );
}

/** A photo already stored, as the edit form shows it. */
export type ListingFormPhoto = { id: string; src: string };

/**
 * What the form starts from: SPEC.md section 4's defaults for a new listing, a listing's values for an edit.
 * The listing's location is the form's address; its photos are shown by their stored URL.
 */
export type ListingFormDefaults = Pick<
  Listing,
  "type" | "name" | "bedrooms" | "bathrooms" | "parking" | "furnished" | "offer" | "regularPrice"
> & {
  address: string;
  discountedPrice: number;
  photos: ListingFormPhoto[];
  exactAddress: boolean;
  /** The saved pin and the address it was placed for; none for a new listing. */
  pin: { lat: number; lng: number; address: string } | null;
};

/**
 * The form's starting values: SPEC.md section 4's defaults for a new listing (type rent, 1 bedroom, 1
 * bathroom, no parking, unfurnished, no offer, prices 0), or `listing`'s own for an edit (the address is its
 * location; a listing without an offer has no discounted price, which the form shows as 0).
 */
export function listingFormDefaults(listing?: Listing, imageBase = ""): ListingFormDefaults {
  if (!listing) {
    return {
      type: "rent",
      name: "",
      bedrooms: 1,
      bathrooms: 1,
      parking: false,
      furnished: false,
      address: "",
      offer: false,
      regularPrice: 0,
      discountedPrice: 0,
      photos: [],
      exactAddress: true,
      pin: null,
    };
  }
  const { type, name, bedrooms, bathrooms, parking, furnished, location, offer, regularPrice } = listing;
  return {
    type,
    name,
    bedrooms,
    bathrooms,
    parking,
    furnished,
    address: location,
    offer,
    regularPrice,
    discountedPrice: listing.discountedPrice ?? 0,
    photos: listing.images.map((image) => ({ id: image.id, src: imageSources(image, imageBase).src })),
    exactAddress: listing.exactAddress,
    pin: { ...listing.geolocation, address: location },
  };
}
