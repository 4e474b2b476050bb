import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { Icon } from "#app/components/icon.tsx";
import { useImageBase } from "#app/components/image-base.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { imageAlt, imageSources } from "#app/modules/image/image.rules.ts";
import type { ListingImage } from "#app/modules/listing/listing.model.ts";
import { PhotoStepButton } from "./photo-step-button.tsx";

type Props = {
  images: ListingImage[];
  name: string;
  /** The photo it opens on. */
  start: number;
  /** Told which photo was shown last, when the viewer closes. */
  onClose: (index: number) => void;
  /** The listing's photos (the default) or its floor plans. */
  kind?: "photo" | "floorPlan";
};

const STEP_BUTTON = "size-12 bg-white/15 hover:bg-white/25 aria-disabled:opacity-30";

/** How far a finger or pointer must travel sideways to count as a swipe to the next photo. */
const SWIPE_PX = 50;

/**
 * The listing's photos full screen, one at a time: arrow keys, the buttons or a swipe move between them;
 * Escape or Close leaves. A modal dialog: the page behind is inert and Tab cycles through the viewer's own
 * buttons. "Photo 2 of 5" is announced as it changes, with the photo's caption under it. Loaded on demand
 * (listing-gallery.tsx, listing-floor-plans.tsx).
 */
export default function PhotoViewer({ images, name, start, onClose, kind = "photo" }: Props) {
  const imageBase = useImageBase();
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const [index, setIndex] = useState(start);
  const count = images.length;
  const image = images[index] ?? images[0]!;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const go = (offset: number) => setIndex((shown) => Math.max(0, Math.min(count - 1, shown + offset)));

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "Tab") {
      keepFocusInside(event);
    }
  }

  function onPointerUp(event: PointerEvent) {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const distance = event.clientX - from;
    if (Math.abs(distance) >= SWIPE_PX) go(distance < 0 ? 1 : -1);
  }

  return (
    <dialog
      ref={dialog}
      aria-label={kind === "photo" ? t("Photos of {name}", { name }) : t("Floor plans of {name}", { name })}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: React closes the dialog by unmounting it, so the browser's own close is not needed.
        event.preventDefault();
        onClose(index);
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none flex-col bg-black open:flex p-0 text-white backdrop:bg-black"
    >
      <div className="flex items-center justify-between gap-4 p-3 sm:p-4">
        <p role="status" className="px-2 font-semibold">
          {kind === "photo"
            ? t("Photo {index} of {count}", { index: index + 1, count })
            : t("Floor plan {index} of {count}", { index: index + 1, count })}
        </p>
        <button
          type="button"
          onClick={() => onClose(index)}
          className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 font-semibold hover:bg-white/20"
        >
          <Icon className="size-5" strokeWidth={2.5}>
            <path d="M6 6l12 12M18 6L6 18" />
          </Icon>
          {t("Close")}
        </button>
      </div>
      <div
        className="relative flex min-h-0 grow touch-pan-y items-center justify-center px-2 pb-4 sm:px-20"
        onPointerDown={(event) => {
          swipeFrom.current = event.clientX;
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
      >
        <img
          key={image.id}
          {...imageSources(image, imageBase)}
          sizes="100vw"
          alt={imageAlt(image, index, name, kind)}
          draggable={false}
          className={`max-h-full max-w-full object-contain select-none ${kind === "floorPlan" ? "bg-white" : ""}`}
        />
        {count > 1 ? (
          <>
            <PhotoStepButton
              side="left"
              disabled={index === 0}
              onClick={() => go(-1)}
              className={`left-2 sm:left-4 ${STEP_BUTTON}`}
              iconClassName="size-7"
            />
            <PhotoStepButton
              side="right"
              disabled={index === count - 1}
              onClick={() => go(1)}
              className={`right-2 sm:right-4 ${STEP_BUTTON}`}
              iconClassName="size-7"
            />
          </>
        ) : null}
      </div>
      {/* The caption is also the photo's alt text: hidden from screen readers here, so it is read once. */}
      {image.caption ? (
        <p aria-hidden="true" className="px-4 pb-5 text-center text-base font-semibold text-white/90">
          {image.caption}
        </p>
      ) : null}
    </dialog>
  );
}

/** Tab from the last button goes to the first and Shift+Tab from the first to the last, never out of the viewer. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>("button")];
  const first = buttons[0];
  const last = buttons.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
