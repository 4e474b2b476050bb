import sharp from "sharp";
import { listingEntries, validListing } from "./listing-forms.ts";
import { IMAGE_ID_HEADER, TUS, uploadMetadata } from "./tus-client.ts";

/**
 * What a browser sends to save a listing with photos, as raw HTTP: each photo through the tus protocol
 * (POST creates the upload, PATCH sends the bytes; the last PATCH answers with the image id), then the
 * listing form posted without JavaScript (fields plus one `imageIds` per photo, cover first).
 */

/** A save the server answered with its redirect to the listing page: acknowledged, must survive a crash. */
export type Acknowledged = { id: string; type: ListingType };
export type ListingType = "rent" | "sale";

/** The fields a save changes, as the crash test tracks them. */
export type ListingFields = { type: ListingType; name: string; regularPrice: number; imageIds: string[] };

/** The server answered, but not with a save: a bug, never an effect of the crash. */
export class RefusedError extends Error {
  override name = "RefusedError";
}

// A request to a server that was killed fails fast (reset or refused); this bounds one that hangs instead.
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Small real JPEGs (solid colours: cheap to make) of widths that give one, two or all three WebP variants,
 * so crashes land among puts of every count.
 */
export async function makeJpegs(): Promise<Buffer[]> {
  const photos: [number, string][] = [
    [420, "#c0392b"],
    [820, "#27ae60"],
    [1610, "#2c6fbb"],
    [500, "#e6a100"],
    [900, "#7d3c98"],
  ];
  return Promise.all(
    photos.map(([width, background]) =>
      sharp({ create: { width, height: Math.round(width * 0.66), channels: 3, background } })
        .jpeg()
        .toBuffer(),
    ),
  );
}

/** Uploads one photo as tus-js-client does (two requests) and returns the image id the server made of it. */
export async function uploadPhoto(baseUrl: string, cookie: string, jpeg: Buffer): Promise<string> {
  const created = await send(`${baseUrl}/api/uploads`, {
    method: "POST",
    headers: {
      ...TUS,
      cookie,
      "Upload-Length": String(jpeg.length),
      "Upload-Metadata": uploadMetadata({ filename: "crash-photo.jpg", filetype: "image/jpeg" }),
    },
  });
  const location = created.headers.get("location");
  if (created.status !== 201 || !location) throw await refused("tus POST", created);
  const patched = await send(new URL(location, baseUrl).href, {
    method: "PATCH",
    headers: {
      ...TUS,
      cookie,
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    body: new Uint8Array(jpeg),
  });
  const imageId = patched.headers.get(IMAGE_ID_HEADER);
  if (patched.status !== 204 || !imageId) throw await refused("tus PATCH", patched);
  return imageId;
}

/** Posts the create (no listingId) or edit form; resolves only when the server acknowledged the save. */
export async function postListing(
  baseUrl: string,
  cookie: string,
  fields: ListingFields,
  listingId?: string,
): Promise<Acknowledged> {
  const form = listingEntries({
    ...validListing(fields.imageIds, fields.name),
    type: fields.type,
    // The offline geocoder (this server's) resolves the city.
    address: "Paris, France",
    regularPrice: String(fields.regularPrice),
    // The form always sends the hidden discounted price; without an offer it is not stored.
    discountedPrice: "0",
  });
  const page = listingId ? `/edit-listing/${listingId}` : "/create-listing";
  const response = await send(`${baseUrl}${page}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  // A form post without JavaScript gets the action's redirect as a plain 302 to the listing's page.
  const saved = /^\/category\/(rent|sale)\/([0-9a-f-]{36})$/.exec(response.headers.get("location") ?? "");
  if (response.status !== 302 || !saved) throw await refused(`POST ${page}`, response);
  // The redirect is the acknowledgement; a body cut off by the kill after it changes nothing.
  await response.arrayBuffer().catch(() => undefined);
  return { type: saved[1] as ListingType, id: saved[2]! };
}

function send(url: string, init: RequestInit) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
}

async function refused(what: string, response: Response) {
  const body = (await response.text().catch(() => "")).slice(0, 300);
  return new RefusedError(`${what} answered ${response.status}: ${body}`);
}
