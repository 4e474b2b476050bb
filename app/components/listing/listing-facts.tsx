import { BathIcon, BedIcon } from "#app/components/icons.tsx";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  discountLabel,
  priceParts,
  typeLabel,
} from "#app/modules/listing/listing.rules.ts";

/**
 * The detail page's text: name and price (the price and its "/ Month" never apart), location, For Rent/Sale
 * (neutral) and the discount (green), rooms and amenities.
 */
export function ListingFacts({ listing }: { listing: Listing }) {
  const discount = discountLabel(listing);
  const { amount, suffix } = priceParts(listing);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <span className="badge">{typeLabel(listing.type)}</span>
        {discount ? <span className="badge badge-success">{discount}</span> : null}
      </div>
      <h1 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
        {listing.name} - <span className="whitespace-nowrap">{amount + suffix}</span>
      </h1>
      <p className="text-lg font-semibold text-muted">{listing.location}</p>
      <ul
        aria-label="Features"
        className="flex flex-wrap gap-x-6 gap-y-3 border-y border-line py-4 font-semibold"
      >
        <li className="inline-flex items-center gap-2">
          <BedIcon /> {bedroomsLabel(listing.bedrooms)}
        </li>
        <li className="inline-flex items-center gap-2">
          <BathIcon /> {bathroomsLabel(listing.bathrooms)}
        </li>
        {listing.parking ? <li>Parking Spot</li> : null}
        {listing.furnished ? <li>Furnished</li> : null}
      </ul>
    </div>
  );
}
