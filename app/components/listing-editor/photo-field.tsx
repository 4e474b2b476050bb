import { useEffect, useRef } from "react";
import { ACCEPTED_IMAGE_EXTENSIONS } from "#app/modules/image/image.upload.ts";
import { LISTING_LIMITS } from "#app/modules/listing/listing.schema.ts";
import { errorId, FieldError } from "./field-error.tsx";
import { PhotoTile, photoTileId } from "./photo-tile.tsx";
import type { PhotoUploads } from "./use-photo-uploads.ts";

type Props = {
  id: string;
  photos: PhotoUploads;
  error?: string;
  /** Called when the user adds or removes photos (the field's message no longer applies). */
  onEdit: () => void;
  /** Uploading needs JavaScript: files chosen before it runs would be lost. */
  disabled?: boolean;
};

/**
 * The Images field: choosing files uploads each one at once (resumably, with its own progress bar); the
 * finished ones are submitted as ordered hidden `imageIds`, the first being the cover.
 */
export function PhotoField({ id, photos, error, onEdit, disabled }: Props) {
  const hintId = `${id}-hint`;
  const describedBy = [hintId, errorId(id, error)].filter(Boolean).join(" ");
  const coverKey = photos.items.find((item) => item.status !== "failed")?.key;
  const uploaded = photos.items.filter((item) => item.status === "done").length;
  // Moving, making cover and removing re-render the tiles, and the button that had the focus moves or goes:
  // the focus would fall back to <body>. After such a render it goes to the element named here instead.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Images
      </label>
      <p id={hintId} className="mb-2 text-sm text-muted">
        The first image will be the cover (max 6).
      </p>
      <input
        id={id}
        type="file"
        multiple
        disabled={disabled}
        accept={ACCEPTED_IMAGE_EXTENSIONS.join(",")}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          photos.addFiles(Array.from(event.target.files ?? []));
          onEdit();
          // Lets the same file be chosen again after it was removed.
          event.target.value = "";
        }}
        className="block w-full rounded-xl border border-gray-300 bg-white p-3 text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-bold file:text-white hover:file:bg-brand-700"
      />
      <FieldError id={`${id}-error`} message={error} />
      <p aria-live="polite" className="mt-2 text-sm text-muted">
        {photos.items.length > 0 ? `${uploaded} of ${LISTING_LIMITS.maxImages} images uploaded` : ""}
      </p>
      {photos.items.length > 0 ? (
        <ul aria-label="Selected photos" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.items.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              count={photos.items.length}
              cover={item.key === coverKey}
              onRemove={() => {
                const neighbour = photos.items[index + 1] ?? photos.items[index - 1];
                focusNext.current = neighbour ? photoTileId(neighbour.key) : id;
                photos.remove(item.key);
                onEdit();
              }}
              onMove={(offset) => {
                focusNext.current = photoTileId(item.key);
                photos.move(item.key, offset);
              }}
              onMakeCover={() => {
                focusNext.current = photoTileId(item.key);
                photos.makeCover(item.key);
              }}
            />
          ))}
        </ul>
      ) : null}
      {photos.items.map((item) =>
        item.status === "done" && item.imageId ? (
          <input key={item.key} type="hidden" name="imageIds" value={item.imageId} />
        ) : null,
      )}
    </div>
  );
}
