import { useCallback, useEffect, useRef, useState } from "react";
import type { DetailedError, Upload } from "tus-js-client";
import { notify } from "#app/components/toaster.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import {
  hasAcceptedExtension,
  IMAGE_ID_HEADER,
  UNSUPPORTED_IMAGE_MESSAGE,
  UPLOADS_PATH,
} from "#app/modules/image/image.upload.ts";
import { LISTING_MESSAGES, type ListingFormPhoto } from "#app/modules/listing/listing.schema.ts";

// A dropped connection is retried (resuming from the server's offset) for about a minute before giving up.
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * One photo of the form: stored already, uploading, or failed. A failed one keeps the form from saving
 * ("Images not uploaded") until it is retried or removed.
 */
export type PhotoItem = {
  key: string;
  name: string;
  status: "uploading" | "processing" | "done" | "failed";
  /** Percent of the bytes sent. */
  progress: number;
  imageId: string | null;
  /** A thumbnail: the stored WebP, or the local file while it uploads. */
  preview: string | null;
  error: string | null;
  /** Whether Retry can send it again (the file is still at hand and of an accepted type). */
  retryable: boolean;
  /** The lister's caption, "" for none (submitted with the image id). */
  caption: string;
};

export type PhotoUploads = {
  items: PhotoItem[];
  /** Starts uploading the chosen files; refuses the whole choice ("Max 6 images") when it would exceed the limit. */
  addFiles(files: File[]): void;
  remove(key: string): void;
  /** Uploads a failed photo again. */
  retry(key: string): void;
  move(key: string, offset: -1 | 1): void;
  makeCover(key: string): void;
  setCaption(key: string, caption: string): void;
  /** Whether any upload is still running (the form waits for it before saving). */
  busy: boolean;
  /** Whether a photo failed (the form refuses to save until it is retried or removed). */
  failed: boolean;
};

/**
 * One toast for any number of failures close together: a later one replaces it instead of piling up (the
 * form's own refusal uses the same key, its words).
 */
const FAILED_TOAST_ID = LISTING_MESSAGES.imagesNotUploaded;

/**
 * A field's images: photos or floor plans, how many it takes, and what the lister is told when a choice would
 * exceed that.
 */
export type PhotoLimit = { kind: "photo" | "floorPlan"; max: number; tooMany: string };

/**
 * The photos (or floor plans) of the listing form and their resumable (tus) uploads, each with its own
 * progress and caption.
 */
