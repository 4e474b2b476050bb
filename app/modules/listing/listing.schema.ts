// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import type { FieldErrors } from "#app/http/errors.ts";
import { imageSources } from "#app/modules/image/image.rules.ts";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import { PIN_MESSAGES } from "./listing.address.ts";
import { checkCountryRules, type ListingRuleSet, type RuleValues } from "./listing.country-rules.ts";
import {
  checkDetails,
  DETAIL_SHAPE,
  toBoolean,
  toNumber,
  withoutInapplicableDetails,
} from "./listing.details.schema.ts";
import { type AreaUnit, fromSquareMetres } from "./listing.details.ts";
import { LISTING_COLUMNS } from "./listing.fields.ts";
import {
  DETAIL_FIELDS,
  type EditableListing,
  LISTING_TYPES,
  type Listing,
  type ListingImage,
} from "./listing.model.ts";

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
  /** The spec's photo limit: LISTING_PHOTOS_MAX's default. */
  maxImages: 6,
  /** The most LISTING_PHOTOS_MAX may be. */
  photosCeiling: 40,
  maxFloorPlans: 3,
  captionMax: 120,
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
  maxFloorPlans: "Max 3 floor plans",
} as const;

/** The spec's "Max 6 images" with the site's own limit (LISTING_PHOTOS_MAX). */
export function maxImagesMessage(photosMax: number) {
  return photosMax === LISTING_LIMITS.maxImages ? LISTING_MESSAGES.maxImages : `Max ${photosMax} images`;
}
const MAX_IMAGES_MESSAGE = /^Max \d+ images$/;

const { nameMin, nameMax, priceMin, priceMax, addressMax } = LISTING_LIMITS;
const { maxImages, photosCeiling, maxFloorPlans, captionMax } = LISTING_LIMITS;
const priceRange = `between ${priceMin} and ${priceMax.toLocaleString("en-US")}`;

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

/** A photo's or floor plan's caption: one line of plain text, "" for none. */
const caption = z
  .string({ error: "Captions must be text" })
  .trim()
  .max(captionMax, `Captions must be at most ${captionMax} characters`)
  .refine(isPlainText, "Captions can not contain control characters");

const unique = (ids: string[]) => new Set(ids).size === ids.length;

/**
 * The create/edit listing form (SPEC.md sections 2 and 5). Photos are capped at the ceiling here and at the
 * site's LISTING_PHOTOS_MAX by validateListingForm; `imageCaptions` and `floorPlanCaptions` go with the ids of
 * the same position.
 */
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
    ...DETAIL_SHAPE,
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
      .max(photosCeiling, maxImagesMessage(photosCeiling))
      .refine(unique, "Each image can be used once"),
    imageCaptions: z.array(caption, { error: "Captions are not valid" }).default([]),
    floorPlanIds: z
      .array(imageId, { error: "Floor plans are not valid" })
      .max(maxFloorPlans, LISTING_MESSAGES.maxFloorPlans)
      .refine(unique, "Each floor plan can be used once")
      .default([]),
    floorPlanCaptions: z.array(caption, { error: "Captions are not valid" }).default([]),
  })
  .superRefine((form, context) => {
    checkDetails(form, (path, message) => context.addIssue({ code: "custom", path: [path], message }));
    if ((form.lat === undefined) !== (form.lng === undefined)) {
      context.addIssue({ code: "custom", path: ["lat"], message: PIN_MESSAGES.invalid });
    }
    if (form.imageCaptions.length > form.imageIds.length) {
      context.addIssue({ code: "custom", path: ["imageCaptions"], message: "Each caption needs its photo" });
    }
    if (form.floorPlanCaptions.length > form.floorPlanIds.length) {
      context.addIssue({
        code: "custom",
        path: ["floorPlanCaptions"],
        message: "Each caption needs its floor plan",
      });
    }
    if (form.floorPlanIds.some((id) => form.imageIds.includes(id))) {
      context.addIssue({
        code: "custom",
        path: ["floorPlanIds"],
        message: "An image can not be both a photo and a floor plan",
      });
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
  })
  // A rent's costs mean nothing on a sale, and a sale's service charge and tenure nothing on a rent; a home
  // without a certificate has no rating yet: not stored.
  .transform(withoutInapplicableDetails);

/** The write shape of the form: a valid submission, as the service stores it (areas in the site's unit). */
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
  "description",
  "propertyType",
  "livingArea",
  "plotArea",
  "rooms",
  "yearBuilt",
  "condition",
  "floor",
  "floorsTotal",
  "lift",
  "stepFree",
  "energyCertificate",
  "energyRating",
  "energyUse",
  "energyValidUntil",
  "energyCertificateType",
  "energySource",
  "ghgRating",
  "energyCostMin",
  "energyCostMax",
  "parking",
  "furnished",
  "pets",
  "availableFrom",
  "leaseMonths",
  "deposit",
  "monthlyCharges",
  "heatingIncluded",
  "serviceCharge",
  "tenure",
  "councilTaxBand",
  "tourUrl",
  "address",
  "lat",
  "lng",
  "pinAddress",
  "exactAddress",
  "offer",
  "regularPrice",
  "discountedPrice",
  "imageIds",
  "imageCaptions",
  "floorPlanIds",
  "floorPlanCaptions",
];

/** The form's fields that are lists, submitted as repeated inputs in order. */
const LIST_FIELDS = ["imageIds", "imageCaptions", "floorPlanIds", "floorPlanCaptions"] as const;

/** The form's check boxes, each sent as a hidden "false" and, ticked, a "true" after it. */
const CHECK_BOXES = ["exactAddress", "lift", "stepFree", "heatingIncluded"] as const;

