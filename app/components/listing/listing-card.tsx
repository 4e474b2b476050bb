import { Link } from "react-router";
import { BathIcon, BedIcon, EditIcon, HomeIcon, TrashIcon } from "#app/components/icons.tsx";
import { useImageBase } from "#app/components/image-base.tsx";
import { imageSources } from "#app/modules/image/image.rules.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  formatPrice,
  listingPath,
} from "#app/modules/listing/listing.rules.ts";

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
};

/** A listing in a list: cover photo, location, name, price and room counts, linking to its page. */
export function ListingCard({
  listing,
  onDelete,
  onEdit,
  eager = false,
  priority = false,
  headingLevel = 2,
}: ListingCardProps) {
  const imageBase = useImageBase();
  const cover = listing.images[0] && imageSources(listing.images[0], imageBase);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="card relative flex p-0 transition hover:shadow-md">
      <Link
        to={listingPath(listing)}
        prefetch="intent"
        className="flex min-w-0 grow gap-4 rounded-2xl p-3 focus-visible:outline-offset-0"
      >
        {cover ? (
          <img
            src={cover.src}
            srcSet={cover.srcSet}
            // The cover is 9rem wide on phones and 11rem from the sm breakpoint on.
            sizes="(min-width: 40rem) 11rem, 9rem"
            width={cover.width}
            height={cover.height}
            alt={listing.name}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className="h-28 w-36 shrink-0 rounded-xl bg-gray-200 object-cover sm:h-32 sm:w-44"
          />
        ) : (
          <div className="flex h-28 w-36 shrink-0 items-center justify-center rounded-xl bg-gray-200 text-gray-600 sm:h-32 sm:w-44">
            <HomeIcon className="size-10" />
          </div>
        )}
        <div className={`flex min-w-0 flex-col gap-1 ${onDelete || onEdit ? "pr-16" : ""}`}>
          <p className="truncate text-sm text-muted">{listing.location}</p>
          <Heading className="line-clamp-2 text-lg leading-snug font-bold">{listing.name}</Heading>
          <p className="font-bold text-brand-700">{formatPrice(listing)}</p>
          <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              <BedIcon /> {bedroomsLabel(listing.bedrooms)}
            </span>
            <span className="inline-flex items-center gap-1">
              <BathIcon /> {bathroomsLabel(listing.bathrooms)}
            </span>
          </p>
        </div>
      </Link>
      {onDelete || onEdit ? (
        // Outside the link: a button inside an <a> is invalid and would also follow the link.
        <div className="absolute top-2 right-2 flex gap-1">
          {onEdit ? (
            <button
              type="button"
              onClick={() => onEdit(listing.id)}
              aria-label={`Edit ${listing.name}`}
              className="rounded-full p-2 text-gray-700 hover:bg-gray-100 hover:text-ink"
            >
              <EditIcon />
            </button>
          ) : null}
          {onDelete ? (
            <button
              type="button"
              onClick={() => onDelete(listing.id, listing.name)}
              aria-label={`Delete ${listing.name}`}
              className="rounded-full p-2 text-red-700 hover:bg-red-50"
            >
              <TrashIcon />
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
