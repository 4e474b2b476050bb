import {
  imageStorageKey,
  type ProcessedImage,
  processImage,
} from "#app/modules/image/image.pipeline.server.ts";
import { storedWidths, variantKey } from "#app/modules/image/image.rules.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import {
  createPhotoRenderer,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
} from "#tooling/demo-data/photos/photos.render.server.ts";
import type { PhotoSpec } from "./demo-data.listing-generator.ts";

/** A photo stored as an upload would be: the base key of its WebP variants and its upright size. */
export type StoredPhoto = { storageKey: string; width: number; height: number };

/** Stores generated photos through the upload pipeline. */
export type PhotoStudio = {
  /**
   * Draws the picture `spec` describes as a JPEG, runs it through processImage like an upload and stores
   * every WebP variant under imageStorageKey(userId, "<kind>-<seed>.jpg", uuid). Does nothing but return the
   * photo when all its variants are already stored (a re-run).
   */
  store(userId: string, spec: PhotoSpec, uuid: string): Promise<StoredPhoto>;
  /** Ends the drawing threads. */
  close(): Promise<void>;
};

/**
 * A studio for one seeding run. Each distinct picture is drawn and processed once and kept in memory: the
 * demo reuses a few dozen pictures across many listings, and processing (mostly WebP encoding) is what costs.
 */
export function createPhotoStudio(storage: Storage): PhotoStudio {
  const processed = new Map<string, Promise<ProcessedImage>>();
  const renderer = createPhotoRenderer();

  function processOnce(spec: PhotoSpec): Promise<ProcessedImage> {
    const key = `${spec.kind}-${spec.seed}`;
    let result = processed.get(key);
    if (!result) {
      result = renderer.render(spec).then(processImage);
      processed.set(key, result);
    }
    return result;
  }

  return {
    async store(userId, spec, uuid) {
      const storageKey = imageStorageKey(userId, `${spec.kind}-${spec.seed}.jpg`, uuid);
      const widths = storedWidths(PHOTO_WIDTH);
      const stored = await Promise.all(widths.map((width) => storage.exists(variantKey(storageKey, width))));
      if (stored.every(Boolean)) return { storageKey, width: PHOTO_WIDTH, height: PHOTO_HEIGHT };
      const image = await processOnce(spec);
      await Promise.all(
        image.variants.map((variant) =>
          storage.put(variantKey(storageKey, variant.width), variant.buffer, "image/webp"),
        ),
      );
      return { storageKey, width: image.width, height: image.height };
    },
    close: () => renderer.close(),
  };
}
