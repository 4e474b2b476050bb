import { Link } from "react-router";
import { BathIcon, BedIcon, EditIcon, HomeIcon, TrashIcon } from "#app/components/icons.tsx";
import { imageSources } from "#app/modules/image/image.rules.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  listingPath,
  priceParts,
  regularPriceLabel,
  typeLabel,
} from "#app/modules/listing/listing.rules.ts";
import { useBackState } from "./back-link.tsx";

export type ListingCardProps = {
  listing: ListingSummary;
  /** Shows a delete icon (SPEC.md: only when the parent screen supplies the handler). */
  onDelete?: (id: string, name: string) => void;
  /** Shows an edit icon (SPEC.md: only when the parent screen supplies the handler). */
  onEdit?: (id: string) => void;
  /** Loads the cover at once: for the first cards, which are visible without scrolling. */
  eager?: boolean;
  /** Fetches the cover before other images: for the first card, whose cover is the page's largest paint. */
  priority?: boolean;
  /** The level of the name's heading under the page's own headings (2 under the h1, 3 under a section's h2). */
  headingLevel?: 2 | 3;
  /** The heading of the list the card is on: the listing's page offers "Back to" it. */
  listLabel?: string;
  /** The cover's `sizes`: how wide the card is drawn at each screen width. */
  sizes?: string;
  /** Says For Rent or For Sale on the photo: for lists of both (not a category, where every card is one). */
  showType?: boolean;
};

/**
 * Phones draw a card the width of the screen; the cover is asked for as if 300 px wide, which picks the 800 px
 * photo on most phones (sharp at that size) rather than the 1600 px one, for a quicker first paint.
 */
export const CARD_GRID_SIZES =
  "(min-width: 80rem) 19rem, (min-width: 64rem) 30vw, (min-width: 40rem) 46vw, 300px";

/** A listing in a list: cover photo, price, name, location and room counts, linking to its page. */
export function ListingCard({
  listing,
  onDelete,
  onEdit,
  eager = false,
  priority = false,
  headingLevel = 2,
  listLabel,
  sizes = CARD_GRID_SIZES,
  showType = true,
}: ListingCardProps) {
  const cover = listing.images[0] && imageSources(listing.images[0]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { amount, suffix } = priceParts(listing);
  const regular = regularPriceLabel(listing);
  const backState = useBackState(listLabel);
  return (
    <li className="group relative flex min-w-0 flex-col">
      <Link
        to={listingPath(listing)}
        state={backState}
        prefetch="intent"
        className="flex min-w-0 grow flex-col gap-3 rounded-2xl focus-visible:outline-offset-4"
      >
        <div className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-surface-2">
          {cover ? (
            <img
              src={cover.src}
              srcSet={cover.srcSet}
              sizes={sizes}
              width={cover.width}
              height={cover.height}
              alt={listing.name}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-muted">
              <HomeIcon className="size-12" />
            </div>
          )}
          {showType ? (
            <span className="badge absolute bottom-3 left-3 bg-surface/95 shadow-sm">
              {typeLabel(listing.type)}
            </span>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-1 px-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="whitespace-nowrap">
              <span className="text-xl font-extrabold tracking-tight">{amount}</span>
              {suffix ? <span className="font-semibold text-muted">{suffix}</span> : null}
            </span>
            {regular ? (
              <>
                <span className="sr-only">, was </span>
                <del className="text-sm font-semibold text-muted">{regular}</del>
              </>
            ) : null}
          </p>
          <Heading className="line-clamp-2 text-base leading-snug font-bold">{listing.name}</Heading>
          <p className="truncate text-sm text-muted">{listing.location}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              <BedIcon className="size-4" /> {bedroomsLabel(listing.bedrooms)}
            </span>
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              <BathIcon className="size-4" /> {bathroomsLabel(listing.bathrooms)}
            </span>
          </p>
        </div>
      </Link>
      {onDelete || onEdit ? (
        // Outside the link: a button inside an <a> is invalid and would also follow the link. On the photo, so
        // the name and price keep the card's whole width.
        <div className="absolute top-2 right-2 flex gap-2">
          {onEdit ? (
            <button
              type="button"
              onClick={() => onEdit(listing.id)}
              aria-label={`Edit ${listing.name}`}
              className="flex size-10 items-center justify-center rounded-full bg-surface/95 text-ink shadow-md hover:bg-surface"
            >
              <EditIcon />
            </button>
          ) : null}
          {onDelete ? (
            <button
              type="button"
              onClick={() => onDelete(listing.id, listing.name)}
              aria-label={`Delete ${listing.name}`}
              className="flex size-10 items-center justify-center rounded-full bg-surface/95 text-danger shadow-md hover:bg-surface"
            >
              <TrashIcon />
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
