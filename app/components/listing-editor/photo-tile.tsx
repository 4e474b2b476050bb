import { useI18n } from "#app/components/use-i18n.ts";
import { LISTING_LIMITS } from "#app/modules/listing/listing.schema.ts";
import type { PhotoItem } from "./use-photo-uploads.ts";

type Props = {
  item: PhotoItem;
  index: number;
  count: number;
  /** The first photo that will be saved (failed uploads are skipped). */
  cover: boolean;
  /** Photos can be made the cover; floor plans never are. */
  kind: "photo" | "floorPlan";
  onCaption: (caption: string) => void;
  onRemove: () => void;
  onRetry: () => void;
  onMove: (offset: -1 | 1) => void;
  onMakeCover: () => void;
};

const smallButton =
  "rounded-lg border border-line-strong bg-surface px-2 py-1 text-sm font-semibold hover:bg-surface-2 disabled:opacity-40";

/** The id of a photo's tile, which takes the focus after the photo moved or its neighbour was removed. */
export const photoTileId = (key: string) => `photo-tile-${key}`;

/**
 * One photo (or floor plan) of the form: its thumbnail, its upload progress or error, its caption and the
 * buttons that order it.
 */
export function PhotoTile(props: Props) {
  const { item, index, count, cover, kind, onCaption, onRemove, onRetry, onMove, onMakeCover } = props;
  const { t, translate } = useI18n();
  const progressId = `photo-progress-${item.key}`;
  const captionId = `photo-caption-${item.key}`;
  return (
    // tabIndex -1: focusable from script only, so the focus lands on the tile it moved to (see PhotoField).
    <li
      id={photoTileId(item.key)}
      tabIndex={-1}
      className={`card flex flex-col gap-2 p-2 ${item.status === "failed" ? "border-danger" : ""}`}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-surface-2">
        {item.preview ? (
          <img src={item.preview} alt={item.name} className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center p-2 text-center text-sm text-muted">
            {item.name}
          </span>
        )}
        {cover ? (
          <span className="absolute top-2 left-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-on-brand">
            {t("Cover")}
          </span>
        ) : null}
      </div>
      <p className="truncate text-sm font-semibold" title={item.name}>
        {item.name}
      </p>
      {item.status === "uploading" || item.status === "processing" ? (
        <div>
          <label htmlFor={progressId} className="text-xs text-muted">
            {item.status === "processing"
              ? t("Processing {name}", { name: item.name })
              : t("Uploading {name}: {progress}%", { name: item.name, progress: item.progress })}
          </label>
          <progress id={progressId} max={100} value={item.progress} className="block h-2 w-full accent-brand">
            {item.progress}%
          </progress>
        </div>
      ) : null}
      {item.status === "done" ? <p className="text-xs font-semibold text-accent">{t("Uploaded")}</p> : null}
      {item.status !== "failed" ? (
        <div>
          <label htmlFor={captionId} className="text-xs font-semibold text-muted">
            {t("Caption")}
            <span className="sr-only"> {item.name}</span>
          </label>
          {/* No name: the caption is submitted beside its image id, once the upload is done (PhotoField). */}
          <input
            id={captionId}
            type="text"
            value={item.caption}
            maxLength={LISTING_LIMITS.captionMax}
            placeholder={kind === "photo" ? t("e.g. Kitchen with garden view") : t("e.g. Ground floor")}
            onChange={(event) => onCaption(event.target.value)}
            className="text-input mt-1 rounded-lg px-3 py-2"
          />
        </div>
      ) : null}
      {item.status === "failed" ? (
        <p role="alert" className="text-xs font-semibold text-danger">
          {item.error ? translate(item.error) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1">
        {item.status !== "failed" ? (
          <>
            <button
              type="button"
              className={smallButton}
              onClick={() => onMove(-1)}
              disabled={index === 0}
              aria-label={t("Move {name} left", { name: item.name })}
            >
              ←
            </button>
            <button
              type="button"
              className={smallButton}
              onClick={() => onMove(1)}
              disabled={index === count - 1}
              aria-label={t("Move {name} right", { name: item.name })}
            >
              →
            </button>
            {kind === "photo" && !cover ? (
              <button type="button" className={smallButton} onClick={onMakeCover}>
                {t("Make cover")}
                <span className="sr-only"> {item.name}</span>
              </button>
            ) : null}
          </>
        ) : null}
        {item.status === "failed" && item.retryable ? (
          <button type="button" className={smallButton} onClick={onRetry}>
            {t("Retry")}
            <span className="sr-only"> {item.name}</span>
          </button>
        ) : null}
        <button type="button" className={`${smallButton} text-danger`} onClick={onRemove}>
          {t("Remove")}
          <span className="sr-only"> {item.name}</span>
        </button>
      </div>
    </li>
  );
}
