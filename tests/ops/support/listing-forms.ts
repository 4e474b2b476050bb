import { postForm } from "#tests/support/http.ts";

/** The fields of a listing form that the server accepts (SPEC.md section 5), in the form's own encoding. */
/**
 * Every message the listing form refuses a broken field with (listing.schema.ts, listing.details.schema.ts,
 * the pin's and the tour's rules): a hostile form must get one of them, never a 5xx.
 */
export const LISTING_REFUSED = new RegExp(
  [
    "required",
    "must be",
    "Choose",
    "Max \\d+ images",
    "can be used once",
    "no longer available",
    "not valid",
    "can not contain",
    "can not be",
    "can only be",
    "correct address",
    "needs to be less",
    "Enter a whole amount",
    "Enter the area",
    "Use a YouTube, Vimeo or Matterport link",
    "Put the pin within",
  ].join("|"),
);

export type ListingFields = {
  type: string;
  name: string;
  bedrooms: string;
  bathrooms: string;
  parking: string;
  furnished: string;
  description: string;
  propertyType: string;
  livingArea: string;
  address: string;
  offer: string;
  regularPrice: string;
  discountedPrice?: string;
  imageIds: string[];
};

/** A listing form that passes every rule, with these photos. */
export function validListing(imageIds: string[], name = "Sunny flat by the park"): ListingFields {
  return {
    type: "rent",
    name,
    bedrooms: "2",
    bathrooms: "1",
    parking: "false",
    furnished: "furnished",
    description: "A bright flat by the park, with a balcony and a renewed kitchen.",
    propertyType: "flat",
    livingArea: "72",
    address: "12 Rue de Rivoli, Paris",
    offer: "false",
    regularPrice: "1500",
    imageIds,
  };
}

/** The form's entries: one per field, one "imageIds" per photo (in order, the first is the cover). */
export function listingEntries(fields: ListingFields): [string, string][] {
  const { imageIds, discountedPrice, ...rest } = fields;
  return [
    ...Object.entries(rest),
    ...(discountedPrice === undefined ? [] : [["discountedPrice", discountedPrice] as [string, string]]),
    ...imageIds.map((id): [string, string] => ["imageIds", id]),
  ];
}

/** Publishes a listing through POST /create-listing; returns its id (from the page it redirects to). */
export async function publishListing(baseUrl: string, cookie: string, fields: ListingFields) {
  const answer = await postForm(`${baseUrl}/create-listing`, listingEntries(fields), { cookie });
  const id = /^\/category\/(?:rent|sale)\/([\w-]+)$/.exec(answer.location ?? "")?.[1];
  if (answer.status !== 302 || !id) {
    throw new Error(`publishing answered ${answer.status} ${answer.location}: ${answer.body.slice(0, 300)}`);
  }
  return id;
}
