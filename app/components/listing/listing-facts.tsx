import { BathIcon, BedIcon } from "#app/components/icons.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { type AreaUnit, areaLabel, FURNISHING_LABELS } from "#app/modules/listing/listing.details.ts";
import { type Listing, statusBadge } from "#app/modules/listing/listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  discountLabel,
  priceParts,
  typeLabel,
} from "#app/modules/listing/listing.rules.ts";

/**
 * The detail page's text: name and price (the price and its "/ Month" never apart), location, For Rent/Sale
 * (neutral) and the discount (green), rooms, area and amenities.
 */
export function ListingFacts({ listing, areaUnit }: { listing: Listing; areaUnit: AreaUnit }) {
  const i18n = useI18n();
  const { t, translate } = i18n;
  const discount = discountLabel(listing, i18n);
  const { amount, suffix } = priceParts(listing, i18n);
  const status = statusBadge(listing);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        {status ? <span className="badge badge-status">{translate(status)}</span> : null}
        <span className="badge">{typeLabel(listing.type, i18n)}</span>
        {discount ? <span className="badge badge-success">{discount}</span> : null}
      </div>
      <h1 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
        {listing.name} - <span className="whitespace-nowrap">{amount + suffix}</span>
      </h1>
      <p className="text-lg font-semibold text-muted">{listing.location}</p>
      <ul
        aria-label={t("Features")}
        className="flex flex-wrap gap-x-6 gap-y-3 border-y border-line py-4 font-semibold"
      >
        <li className="inline-flex items-center gap-2">
          <BedIcon /> {bedroomsLabel(listing.bedrooms, i18n)}
        </li>
        <li className="inline-flex items-center gap-2">
          <BathIcon /> {bathroomsLabel(listing.bathrooms, i18n)}
        </li>
        {listing.livingArea !== null ? (
          <li>{areaLabel(listing.livingArea, areaUnit, i18n)}</li>
        ) : listing.plotArea !== null ? (
          <li>{areaLabel(listing.plotArea, areaUnit, i18n)}</li>
        ) : null}
        {listing.parking ? <li>{t("Parking Spot")}</li> : null}
        {listing.furnished === "unfurnished" ? null : <li>{t(FURNISHING_LABELS[listing.furnished])}</li>}
      </ul>
    </div>
  );
}
