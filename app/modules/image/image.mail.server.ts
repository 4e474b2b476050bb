import { Readable } from "node:stream";
import sharp from "sharp";
import { readStoredBytes, type Storage, type StoredObject } from "#app/providers/storage/storage.server.ts";
import { MAIL_IMAGE_WIDTH, mailVariantKey, parseVariantKey, variantKey } from "./image.rules.ts";

// E-mails show photos as JPEG: Outlook shows no WebP. A photo's JPEG is made from its stored WebP of the same
// width the first time it is asked for, and stored beside it (the photo's delete and the orphan sweep take it
// with the WebPs), so each is converted once.

const JPEG_QUALITY = 80;

/**
 * The stored JPEG under `key` ("images/…-800.jpg"), made from that width's WebP when missing; null when the key
 * is no mail JPEG or the photo has no such width.
 */
export async function findOrMakeMailJpeg(storage: Storage, key: string): Promise<StoredObject | null> {
  const parsed = parseVariantKey(key);
  if (parsed?.format !== "jpg" || parsed.width > MAIL_IMAGE_WIDTH) return null;
  const stored = await storage.get(key);
  if (stored) return stored;
  const webp = await storage.get(variantKey(parsed.storageKey, parsed.width));
  if (!webp) return null;
  const jpeg = await sharp(await readStoredBytes(webp.body))
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  await storage.put(mailVariantKey(parsed.storageKey, parsed.width), jpeg, "image/jpeg");
  return { body: Readable.from([jpeg]), contentType: "image/jpeg", size: jpeg.length };
}