/** The raw values of a submitted form, in the shape ListingFormSchema reads (image ids keep their order). */
export function listingFormInput(formData: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of LISTING_FIELDS) input[field] = formData.get(field) ?? undefined;
  for (const field of LIST_FIELDS) input[field] = formData.getAll(field);
  // A hidden "false" before each check box: unticked sends only it, ticked sends both.
  for (const field of CHECK_BOXES) {
    const values = formData.getAll(field);
    input[field] = values.length === 0 ? undefined : values.includes("true");
  }
  return input;
}

export type ListingFormResult =
  | { success: true; data: ListingForm }
  | { success: false; errors: ListingFormErrors };

/**
 * Checks a listing form against the site's photo limit (LISTING_PHOTOS_MAX, the spec's 6 by default) and its
 * country rules (LISTING_RULES: the fields its law requires, the energy scale); on failure, the first message
 * of each field that failed.
 */
export function validateListingForm(
  input: unknown,
  photosMax: number = maxImages,
  rules: ListingRuleSet = "none",
): ListingFormResult {
  const result = ListingFormSchema.safeParse(input);
  const errors: ListingFormErrors = {};
  const photos = (input as { imageIds?: unknown } | null)?.imageIds;
  if (Array.isArray(photos) && photos.length > photosMax) errors.imageIds = maxImagesMessage(photosMax);
  for (const issue of result.error?.issues ?? []) {
    const field = (issue.path[0] ?? "name") as ListingFormField;
    errors[field] ??= issue.message;
  }
  // A valid form is read as it will be stored; a refused one as it was typed, so every missing field is
  // named at once.
  const values = result.success ? result.data : ruleValuesOf(input);
  checkCountryRules(rules, values, (field, message) => {
    errors[field] ??= message;
  });
  if (result.success && Object.keys(errors).length === 0) return { success: true, data: result.data };
  return { success: false, errors };
}

/** What the country rules read of a form as typed: its values, an empty one as none. */
function ruleValuesOf(input: unknown): RuleValues {
  const raw = (input ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(raw)) {
    values[field] = value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;
  }
  for (const field of LISTING_FIELDS) values[field] ??= null;
  return values as RuleValues;
}

/** The message the spec shows as a toast for these errors, if one of them is the spec's own wording. */
export function listingToastMessage(errors: ListingFormErrors): string | undefined {
  const spec: string[] = [
    LISTING_MESSAGES.discountNotLower,
    LISTING_MESSAGES.badAddress,
    LISTING_MESSAGES.imagesNotUploaded,
    LISTING_MESSAGES.maxFloorPlans,
  ];
  return LISTING_FIELDS.map((field) => errors[field]).find(
    (message) => message !== undefined && (spec.includes(message) || MAX_IMAGES_MESSAGE.test(message)),
  );
}

/** A photo or floor plan already stored, as the edit form shows it ("" for no caption). */
export type ListingFormPhoto = { id: string; src: string; caption: string };

type DetailField = (typeof DETAIL_FIELDS)[number];

/**
 * What the form starts from: SPEC.md section 4's defaults for a new listing, a listing's values for an edit.
 * The listing's location is the form's address; its photos are shown by their stored URL.
 */
export type ListingFormDefaults = Pick<
  Listing,
  | "type"
  | "name"
  | "bedrooms"
  | "bathrooms"
  | "parking"
  | "furnished"
  | "offer"
  | "regularPrice"
  | DetailField
> & {
  address: string;
  discountedPrice: number;
  photos: ListingFormPhoto[];
  floorPlans: ListingFormPhoto[];
  exactAddress: boolean;
  /** The saved pin and the address it was placed for; none for a new listing. */
  pin: { lat: number; lng: number; address: string } | null;
};

const NO_DETAILS = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, null])) as {
  [Field in DetailField]: null;
};

/**
 * The form's starting values: SPEC.md section 4's defaults for a new listing (type rent, 1 bedroom, 1
 * bathroom, no parking, unfurnished, no offer, prices 0, no details), or `listing`'s own for an edit (the
 * address and pin are the exact ones the owner gave, also when visitors see only the area; a listing without
 * an offer has no discounted price, which the form shows as 0; areas in the site's `areaUnit`).
 */
export function listingFormDefaults(
  listing?: EditableListing,
  imageBase = "",
  areaUnit: AreaUnit = "m2",
): ListingFormDefaults {
  if (!listing) {
    return {
      type: "rent",
      name: "",
      bedrooms: 1,
      bathrooms: 1,
      parking: false,
      furnished: "unfurnished",
      address: "",
      offer: false,
      regularPrice: 0,
      discountedPrice: 0,
      photos: [],
      floorPlans: [],
      exactAddress: true,
      pin: null,
      ...NO_DETAILS,
    };
  }
  const { type, name, bedrooms, bathrooms, parking, furnished, offer, regularPrice } = listing;
  const { location, geolocation } = listing.exactPlace ?? listing;
  const details = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, listing[field]])) as Pick<
    Listing,
    DetailField
  >;
  const inUnit = (m2: number | null) => (m2 === null ? null : fromSquareMetres(m2, areaUnit));
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
    photos: listing.images.map((image) => formPhoto(image, imageBase)),
    floorPlans: listing.floorPlans.map((image) => formPhoto(image, imageBase)),
    exactAddress: listing.exactAddress,
    pin: { ...geolocation, address: location },
    ...details,
    livingArea: inUnit(listing.livingArea),
    plotArea: inUnit(listing.plotArea),
  };
}

function formPhoto(image: ListingImage, imageBase: string): ListingFormPhoto {
  return { id: image.id, src: imageSources(image, imageBase).src, caption: image.caption ?? "" };
}
