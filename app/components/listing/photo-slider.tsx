import { useRef, useState } from "react";
import { HomeIcon } from "#app/components/icons.tsx";
import { useImageBase } from "#app/components/image-base.tsx";
import { imageSources } from "#app/modules/image/image.rules.ts";
import type { ListingImage } from "#app/modules/listing/listing.model.ts";

type Props = { images: ListingImage[]; name: string };

/**
 * The listing's photos, one at a time. Swiping and trackpads scroll a CSS scroll-snap strip (no script
 * needed); the previous/next buttons and the counter work on top of it for mouse and keyboard users.
 */
export function PhotoSlider({ images, name }: Props) {
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const imageBase = useImageBase();
  const count = images.length;

  if (count === 0) {
    return (
      <div className="flex aspect-[16/9] max-h-[28rem] w-full items-center justify-center bg-gray-200 text-gray-600">
        <HomeIcon className="size-16" />
        <span className="sr-only">No photos of {name}</span>
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

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
      className="relative bg-gray-900"
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
        className="flex aspect-[16/9] max-h-[28rem] w-full snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none]"
      >
        {images.map((image, index) => (
          <li
            key={image.id}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="h-full w-full shrink-0 snap-center"
          >
            <img
              {...imageSources(image, imageBase)}
              sizes="100vw"
              alt={index === 0 ? name : `${name}, photo ${index + 1}`}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              decoding="async"
              className="h-full w-full object-cover"
            />
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <>
          <SlideButton
            label="Previous photo"
            side="left"
            disabled={current === 0}
            onClick={() => show(current - 1)}
          />
          <SlideButton
            label="Next photo"
            side="right"
            disabled={current >= count - 1}
            onClick={() => show(current + 1)}
          />
          <p
            aria-live="polite"
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-black/70 px-3 py-1 text-sm font-semibold text-white"
          >
            {current + 1} / {count}
          </p>
        </>
      ) : null}
    </section>
  );
}

function SlideButton({
  label,
  side,
  disabled,
  onClick,
}: {
  label: string;
  side: "left" | "right";
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      // aria-disabled rather than disabled: a disabled button drops the keyboard focus at the first or last photo.
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
      className={`absolute top-1/2 ${side === "left" ? "left-3" : "right-3"} flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white aria-disabled:opacity-40`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        aria-hidden="true"
      >
        <path
          d={side === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
