import { type ReactNode, useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { BathIcon, BedIcon, EditIcon, HeartIcon, HomeIcon, TrashIcon } from "#app/components/icons.tsx";
import { useImageBase } from "#app/components/image-base.tsx";
import { setSavedLocally, usePersonal } from "#app/components/personal/personal-store.ts";
import { useAreaUnit } from "#app/components/shell/use-root-data.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import { imageSources } from "#app/modules/image/image.rules.ts";
import { areaAndPricePerArea } from "#app/modules/listing/listing.details.ts";
import { type ListingSummary, statusBadge } from "#app/modules/listing/listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  listingPath,
  priceParts,
  regularPriceLabel,
  typeLabel,
} from "#app/modules/listing/listing.rules.ts";
import { useBackState } from "./back-state.ts";
import { ListingPublisherLine } from "./listing-publisher.tsx";

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
  /** Controls under the card (the profile's status buttons), outside its link. */
  children?: ReactNode;
  /** Whether the viewer saved this home (its heart is pressed). */
  saved?: boolean;
  /** A word of warning above the price, for the owner (Profile: "Hidden by moderators"). */
  notice?: string;
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
  children,
  saved = false,
  notice,
}: ListingCardProps) {
  const badge = statusBadge(listing);
  const imageBase = useImageBase();
  const cover = listing.images[0] && imageSources(listing.images[0], imageBase);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const i18n = useI18n();
  const { t, translate } = i18n;
  const { amount, suffix } = priceParts(listing, i18n);
  const regular = regularPriceLabel(listing, i18n);
  const backState = useBackState(listLabel);
  const area = areaAndPricePerArea(listing, useAreaUnit(), i18n);
  return (
    <li className="listing-card group" data-listing-id={listing.id}>
      <Link to={listingPath(listing)} state={backState} prefetch="intent" className="listing-card-link">
        <div className="listing-card-photo">
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
              className="group-hover:scale-[1.03]"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-muted">
              <HomeIcon className="size-12" />
            </div>
          )}
          {showType ? <span className="badge listing-card-type">{typeLabel(listing.type, i18n)}</span> : null}
          {badge ? <span className="badge badge-status listing-card-status">{translate(badge)}</span> : null}
        </div>
        <div className="listing-card-text">
          {notice ? <p className="badge self-start bg-danger-soft text-danger">{notice}</p> : null}
          <p className="listing-card-price">
            <span className="whitespace-nowrap">
              <span className="text-xl font-extrabold">{amount}</span>
              {suffix}
            </span>
            {regular ? (
              <>
                <span className="sr-only">{t(", was ")}</span>
                <del>{regular}</del>
              </>
            ) : null}
          </p>
          <Heading className="line-clamp-2 font-bold">{listing.name}</Heading>
          <p className="truncate">{listing.location}</p>
          <p className="listing-card-rooms">
            <span>
              <BedIcon className="size-4" /> {bedroomsLabel(listing.bedrooms, i18n)}
            </span>
            <span>
              <BathIcon className="size-4" /> {bathroomsLabel(listing.bathrooms, i18n)}
            </span>
          </p>
          {area ? <p className="listing-card-area text-sm text-muted">{area}</p> : null}
          <ListingPublisherLine publisher={listing.publisher} type={listing.type} />
        </div>
      </Link>
      {/* Outside the link: a button inside an <a> is invalid and would also follow the link. On the photo, so
          the name and price keep the card's whole width. */}
      <div className="listing-card-actions">
        <SaveButton listingId={listing.id} name={listing.name} saved={saved} />
        {onEdit ? (
          <button
            type="button"
            onClick={() => onEdit(listing.id)}
            aria-label={t("Edit {name}", { name: listing.name })}
            className="text-ink"
          >
            <EditIcon />
          </button>
        ) : null}
        {onDelete ? (
          <button
            type="button"
            onClick={() => onDelete(listing.id, listing.name)}
            aria-label={t("Delete {name}", { name: listing.name })}
            className="text-danger"
          >
            <TrashIcon />
          </button>
        ) : null}
      </div>
      {children}
    </li>
  );
}

type SaveButtonProps = {
  listingId: string;
  /** The listing's name: the button says which home it saves. */
  name: string;
  saved: boolean;
  /** A round icon on a card's photo; else a labelled button ("Save" / "Saved") on the listing page. */
  variant?: "card" | "page";
};

/**
 * The heart: a form posting to /saved, so it works before JavaScript loads (the page reloads); with it, a
 * fetcher saves in place and the button shows the new state at once. A visitor is sent to sign in and comes
 * back to this page with the home saved; a refusal (the 1,000 cap) comes back as a toast on this page.
 */
export function SaveButton({ listingId, name, saved, variant = "card" }: SaveButtonProps) {
  const fetcher = useFetcher<{ saved: boolean }>();
  const location = useLocation();
  const me = usePersonal();
  // On a page shared with visitors the loader knows nothing of the user: /me's saved homes tell (decision 070).
  const known = me?.signedIn ? me.savedIds.includes(listingId) : saved;
  const pending = fetcher.formData?.get("saved");
  const done = fetcher.data?.saved;
  const pressed = pending != null ? pending === "true" : (done ?? known);
  useEffect(() => {
    if (done !== undefined) setSavedLocally(listingId, done);
  }, [done, listingId]);
  const { t } = useI18n();
  const label = pressed ? t("Saved") : t("Save");
  const card = variant === "card";
  return (
    <fetcher.Form
      method="post"
      action="/saved"
      className={card ? "contents" : undefined}
      // Every heart of this home, and the inline script's stylesheet, follow at once (decision 070).
      onSubmit={() => setSavedLocally(listingId, !pressed)}
    >
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="saved" value={String(!pressed)} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        data-save-id={listingId}
        aria-pressed={pressed}
        aria-label={card ? `${label}: ${name}` : undefined}
        className={card ? "save-button" : "btn-secondary btn-small gap-2"}
      >
        <HeartIcon filled={pressed} className={pressed ? "size-5 text-danger" : "size-5"} />
        {card ? null : (
          // Both words, the state's shown by app.css: on a page shared with visitors the personal stylesheet
          // says "Saved" from the first paint, before React knows the user (decision 070).
          <>
            <span className="save-label-saved">{t("Saved")}</span>
            <span className="save-label-save">{t("Save")}</span>
          </>
        )}
      </button>
    </fetcher.Form>
  );
}
