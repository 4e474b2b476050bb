import { Fragment, useEffect, useRef, useState } from "react";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { Icon } from "#app/components/icon.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { ACCEPTED_IMAGE_EXTENSIONS } from "#app/modules/image/image.upload.ts";
import { LISTING_LIMITS } from "#app/modules/listing/listing.schema.ts";
import { PhotoTile, photoTileId } from "./photo-tile.tsx";
import type { PhotoUploads } from "./use-photo-uploads.ts";

type Props = {
  id: string;
  /** The home's photos (the first is the cover) or its floor plans. */
  kind: "photo" | "floorPlan";
  photos: PhotoUploads;
  /** How many it takes (LISTING_PHOTOS_MAX for photos). */
  max: number;
  error?: string;
  /** Called when the user adds or removes photos (the field's message no longer applies). */
  onEdit: () => void;
  /** Uploading needs JavaScript: files chosen before it runs would be lost. */
  disabled?: boolean;
};

/** The form names a field's images and captions are submitted under (listing.schema.ts). */
const NAMES = {
  photo: { ids: "imageIds", captions: "imageCaptions" },
  floorPlan: { ids: "floorPlanIds", captions: "floorPlanCaptions" },
} as const;

/**
 * The Images field, or the Floor plan field: a drop zone ("Add photos": drag and drop on a desktop, tap on a
 * phone, or the keyboard's Space on the focused file input inside it). Each image uploads at once (resumably,
 * with its own progress) and may get a caption; the finished ones are submitted as ordered hidden ids with
 * their captions beside them, the first photo being the cover.
 */
export function PhotoField({ id, kind, photos, max, error, onEdit, disabled }: Props) {
  const hintId = `${id}-hint`;
  const describedBy = [hintId, errorId(id, error)].filter(Boolean).join(" ");
  const coverKey = kind === "photo" ? photos.items[0]?.key : undefined;
  const uploaded = photos.items.filter((item) => item.status === "done").length;
  const { t } = useI18n();
  const names = NAMES[kind];
  const [dragging, setDragging] = useState(false);
  // Moving, making cover and removing re-render the tiles, and the button that had the focus moves or goes:
  // the focus would fall back to <body>. After such a render it goes to the element named here instead.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const add = (files: File[]) => {
    photos.addFiles(files);
    onEdit();
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {kind === "photo" ? t("Images") : t("Floor plan")}
      </label>
      <p id={hintId} className="mb-2 text-sm text-muted">
        {kind === "photo"
          ? t("The first image will be the cover (max {count}).", { count: max })
          : t("Up to {count} plans, shown in their own section.", { count: LISTING_LIMITS.maxFloorPlans })}
      </p>
      {/* The zone is a second label of the input: a click or tap anywhere on it opens the file chooser. */}
      <label
        htmlFor={id}
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) add(Array.from(event.dataTransfer.files));
        }}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-focus has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-canvas ${
          error
            ? "border-danger bg-danger-soft"
            : dragging
              ? "border-brand bg-brand-soft"
              : "border-line-strong bg-surface hover:bg-surface-2"
        } ${disabled ? "cursor-not-allowed opacity-60" : ""}`}
      >
        <input
          id={id}
          type="file"
          multiple
          disabled={disabled}
          accept={ACCEPTED_IMAGE_EXTENSIONS.join(",")}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            // Lets the same file be chosen again after it was removed.
            event.target.value = "";
          }}
          className="sr-only"
        />
        <Icon className="size-9 text-accent" strokeWidth={1.8}>
          <path d="M4 16.5V19a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-2.5M12 15V4M7.5 8.5 12 4l4.5 4.5" />
        </Icon>
        <span className="font-bold">{kind === "photo" ? t("Add photos") : t("Add floor plans")}</span>
        <span className="text-sm text-muted">
          <span className="hidden sm:inline">{t("Drag and drop them here, or click to choose. ")}</span>
          {t("JPG or PNG.")}
        </span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
      <p aria-live="polite" className="mt-2 text-sm font-semibold text-muted">
        {photos.items.length > 0 ? t("{uploaded} of {count} images uploaded", { uploaded, count: max }) : ""}
      </p>
      {photos.items.length > 0 ? (
        <ul
          aria-label={kind === "photo" ? t("Selected photos") : t("Selected floor plans")}
          className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3"
        >
          {photos.items.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              count={photos.items.length}
              cover={item.key === coverKey}
              kind={kind}
              onCaption={(caption) => {
                photos.setCaption(item.key, caption);
                onEdit();
              }}
              onRetry={() => {
                focusNext.current = photoTileId(item.key);
                photos.retry(item.key);
                onEdit();
              }}
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
      {/* Each id with its caption, so the two lists keep the same order. */}
      {photos.items.map((item) =>
        item.status === "done" && item.imageId ? (
          <Fragment key={item.key}>
            <input type="hidden" name={names.ids} value={item.imageId} />
            <input type="hidden" name={names.captions} value={item.caption} />
          </Fragment>
        ) : null,
      )}
    </div>
  );
}
