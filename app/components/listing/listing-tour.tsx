import { useState } from "react";
import { useI18n } from "#app/components/use-i18n.ts";

type Props = {
  /** The frame's URL, built by the server from the tour link's parsed id (listing.tour.ts). */
  embedUrl: string;
  name: string;
};

/**
 * The listing's video or virtual tour: a plain placeholder with "Play the tour" until the visitor presses it,
 * and only then the provider's frame, so a visit costs no third-party request (nor its cookies) before they ask.
 */
export function ListingTour({ embedUrl, name }: Props) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState(false);
  return (
    <section aria-labelledby="listing-tour">
      <h2 id="listing-tour" className="section-heading mb-3">
        {t("Video or virtual tour")}
      </h2>
      <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-ink">
        {playing ? (
          <iframe
            src={embedUrl}
            title={t("Tour of {name}", { name })}
            className="absolute inset-0 size-full border-0"
            allow="autoplay; fullscreen; picture-in-picture; xr-spatial-tracking"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white"
          >
            <span
              aria-hidden="true"
              className="flex size-16 items-center justify-center rounded-full bg-white/90 text-2xl text-ink shadow-lg"
            >
              ▶
            </span>
            <span className="text-lg font-bold">{t("Play the tour")}</span>
            <span className="text-sm text-white/80">{t("Loads the video from its provider")}</span>
          </button>
        )}
      </div>
    </section>
  );
}