export function usePhotoUploads(initial: ListingFormPhoto[], limit: PhotoLimit): PhotoUploads {
  const { t, translate } = useI18n();
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((photo, index) => ({
      key: photo.id,
      name:
        limit.kind === "photo"
          ? t("Photo {index}", { index: index + 1 })
          : t("Floor plan {index}", { index: index + 1 }),
      status: "done",
      progress: 100,
      imageId: photo.id,
      preview: photo.src,
      error: null,
      retryable: false,
      caption: photo.caption,
    })),
  );
  const uploads = useRef(new Map<string, Upload>());
  // The chosen files, kept for Retry until their photo is removed or the page left.
  const files = useRef(new Map<string, File>());
  const objectUrls = useRef(new Set<string>());

  const update = useCallback((key: string, patch: Partial<PhotoItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const fail = useCallback(
    (key: string, message: string) => {
      update(key, { status: "failed", error: message });
      notify("error", translate(LISTING_MESSAGES.imagesNotUploaded), FAILED_TOAST_ID);
    },
    [update, translate],
  );

  // Leaving the page stops the uploads and frees the local previews.
  useEffect(() => {
    const running = uploads.current;
    const urls = objectUrls.current;
    return () => {
      for (const upload of running.values()) void upload.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const start = useCallback(
    async (key: string, file: File) => {
      const { Upload } = await import("tus-js-client");
      const upload = new Upload(file, {
        endpoint: new URL(UPLOADS_PATH, window.location.href).href,
        retryDelays: RETRY_DELAYS,
        // Resume where the server stopped, even while the browser believes it is offline.
        onShouldRetry: (error) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          return status < 400 || status >= 500 || status === 409 || status === 423;
        },
        metadata: { filename: file.name, filetype: file.type },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => {
          const progress = total > 0 ? Math.floor((sent / total) * 100) : 0;
          update(key, { progress, status: progress >= 100 ? "processing" : "uploading" });
        },
        onSuccess: ({ lastResponse }) => {
          uploads.current.delete(key);
          const imageId = lastResponse.getHeader(IMAGE_ID_HEADER);
          if (imageId) update(key, { status: "done", progress: 100, imageId });
          else fail(key, msg("The server did not accept this image"));
        },
        onError: (error) => {
          uploads.current.delete(key);
          fail(key, uploadErrorMessage(error));
        },
      });
      uploads.current.set(key, upload);
      const previous = await upload.findPreviousUploads();
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    },
    [update, fail],
  );

  const addFiles = useCallback(
    (chosen: File[]) => {
      if (chosen.length === 0) return;
      // Failed photos count: they are still in the form until retried or removed.
      if (items.length + chosen.length > limit.max) {
        notify("error", translate(limit.tooMany));
        return;
      }
      const added = chosen.map((file): [PhotoItem, File] => {
        const accepted = hasAcceptedExtension(file.name);
        const preview = accepted ? URL.createObjectURL(file) : null;
        if (preview) objectUrls.current.add(preview);
        const item: PhotoItem = {
          key: crypto.randomUUID(),
          name: file.name,
          status: accepted ? "uploading" : "failed",
          progress: 0,
          imageId: null,
          preview,
          error: accepted ? null : UNSUPPORTED_IMAGE_MESSAGE,
          retryable: accepted,
          caption: "",
        };
        if (accepted) files.current.set(item.key, file);
        return [item, file];
      });
      setItems((current) => [...current, ...added.map(([item]) => item)]);
      // One toast for the whole choice; each refused photo's tile says why.
      if (added.some(([item]) => item.status === "failed"))
        notify("error", translate(LISTING_MESSAGES.imagesNotUploaded), FAILED_TOAST_ID);
      for (const [item, file] of added) {
        if (item.status !== "uploading") continue;
        start(item.key, file).catch(() => fail(item.key, msg("The upload could not start")));
      }
    },
    [items, start, fail, translate, limit],
  );

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      update(key, { status: "uploading", progress: 0, error: null });
      start(key, file).catch(() => fail(key, msg("The upload could not start")));
    },
    [update, start, fail],
  );

  const remove = useCallback((key: string) => {
    files.current.delete(key);
    const upload = uploads.current.get(key);
    if (upload) {
      uploads.current.delete(key);
      // Tells the server to drop what it received so far.
      void upload.abort(true).catch(() => undefined);
    }
    setItems((current) => {
      const item = current.find((candidate) => candidate.key === key);
      if (item?.preview && objectUrls.current.has(item.preview)) {
        URL.revokeObjectURL(item.preview);
        objectUrls.current.delete(item.preview);
      }
      return current.filter((candidate) => candidate.key !== key);
    });
  }, []);

  const move = useCallback((key: string, offset: -1 | 1) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key);
      const to = from + offset;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  }, []);

  const makeCover = useCallback((key: string) => {
    setItems((current) => {
      const item = current.find((candidate) => candidate.key === key);
      return item ? [item, ...current.filter((candidate) => candidate.key !== key)] : current;
    });
  }, []);

  const setCaption = useCallback((key: string, caption: string) => update(key, { caption }), [update]);

  const busy = items.some((item) => item.status === "uploading" || item.status === "processing");
  const failed = items.some((item) => item.status === "failed");
  return { items, addFiles, remove, retry, move, makeCover, setCaption, busy, failed };
}

/** The server's own words for a refused file (a 4xx body), else a generic message. */
function uploadErrorMessage(error: Error | DetailedError) {
  const response = "originalResponse" in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  const body = response?.getBody()?.trim();
  if (status >= 400 && status < 500 && body && body.length < 200) return body;
  return msg("The upload failed, please try again");
}
