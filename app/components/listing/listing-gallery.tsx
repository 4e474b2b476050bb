import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Icon } from "#app/components/icon.tsx";
import { HomeIcon } from "#app/components/icons.tsx";
import { useImageBase } from "#app/components/image-base.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { imageAlt, imageSources, largestImageUrl } from "#app/modules/image/image.rules.ts";
import type { ListingImage } from "#app/modules/listing/listing.model.ts";
import { PhotoStepButton } from "./photo-step-button.tsx";

type Props = {
  images: ListingImage[];
  name: string;
  /** Where the listing's floor plans are on the page ("#floor-plan"), when it has any. */
  floorPlanHref?: string;
};

// The full-screen viewer is only needed once someone asks for it: its code loads then, in its own chunk.
const PhotoViewer = lazy(() => import("./listing-photo-viewer.tsx"));

// White over the photo in both themes: it sits on a picture, not on the page.
const STEP_BUTTON = "size-11 bg-white/95 text-gray-900 shadow hover:bg-white aria-disabled:opacity-40";
const OVERLAY_LINK =
  "inline-flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-gray-900 shadow hover:bg-white";

/** The frame's shape: the cover's own, kept between square and 16:9 so one odd photo cannot make it absurd. */
function frameRatio(cover: ListingImage) {
  return Math.min(16 / 9, Math.max(1, cover.width / cover.height));
}

/**
 * The listing's photos, whole (each in its own aspect ratio, letterboxed in a frame shaped like the cover),
 * one at a time. Swiping and trackpads scroll a CSS scroll-snap strip; previous/next buttons, a counter and
 * (on wide screens) thumbnails work on top of it; a photo or "View full screen" opens the full-screen viewer.
 * Before JavaScript, "View full screen" opens the cover's largest size. The shown photo's caption is under
 * the frame (and is its alt text); "Floor plan" jumps to the plans.
 */
export function ListingGallery({ images, name, floorPlanHref }: Props) {
  const imageBase = useImageBase();
  const { t } = useI18n();
  const strip = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [current, setCurrent] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const count = images.length;
  const cover = images[0];

  // Back to where the focus was once the viewer is gone (while it is open, the page is inert).
  useEffect(() => {
    if (viewing !== null || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [viewing]);

  if (!cover) {
    return (
      <div className="flex aspect-[3/2] w-full items-center justify-center rounded-2xl bg-surface-2 text-muted">
        <HomeIcon className="size-16" />
        <span className="sr-only">{t("No photos of {name}", { name })}</span>
      </div>
    );
  }

  function show(index: number) {
    const element = strip.current;
    if (!element) return;
    const target = Math.max(0, Math.min(count - 1, index));
    element.scrollTo({ left: target * element.clientWidth, behavior: "smooth" });
    setCurrent(target);
  }

  function openViewer(index: number) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setViewing(index);
  }

  function closeViewer(index: number) {
    setViewing(null);
    show(index);
  }

  return (
    <div className="flex flex-col gap-3">
      <section
        aria-roledescription="carousel"
        aria-label={t("Photos of {name}", { name })}
        className="relative overflow-hidden bg-surface-2 sm:rounded-2xl"
        style={{ aspectRatio: frameRatio(cover) }}
      >
        <ul
          ref={strip}
          // Focusable so keyboard users can scroll the photos with the arrow keys, as swiping does on touch.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1).
          tabIndex={0}
          onScroll={(event) => {
            const element = event.currentTarget;
            setCurrent(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
          }}
          className="flex size-full snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none]"
        >
          {images.map((image, index) => (
            <li
              key={image.id}
              aria-roledescription="slide"
              aria-label={t("{index} of {count}", { index: index + 1, count })}
              className="size-full shrink-0 snap-center"
            >
              {/* A pointer's way into the viewer; keyboard users have "View full screen" (one tab stop). */}
              <button
                type="button"
                tabIndex={-1}
                onClick={() => openViewer(index)}
                className="size-full cursor-zoom-in"
              >
                <img
                  {...imageSources(image, imageBase)}
                  sizes="(min-width: 64rem) 52rem, 100vw"
                  alt={imageAlt(image, index, name)}
                  loading={index === 0 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : undefined}
                  decoding="async"
                  className="size-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
        {count > 1 ? (
          <>
            <PhotoStepButton
              side="left"
              disabled={current === 0}
              onClick={() => show(current - 1)}
              className={`left-3 ${STEP_BUTTON}`}
            />
            <PhotoStepButton
              side="right"
              disabled={current >= count - 1}
              onClick={() => show(current + 1)}
              className={`right-3 ${STEP_BUTTON}`}
            />
            <p
              aria-live="polite"
              className="absolute bottom-3 left-3 rounded-full bg-black/70 px-3 py-1 text-sm font-semibold text-white"
            >
              {current + 1} / {count}
            </p>
          </>
        ) : null}
        <div className="absolute right-3 bottom-3 flex gap-2">
          {floorPlanHref ? (
            <a href={floorPlanHref} className={OVERLAY_LINK}>
              <Icon className="size-4" strokeWidth={2.5}>
                <path d="M4 4h16v16H4zM4 12h7M11 4v12M15 12h5" />
              </Icon>
              {t("Floor plan")}
            </a>
          ) : null}
          <a
            href={largestImageUrl(images[current] ?? cover, imageBase)}
            onClick={(event) => {
              event.preventDefault();
              openViewer(current);
            }}
            className={OVERLAY_LINK}
          >
            <Icon className="size-4" strokeWidth={2.5}>
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            </Icon>
            {t("View full screen")}
          </a>
        </div>
      </section>
      {/* Every slide's caption is its alt text; the shown one's is written out for everyone here. */}
      {images.some((image) => image.caption) ? (
        <p aria-hidden="true" className="min-h-6 px-4 text-sm font-semibold text-muted sm:px-0">
          {images[current]?.caption ?? ""}
        </p>
      ) : null}
      {count > 1 ? (
        <ul aria-label={t("Thumbnails")} className="hidden gap-2 lg:flex">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={t("Show photo {index}", { index: index + 1 })}
                aria-current={index === current || undefined}
                onClick={() => show(index)}
                className={`block overflow-hidden rounded-lg border-2 ${
                  index === current ? "border-brand" : "border-transparent opacity-80 hover:opacity-100"
                }`}
              >
                <img
                  src={imageSources(image, imageBase).src}
                  alt=""
                  width={96}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-24 bg-surface-2 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewing !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer images={images} name={name} start={viewing} onClose={closeViewer} />
        </Suspense>
      ) : null}
    </div>
  );
}
