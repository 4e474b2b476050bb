import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import type { ImageRow } from "#app/db/schema.ts";
import { logger } from "#app/logger.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import {
  type ImageRejectionReason,
  imageStorageKey,
  processImage,
  sanitizeFileName,
} from "./image.pipeline.server.ts";
import { deletePendingImages, findPendingImagesBefore, insertImage } from "./image.repo.server.ts";
import { IMAGE_WIDTHS, mailImageWidth, mailVariantKey, storedWidths, variantKey } from "./image.rules.ts";
import { UNSUPPORTED_IMAGE_MESSAGE } from "./image.upload.ts";

export type ImageServiceDeps = { db: Db; storage: Storage };

/** An upload that never became part of a listing is deleted after this long (rows, files, staging). */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

const REJECTION_MESSAGES: Record<ImageRejectionReason, string> = {
  "not-an-image": "This file is not a readable image",
  "unsupported-type": UNSUPPORTED_IMAGE_MESSAGE,
  "too-large": "This image has too many pixels",
};

/** What the uploader is told when the pipeline refuses a file. */
export function imageRejectionMessage(reason: ImageRejectionReason) {
  return REJECTION_MESSAGES[reason];
}

export type UploadedFile = {
  /** The image id to use (the tus upload id, so the client knows it from its upload URL). */
  id: string;
  userId: string;
  /** The file name the browser sent; only a sanitized slug of it reaches the storage key. */
  fileName: string;
  data: Buffer;
  /** The URL it was fetched from (the API, imports); none for an upload. */
  sourceUrl?: string;
};

/**
 * Decodes an upload, stores its WebP variants and a pending image row (no listing yet), and returns the row.
 * Throws ImageRejectedError for a file that is not an acceptable photo; then nothing is stored.
 */
export async function storeUploadedImage(deps: ImageServiceDeps, file: UploadedFile, now = Date.now()) {
  const processed = await processImage(file.data);
  const storageKey = imageStorageKey(file.userId, sanitizeFileName(file.fileName), randomUUID());
  const row: ImageRow = {
    id: file.id,
    userId: file.userId,
    listingId: null,
    position: 0,
    storageKey,
    width: processed.width,
    height: processed.height,
    createdAt: now,
    // What it shows and its caption are the listing form's, set when a save attaches it.
    kind: "photo",
    caption: null,
    agencyId: null,
    sourceUrl: file.sourceUrl ?? null,
  };
  try {
    await Promise.all(
      processed.variants.map((variant) =>
        deps.storage.put(variantKey(storageKey, variant.width), variant.buffer, "image/webp"),
      ),
    );
    await insertImage(deps.db, row);
  } catch (error) {
    // Without its row nothing would ever find these files again.
    await deleteImageFiles(deps.storage, [row]);
    throw error;
  }
  return row;
}

/** Every storage key an image may have written (each possible width, whatever its size was, and its mail JPEG). */
export function imageFileKeys(image: Pick<ImageRow, "storageKey" | "width">): string[] {
  const widths = new Set([...storedWidths(image.width), ...IMAGE_WIDTHS]);
  return [
    ...[...widths].map((width) => variantKey(image.storageKey, width)),
    mailVariantKey(image.storageKey, mailImageWidth(image.width)),
  ];
}

/**
 * Deletes the files of images whose rows are already gone. A failure is logged, not thrown: the write that
 * removed the rows has committed, and a leftover file is harmless (unreferenced, unguessable key).
 */
export async function deleteImageFiles(
  storage: Storage,
  images: readonly Pick<ImageRow, "storageKey" | "width">[],
) {
  if (images.length === 0) return;
  try {
    await storage.delete(images.flatMap(imageFileKeys));
  } catch (error) {
    logger.error(
      { err: error, keys: images.map((image) => image.storageKey) },
      "could not delete image files",
    );
  }
}

/** Deletes uploads that never became part of a listing and are older than `maxAgeMs`; returns how many. */
export async function deleteAbandonedImages(
  deps: ImageServiceDeps,
  now = Date.now(),
  maxAgeMs = ABANDONED_UPLOAD_AGE_MS,
) {
  let deleted = 0;
  for (;;) {
    const candidates = await findPendingImagesBefore(deps.db, now - maxAgeMs);
    if (candidates.length === 0) return deleted;
    const rows = await deletePendingImages(
      deps.db,
      candidates.map((image) => image.id),
    );
    await deleteImageFiles(deps.storage, rows);
    deleted += rows.length;
    // Every candidate was attached meanwhile: nothing more to do this round.
    if (rows.length === 0) return deleted;
  }
}
