// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import type { FieldErrors } from "#app/http/errors.ts";
import { largestImageUrl } from "#app/modules/image/image.rules.ts";
import {
  LISTING_COLUMNS,
  type ListingColumn,
  type ListingField,
} from "#app/modules/listing/listing.fields.ts";
import type { Listing, ListingImage } from "#app/modules/listing/listing.model.ts";
import { effectivePrice, listingPath } from "#app/modules/listing/listing.rules.ts";
import type { ListingFormField } from "#app/modules/listing/listing.schema.ts";
import { dayKey, type ViewingTime } from "#app/modules/viewing/viewing.rules.ts";

// The API's listing (/api/v1, decision 065), derived from the one declaration of a listing's fields
// (listing.fields.ts): a field is named by its RESO Data Dictionary name where it has one of its own, else by
// its column; its JSON type follows its kind, values and nullability. What the API reads is what a visitor
// may see: the owner-only columns never, and only the fields a listing tells (those the form asks for or that
// RESO names), not the site's bookkeeping. What it writes is what the listing form takes, checked by the
// form's own schema.

const declared = Object.entries(LISTING_COLUMNS) as [ListingColumn, ListingField][];

/** RESO names that several columns carry (lift and step-free access are both AccessibilityFeatures). */
const sharedResoNames = new Set(
  declared
    .map(([, field]) => field.reso)
    .filter((name, at, all) => name !== undefined && all.indexOf(name) !== at),
);

/** A column's name in the API: its RESO name when no other column shares it, else the column's own. */
export function apiName(column: ListingColumn): string {
  const { reso } = LISTING_COLUMNS[column] as ListingField;
  return reso && !sharedResoNames.has(reso) ? reso : column;
}

/** The columns the API reads: not the owner's own, and a field the listing tells (RESO names it or the form asks it). */
export const API_READ_COLUMNS = declared
  .filter(([, field]) => !field.ownerOnly && (field.reso !== undefined || field.form !== undefined))
  .map(([column]) => column);

/** The columns a write sets: those the form asks for. The address, pin and photos have names of their own. */
export const API_WRITE_COLUMNS = declared
  .filter(([, field]) => field.form !== undefined && !field.generated)
  .map(([column]) => column);

/** A value's JSON schema by the field's declaration (times as ISO 8601, choices by their API values). */
function valueSchema(column: ListingColumn, field: ListingField): z.ZodType {
  let schema: z.ZodType;
  if (field.kind === "epochMs") schema = z.iso.datetime();
  else if (field.kind === "boolean") schema = z.boolean();
  else if (field.kind === "integer") schema = z.int();
  else if (field.kind === "number") schema = z.number();
  else if (field.values) {
    const values = [...new Set(field.values.map((value) => field.resoValues?.[value] ?? value))];
    schema = z.enum(values as [string, ...string[]]);
  } else schema = z.string();
  if (field.unit === "m²") schema = schema.describe(`${column}: square metres`);
  return field.nullable ? schema.nullable() : schema;
}

const MediaSchema = z.object({
  MediaURL: z.url(),
  Order: z.int(),
  MediaCategory: z.enum(["Photo", "FloorPlan"]),
  ShortDescription: z.string().nullable(),
});

/** A listing as the API answers it. */
export const ApiListingSchema = z.object({
  ...Object.fromEntries(
    API_READ_COLUMNS.map((column) => [apiName(column), valueSchema(column, LISTING_COLUMNS[column])]),
  ),
  StandardStatus: z.enum(["Active", "Closed", "Expired"]),
  ListingURL: z.url(),
  Media: z.array(MediaSchema),
});

/** A listing as its own lister's key reads it: with their reference. */
export const ApiOwnListingSchema = ApiListingSchema.extend({ ListingId: z.string() });

/** What a PUT did, and the listing as stored. */
export const ApiPutResultSchema = z.object({
  result: z.enum(["created", "updated", "unchanged"]),
  listing: ApiOwnListingSchema,
});

/** A page of listings: `next` is the cursor of the next page, null on the last. */
export const ApiListingsPageSchema = z.object({
  value: z.array(ApiListingSchema),
  next: z.string().nullable(),
});

