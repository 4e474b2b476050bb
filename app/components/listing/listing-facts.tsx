import { BathIcon, BedIcon } from "#app/components/icons.tsx";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  discountLabel,
  nameWithPrice,
  typeLabel,
} from "#app/modules/listing/listing.rules.ts";

/** The detail page's text: name and price, location, For Rent/Sale, the discount, rooms and amenities. */
export function ListingFacts({ listing }: { listing: Listing }) {
  const discount = discountLabel(listing);
  return (
    <>
      <h1 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
        {nameWithPrice(listing)}
      </h1>
      <p className="mt-2 text-lg font-semibold text-muted">{listing.location}</p>
      <p className="mt-4 flex flex-wrap gap-2">
        <span className="rounded-full bg-red-700 px-4 py-1 font-semibold text-white">
          {typeLabel(listing.type)}
        </span>
        {discount ? (
          <span className="rounded-full bg-brand-700 px-4 py-1 font-semibold text-white">{discount}</span>
        ) : null}
      </p>
      <ul aria-label="Features" className="mt-4 flex flex-wrap gap-x-6 gap-y-2 font-semibold">
        <li className="inline-flex items-center gap-2">
          <BedIcon /> {bedroomsLabel(listing.bedrooms)}
        </li>
        <li className="inline-flex items-center gap-2">
          <BathIcon /> {bathroomsLabel(listing.bathrooms)}
        </li>
        {listing.parking ? <li>Parking Spot</li> : null}
        {listing.furnished ? <li>Furnished</li> : null}
      </ul>
    </>
  );
}
