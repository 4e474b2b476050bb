import { Link } from "react-router";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";

type Props = {
  id: string;
  heading: string;
  /** The whole list this strip is the start of, and the link's words. */
  more?: { to: string; label: string };
  listings: ListingSummary[];
  /** Of these listings, those the viewer saved. */
  savedIds?: string[];
  /** The strip is in a phone's first screen: its first covers load at once, the first before other images. */
  eager?: boolean;
};

// A strip card is about 17rem wide on phones (the 800 px photo), a quarter of the page on wide screens.
const STRIP_SIZES = "(min-width: 80rem) 19rem, (min-width: 64rem) 23vw, (min-width: 40rem) 46vw, 272px";

/**
 * A titled row of listing cards on Explore: a row that scrolls sideways (snapping to each card) on phones,
 * a grid on wide screens. Server-rendered; no script.
 */
export function ListingStrip({ id, heading, more, listings, savedIds = [], eager = false }: Props) {
  const { t } = useI18n();
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={id} className="section-heading">
          {heading}
        </h2>
        {more ? (
          <Link to={more.to} className="link shrink-0 text-sm">
            {more.label}
          </Link>
        ) : null}
      </div>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:grid sm:snap-none sm:grid-cols-2 sm:gap-x-6 sm:gap-y-8 sm:overflow-visible sm:px-0 lg:grid-cols-4 [&>li]:w-[17rem] [&>li]:shrink-0 [&>li]:snap-start sm:[&>li]:w-auto">
        {listings.map((listing, index) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            eager={eager && index < 4}
            priority={eager && index === 0}
            headingLevel={3}
            listLabel={t("Explore")}
            sizes={STRIP_SIZES}
            saved={savedIds.includes(listing.id)}
          />
        ))}
      </ul>
    </section>
  );
}