/**
 * An open house as the API answers it (RESO OpenHouse, decision 072): a span of viewing times. An open house
 * and a span of bookable slots are both "Public" (RESO's other types are for brokers and offices); slots need
 * an appointment (`AppointmentRequiredYN`) of `slotMinutes`. Names RESO does not have keep ours.
 */
export const ApiOpenHouseSchema = z.object({
  OpenHouseKey: z.string(),
  ListingKey: z.string(),
  OpenHouseDate: z.iso.date().describe("The day in the home's time zone"),
  OpenHouseStartTime: z.iso.datetime(),
  OpenHouseEndTime: z.iso.datetime(),
  OpenHouseType: z.enum(["Public"]),
  OpenHouseStatus: z.enum(["Active"]),
  AppointmentRequiredYN: z.boolean().describe("Bookable slots: each visitor books one"),
  OpenHouseRemarks: z.string().nullable(),
  timeZone: z.string().describe("The home's IANA time zone"),
  slotMinutes: z.int().nullable().describe("The length of each slot; null for an open house"),
  capacity: z.int().nullable().describe("The most bookings of an open house; null: no cap"),
  confirmByHand: z.boolean().describe("The lister confirms each booking"),
  BookingURL: z.url().describe("Where a visitor books a time: the listing's page"),
});

/** A listing's open houses still to end, soonest first. */
export const ApiOpenHousesSchema = z.object({ value: z.array(ApiOpenHouseSchema) });

/** A span of viewing times, as the API shows it. */
export function toApiOpenHouse(
  time: Omit<ViewingTime, "booked"> & { listingId: string; remarks: string | null },
  listingUrl: string,
): z.infer<typeof ApiOpenHouseSchema> {
  return {
    OpenHouseKey: time.id,
    ListingKey: time.listingId,
    // The day in the home's own time zone, as RESO's date is the local one.
    OpenHouseDate: dayKey(time.startsAt, time.timeZone),
    OpenHouseStartTime: new Date(time.startsAt).toISOString(),
    OpenHouseEndTime: new Date(time.endsAt).toISOString(),
    OpenHouseType: "Public",
    OpenHouseStatus: "Active",
    AppointmentRequiredYN: time.kind === "slots",
    OpenHouseRemarks: time.remarks,
    timeZone: time.timeZone,
    slotMinutes: time.kind === "slots" ? time.slotMinutes : null,
    capacity: time.kind === "openHouse" ? time.capacity : null,
    confirmByHand: time.confirmByHand,
    BookingURL: `${listingUrl}#viewings`,
  };
}

/** A refusal: what went wrong, and a message per field (named as the request named it). */
export const ApiErrorSchema = z.object({ error: z.string(), fields: z.record(z.string(), z.string()) });

const MediaInputSchema = z.object({
  MediaURL: z.url(),
  MediaCategory: z.enum(["Photo", "FloorPlan"]).optional(),
  ShortDescription: z.string().optional(),
});

/**
 * The body of `PUT /listings/by-ref/{ListingId}`: the form's fields by their API names, the address as
 * UnparsedAddress, an optional pin (Latitude, Longitude) and the photos by URL (Media). Each value is checked
 * by the listing form's own rules (listing.schema.ts), the country's included.
 */
export const ApiListingWriteSchema = z.object({
  ...Object.fromEntries(
    API_WRITE_COLUMNS.filter((column) => column !== "location").map((column) => [
      apiName(column),
      valueSchema(column, LISTING_COLUMNS[column]).optional(),
    ]),
  ),
  UnparsedAddress: z.string(),
  Latitude: z.number().optional(),
  Longitude: z.number().optional(),
  Media: z.array(MediaInputSchema).min(1),
});

/** Where the API's photos are: IMAGE_BASE_URL, else this site. */
function mediaOf(images: ListingImage[], category: "Photo" | "FloorPlan", base: string, from = 0) {
  return images.map((image, at) => ({
    MediaURL: largestImageUrl(image, base),
    Order: from + at + 1,
    MediaCategory: category,
    ShortDescription: image.caption,
  }));
}

/** A column's value as the API writes it. */
function readValue(listing: Listing, column: ListingColumn): unknown {
  const field = LISTING_COLUMNS[column] as ListingField;
  if (column === "lat" || column === "lng") return listing.geolocation[column];
  if (column === "price") return effectivePrice(listing);
  const value = (listing as unknown as Record<string, unknown>)[column] ?? null;
  if (value === null) return null;
  if (field.kind === "epochMs") return new Date(Number(value)).toISOString();
  if (field.resoValues) return field.resoValues[String(value)] ?? value;
  return value;
}

