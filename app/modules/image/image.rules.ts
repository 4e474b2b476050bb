// Browser-safe facts about stored photos, shared by the pipeline (which writes them) and the pages (cards,
// the gallery and the previews, which show them). What an upload must be is in image.upload.ts.

/** The WebP widths written for every photo; a photo narrower than one of them gets only the widths it fills. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/** The widths stored for a photo of this original width (always at least the smallest). */
export function storedWidths(originalWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? widths : [Math.min(originalWidth, IMAGE_WIDTHS[0])];
}

// A photo's base key is "images/{userId}-{fileName}-{uuid}" (SPEC.md section 3, image.pipeline.server.ts);
// each stored width is "{base key}-{width}.webp", served at "/{that key}". E-mails show a JPEG (Outlook shows
// no WebP): "{base key}-{width}.jpg", made from that width's WebP when first asked for and stored beside it.
const VARIANT_KEY = /^(images\/[A-Za-z0-9][A-Za-z0-9_-]*)-(\d{1,5})\.(webp|jpg)$/;

/** The widest photo e-mails show, in pixels (a 480 px column, sharp on most screens). */
export const MAIL_IMAGE_WIDTH = 800;

/** The storage key of one stored width of a photo. */
export function variantKey(storageKey: string, width: number) {
  return `${storageKey}-${width}.webp`;
}

/** The storage key of a photo's JPEG for e-mails, made from the WebP of the same width. */
export function mailVariantKey(storageKey: string, width: number) {
  return `${storageKey}-${width}.jpg`;
}

/**
 * The base key, width and format of a stored width's key (variantKey's and mailVariantKey's inverse), or null
 * for a key no upload writes.
 */
export function parseVariantKey(
  key: string,
): { storageKey: string; width: number; format: "webp" | "jpg" } | null {
  const match = VARIANT_KEY.exec(key);
  return match
    ? { storageKey: match[1]!, width: Number(match[2]), format: match[3] as "webp" | "jpg" }
    : null;
}

/** The width of a photo's e-mail JPEG: its widest stored width up to MAIL_IMAGE_WIDTH. */
export function mailImageWidth(originalWidth: number) {
  const widths = storedWidths(originalWidth).filter((width) => width <= MAIL_IMAGE_WIDTH);
  return widths.at(-1) ?? storedWidths(originalWidth)[0]!;
}

/**
 * The URL of a photo's JPEG for e-mails, always on this site (`publicUrl`): the app makes it from the stored
 * WebP, which also works when IMAGE_BASE_URL serves the WebPs from elsewhere.
 */
export function mailImageUrl(image: { storageKey: string; width: number }, publicUrl: string) {
  return `${publicUrl}/${mailVariantKey(image.storageKey, mailImageWidth(image.width))}`;
}

/**
 * The public URL of one stored width. Storage keys start with "images/": by default the app serves them under
 * /images/; with IMAGE_BASE_URL (`base`: a CDN or a public bucket holding the same keys) they come from there.
 */
export function imageUrl(storageKey: string, width: number, base = "") {
  return `${base}/${variantKey(storageKey, width)}`;
}

/** The URL of the widest stored WebP: for link previews and structured data, which want the biggest. */
export function largestImageUrl(image: { storageKey: string; width: number }, base = "") {
  return imageUrl(image.storageKey, storedWidths(image.width).at(-1)!, base);
}

export type ImageSources = { src: string; srcSet: string; width: number; height: number };

/**
 * src, srcset and intrinsic size for an <img>, so it is responsive and reserves its space; `base` is
 * IMAGE_BASE_URL (components read it with useImageBase()).
 */
export function imageSources(
  image: { storageKey: string; width: number; height: number },
  base = "",
): ImageSources {
  const widths = storedWidths(image.width);
  const middle = widths[Math.min(1, widths.length - 1)]!;
  return {
    src: imageUrl(image.storageKey, middle, base),
    srcSet: widths.map((width) => `${imageUrl(image.storageKey, width, base)} ${width}w`).join(", "),
    width: image.width,
    height: image.height,
  };
}

/**
 * An image's alt text: the lister's caption when there is one, else the listing's name for the cover and
 * "{name}, photo 2" ("{name}, floor plan 1") for the others.
 */
export function imageAlt(
  image: { caption: string | null },
  index: number,
  name: string,
  kind: "photo" | "floorPlan" = "photo",
) {
  if (image.caption) return image.caption;
  if (kind === "floorPlan") return `${name}, floor plan ${index + 1}`;
  return index === 0 ? name : `${name}, photo ${index + 1}`;
}
