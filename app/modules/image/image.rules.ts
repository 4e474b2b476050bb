// Browser-safe facts about stored photos, shared by the pipeline (which writes them) and the pages.

/** The WebP widths written for every photo; a photo narrower than one of them gets only the widths it fills. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/** The widths stored for a photo of this original width (always at least the smallest). */
export function storedWidths(originalWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length > 0 ? widths : [Math.min(originalWidth, IMAGE_WIDTHS[0])];
}

/** The public URL of one stored width: storage keys start with "images/", served under /images/. */
export function imageUrl(storageKey: string, width: number) {
  return `/${storageKey}-${width}.webp`;
}

export type ImageSources = { src: string; srcSet: string; width: number; height: number };

/** src, srcset and intrinsic size for an <img>, so it is responsive and reserves its space. */
export function imageSources(image: { storageKey: string; width: number; height: number }): ImageSources {
  const widths = storedWidths(image.width);
  const middle = widths[Math.min(1, widths.length - 1)]!;
  return {
    src: imageUrl(image.storageKey, middle),
    srcSet: widths.map((width) => `${imageUrl(image.storageKey, width)} ${width}w`).join(", "),
    width: image.width,
    height: image.height,
  };
}