/**
 * A listing as the API answers it (`listing` as a visitor reads it: without its exact address when it hides
 * it). `imageBase` makes photo URLs absolute (IMAGE_BASE_URL or PUBLIC_URL); `publicUrl` the page's.
 */
export function toApiListing(
  listing: Listing,
  { imageBase, publicUrl }: { imageBase: string; publicUrl: string },
) {
  const fields = Object.fromEntries(
    API_READ_COLUMNS.map((column) => [apiName(column), readValue(listing, column)]),
  );
  return {
    ...fields,
    StandardStatus: listing.expired ? "Expired" : (fields.StandardStatus as string),
    ListingURL: `${publicUrl}${listingPath(listing)}`,
    Media: [
      ...mediaOf(listing.images, "Photo", imageBase),
      ...mediaOf(listing.floorPlans, "FloorPlan", imageBase, listing.images.length),
    ],
  };
}

/** A photo a write names: its URL, whether it is a floor plan, and its caption. */
export type ApiMediaInput = { url: string; floorPlan: boolean; caption: string };

/** The form field each API name of a write stands for (the address and pin have their own). */
const FORM_FIELD_OF: Record<string, ListingFormField> = {
  ...Object.fromEntries(
    API_WRITE_COLUMNS.filter((column) => column !== "location").map((column) => [apiName(column), column]),
  ),
  UnparsedAddress: "address",
  Latitude: "lat",
  Longitude: "lng",
};
/** The API's name of each form field, for the refusal's `fields`. */
const API_NAME_OF: Record<string, string> = {
  ...Object.fromEntries(Object.entries(FORM_FIELD_OF).map(([api, form]) => [form, api])),
  imageIds: "Media",
  imageCaptions: "Media",
  floorPlanIds: "Media",
  floorPlanCaptions: "Media",
  pinAddress: "Latitude",
};

/**
 * A write's body as the listing form's input (its own values, in the form's shape; areas stay in m², so the
 * service is called with m² as its unit), and the photos it names. Unknown names are refused, as a typo must
 * not be stored as "nothing".
 */
export function formInputOf(
  body: unknown,
): { errors: FieldErrors } | { errors?: undefined; input: Record<string, unknown>; photos: ApiMediaInput[] } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { errors: { body: "The body must be a JSON object" } };
  }
  const errors: FieldErrors = {};
  const input: Record<string, unknown> = {};
  const record = body as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) {
    if (name === "Media" || name === "ListingId") continue;
    const formField = FORM_FIELD_OF[name];
    if (!formField) {
      errors[name] = `Unknown field ${name}`;
      continue;
    }
    const field = LISTING_COLUMNS[formField as ListingColumn] as ListingField | undefined;
    let given = value;
    if (field?.resoValues && typeof value === "string") {
      given = Object.entries(field.resoValues).find(([, reso]) => reso === value)?.[0] ?? value;
    }
    input[formField] = given === null ? undefined : given;
  }
  // A pin is placed for the address it was sent with.
  if (input.lat !== undefined || input.lng !== undefined) input.pinAddress = input.address;
  const media = record.Media;
  const photos: ApiMediaInput[] = [];
  if (!Array.isArray(media) || media.length === 0) errors.Media = "Media needs at least one photo URL";
  else {
    for (const item of media) {
      const url = (item as { MediaURL?: unknown })?.MediaURL;
      if (typeof url !== "string" || !URL.canParse(url)) {
        errors.Media = "Each Media item needs a MediaURL";
        break;
      }
      const category = (item as { MediaCategory?: unknown }).MediaCategory;
      const caption = (item as { ShortDescription?: unknown }).ShortDescription;
      photos.push({
        url,
        floorPlan: category === "FloorPlan",
        caption: typeof caption === "string" ? caption : "",
      });
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { input, photos };
}

/** The form's refusal with each field named as the API names it. */
export function apiFieldErrors(errors: FieldErrors): FieldErrors {
  const named: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) named[API_NAME_OF[field] ?? field] ??= message;
  }
  return named;
}
