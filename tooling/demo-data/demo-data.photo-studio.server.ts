import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  imageStorageKey,
  type ProcessedImage,
  processImage,
} from "#app/modules/image/image.pipeline.server.ts";
import { storedWidths, variantKey } from "#app/modules/image/image.rules.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import {
  DEMO_PHOTO_FOLDER,
  DEMO_PHOTO_HEIGHT,
  DEMO_PHOTO_WIDTH,
  type DemoPhoto,
} from "./demo-data.photos.ts";

/** A photo stored as an upload would be: the base key of its WebP variants and its upright size. */
export type StoredPhoto = { storageKey: string; width: number; height: number };

/** Stores the demo's photo files through the upload pipeline. */
export type PhotoStudio = {
  /**
   * Runs the file `photo` names through processImage like an upload and stores every WebP variant under
   * imageStorageKey(userId, photo.file, uuid). Does nothing but return the photo when all its variants are
   * already stored (a re-run).
   */
  store(userId: string, photo: DemoPhoto, uuid: string): Promise<StoredPhoto>;
};

/**
 * A studio for one seeding run. Each file is read and processed once and kept in memory: the demo shows a few
 * dozen photos across many listings, and processing (mostly WebP encoding) is what costs.
 */
export function createPhotoStudio(storage: Storage, folder = path.resolve(DEMO_PHOTO_FOLDER)): PhotoStudio {
  const processed = new Map<string, Promise<ProcessedImage>>();

  function processOnce(photo: DemoPhoto): Promise<ProcessedImage> {
    let result = processed.get(photo.file);
    if (!result) {
      result = readFile(path.join(folder, photo.file)).then(processImage);
      processed.set(photo.file, result);
    }
    return result;
  }

  return {
    async store(userId, photo, uuid) {
      const storageKey = imageStorageKey(userId, photo.file, uuid);
      const widths = storedWidths(DEMO_PHOTO_WIDTH);
      const stored = await Promise.all(widths.map((width) => storage.exists(variantKey(storageKey, width))));
      if (stored.every(Boolean)) return { storageKey, width: DEMO_PHOTO_WIDTH, height: DEMO_PHOTO_HEIGHT };
      const image = await processOnce(photo);
      await Promise.all(
        image.variants.map((variant) =>
          storage.put(variantKey(storageKey, variant.width), variant.buffer, "image/webp"),
        ),
      );
      return { storageKey, width: image.width, height: image.height };
    },
  };
}
