import sharp, { type Metadata } from "sharp";
import { foldToLowerAscii } from "#app/modules/text/text.fold.ts";
import { storedWidths } from "./image.rules.ts";

/** Photos above this many pixels are refused before decoding: a small file can expand to gigabytes. */
export const MAX_INPUT_PIXELS = 40_000_000;

const WEBP_QUALITY = 75;
// Decided by content, never by file name: these are the formats the spec accepts (jpg, jpeg, png).
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png"]);

export type ImageRejectionReason = "not-an-image" | "unsupported-type" | "too-large";

/** The upload is not a photo we accept; `reason` says why. */
export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
  readonly reason: ImageRejectionReason;
  constructor(reason: ImageRejectionReason, options?: ErrorOptions) {
    super(`image rejected: ${reason}`, options);
    this.reason = reason;
  }
}

export type ImageVariant = { width: number; buffer: Buffer };
export type ProcessedImage = {
  /** Upright size of the original (after EXIF rotation). */
  width: number;
  height: number;
  /** WebP renditions, narrowest first, without any metadata. */
  variants: ImageVariant[];
};

/**
 * Decodes a JPEG or PNG upload, turns it upright, drops all metadata (EXIF GPS included) and encodes the
 * WebP variants. Throws ImageRejectedError for anything that is not an acceptable photo.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const { width, height } = await inspect(input);
  const widths = storedWidths(width);
  try {
    // Each clone decodes the input on its own; JPEG shrink-on-load keeps the narrow ones cheap. The pixel
    // limit stays on as a second guard behind the header check. failOn "error" (not the stricter default
    // "warning") accepts the slightly malformed JPEGs some phones write, still refusing truncated data.
    const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).autoOrient();
    const variants = await Promise.all(
      widths.map(async (variantWidth) => ({
        width: variantWidth,
        // Without keepMetadata/withMetadata sharp writes no EXIF, XMP or ICC, and converts to sRGB.
        buffer: await upright
          .clone()
          .resize({ width: variantWidth, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    );
    return { width, height, variants };
  } catch (error) {
    // A header that parsed but pixel data that does not (truncated or corrupt file).
    throw new ImageRejectedError("not-an-image", { cause: error });
  }
}

/** Reads only the header: format and size are known before a single pixel is decoded. */
async function inspect(input: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // No pixel limit here: the header is small whatever it claims, and the claim is checked below.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageRejectedError("not-an-image", { cause: error });
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw new ImageRejectedError("unsupported-type");
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageRejectedError("too-large");
  return metadata.autoOrient;
}

const MAX_SLUG_LENGTH = 40;
/**
 * Turns an uploaded file name into a short ASCII slug for a storage key: no path, no extension, lower
 * case, letters and digits joined by "-", at most 40 characters; "photo" when nothing is left.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const slug = foldToLowerAscii(stem)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
  return slug || "photo";
}

/** The base key of an upload, "images/{userId}-{fileName}-{uuid}" (SPEC); variantKey adds "-{width}.webp". */
export function imageStorageKey(
  userId: string,
  fileName: string,
  uuid: string = crypto.randomUUID(),
): string {
  // Both become part of a path: refuse anything that is not a plain id rather than trying to repair it.
  if (!/^[A-Za-z0-9_-]+$/.test(userId)) throw new Error(`invalid user id for an image key: ${userId}`);
  if (!/^[A-Za-z0-9-]+$/.test(uuid)) throw new Error(`invalid uuid for an image key: ${uuid}`);
  return `images/${userId}-${sanitizeFileName(fileName)}-${uuid}`;
}
