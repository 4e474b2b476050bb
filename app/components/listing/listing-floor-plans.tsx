import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useImageBase } from "#app/components/image-base.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { imageAlt, imageSources } from "#app/modules/image/image.rules.ts";
import type { ListingImage } from "#app/modules/listing/listing.model.ts";

type Props = { floorPlans: ListingImage[]; name: string };

/** The section's id: the gallery's "Floor plan" link jumps here. */
export const FLOOR_PLAN_SECTION_ID = "floor-plan";

const PhotoViewer = lazy(() => import("./listing-photo-viewer.tsx"));

/**
 * The listing's floor plans in a section of their own, under the photos: each whole on white (plans are
 * line drawings), with its caption; pressing one opens it full screen in the photo viewer. Nothing without
 * plans.
 */
export function ListingFloorPlans({ floorPlans, name }: Props) {
  const imageBase = useImageBase();
  const { t } = useI18n();
  const [viewing, setViewing] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  // Back to the plan that opened the viewer once it is gone.
  useEffect(() => {
    if (viewing !== null || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [viewing]);

  if (floorPlans.length === 0) return null;
  return (
    <section id={FLOOR_PLAN_SECTION_ID} aria-labelledby="listing-floor-plan" className="scroll-mt-24">
      <h2 id="listing-floor-plan" className="section-heading mb-3">
        {t("Floor plan")}
      </h2>
      <ul className={`grid gap-4 ${floorPlans.length > 1 ? "sm:grid-cols-2" : ""}`}>
        {floorPlans.map((plan, index) => (
          <li key={plan.id}>
            <figure className="card overflow-hidden">
              <button
                type="button"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setViewing(index);
                }}
                className="block w-full cursor-zoom-in bg-white p-3"
              >
                <img
                  {...imageSources(plan, imageBase)}
                  sizes="(min-width: 64rem) 26rem, 100vw"
                  alt={imageAlt(plan, index, name, "floorPlan")}
                  loading="lazy"
                  decoding="async"
                  className="mx-auto max-h-[28rem] w-full object-contain"
                />
              </button>
              {plan.caption ? (
                <figcaption
                  aria-hidden="true"
                  className="border-t border-line px-4 py-2 text-sm font-semibold"
                >
                  {plan.caption}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
      {viewing !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer
            images={floorPlans}
            name={name}
            start={viewing}
            kind="floorPlan"
            onClose={() => setViewing(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
