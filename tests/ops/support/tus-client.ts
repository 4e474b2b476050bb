import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { type Answer, send } from "#tests/support/http.ts";

/** The tus requests the photo field makes (tus-js-client), one by one, so each can be forged on its own. */

export const TUS = { "Tus-Resumable": "1.0.0" } as const;
/** The header with which a finished upload names the image it became. */
export const IMAGE_ID_HEADER = "homestead-image-id";

/** "filename <base64>,filetype <base64>": tus's Upload-Metadata encoding. */
export function uploadMetadata(fields: Record<string, string>) {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}

/** POST /api/uploads: creates an upload of `length` bytes; its URL is the answer's Location. */
export function createUpload(baseUrl: string, cookie: string | undefined, headers: Record<string, string>) {
  return send(`${baseUrl}/api/uploads`, { method: "POST", cookie, headers: { ...TUS, ...headers } });
}

/** PATCH: `bytes` at `offset`. The answer to the last one carries the image id (or the refusal). */
export async function patchUpload(
  uploadUrl: string,
  cookie: string | undefined,
  offset: number,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Answer & { imageId: string | null }> {
  const response = await fetch(uploadUrl, {
    method: "PATCH",
    headers: {
      ...TUS,
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      ...(cookie ? { cookie } : {}),
    },
    body: bytes,
  });
  return {
    status: response.status,
    location: null,
    body: await response.text(),
    setCookies: [],
    imageId: response.headers.get(IMAGE_ID_HEADER),
  };
}

/** Uploads a whole file as the listing form does; returns the last answer (image id on success). */
export async function uploadFile(
  baseUrl: string,
  cookie: string,
  file: string,
  bytes: Uint8Array<ArrayBuffer>,
) {
  const created = await createUpload(baseUrl, cookie, {
    "Upload-Length": String(bytes.byteLength),
    "Upload-Metadata": uploadMetadata({ filename: file, filetype: "image/png" }),
  });
  if (created.status !== 201 || !created.location) {
    throw new Error(`creating an upload answered ${created.status}: ${created.body}`);
  }
  return patchUpload(new URL(created.location, baseUrl).href, cookie, 0, bytes);
}

/** Uploads a real photo; returns its image id (pending until a listing uses it). */
export async function uploadPhoto(baseUrl: string, cookie: string, colour = "#2c6fbb") {
  const finished = await uploadFile(baseUrl, cookie, "house.jpg", await makeJpeg(colour));
  if (finished.status !== 204 || !finished.imageId) {
    throw new Error(`uploading a photo answered ${finished.status}: ${finished.body}`);
  }
  return finished.imageId;
}

/** A small real JPEG in one colour. */
export async function makeJpeg(colour: string): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await sharp({ create: { width: 480, height: 320, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(buffer);
}

/** A file of tests/fixtures. */
export async function fixture(name: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await readFile(path.join(REPO_ROOT, "tests/fixtures", name)));
}
