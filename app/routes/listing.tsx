import { data, Link, redirect } from "react-router";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { ListingFacts } from "#app/components/listing/listing-facts.tsx";
import { JsonLd } from "#app/components/listing/listing-json-ld.tsx";
import { ListingMap } from "#app/components/listing/listing-map.tsx";
import { PhotoSlider } from "#app/components/listing/photo-slider.tsx";
import { ShareButton } from "#app/components/listing/share-button.tsx";
import { getUser } from "#app/modules/auth/auth.session.server.ts";
import { contactPath } from "#app/modules/listing/listing.contact.ts";
import { findListingById } from "#app/modules/listing/listing.repo.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { listingJsonLd, listingMeta } from "#app/modules/listing/listing.seo.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/listing.ts";

// On a 404 the error boundary's NotFound page sets the title.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? listingMeta(loaderData.listing, loaderData.publicUrl, loaderData.imageBaseUrl) : [];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const listing = await findListingById(db, params.listingId);
  if (!listing) throw data(LISTING_MESSAGES.notFound, { status: 404 });
  // The type is part of the URL; a listing whose type changed since a link was shared lives at its new URL.
  if (listing.type !== params.categoryName) throw redirect(listingPath(listing)); // 302: the type may change back
  const viewer = await getUser(context);
  return {
    listing,
    // SPEC.md: everyone but the owner, visitors included, gets Contact Landlord (the contact page asks them to sign in).
    canContact: viewer?.id !== listing.userRef,
    map: config.map,
    publicUrl: config.publicUrl,
    imageBaseUrl: config.images.baseUrl,
  };
}

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { listing, canContact, map, publicUrl, imageBaseUrl } = loaderData;
  return (
    <main>
      <div className="relative">
        <PhotoSlider key={listing.id} images={listing.images} name={listing.name} />
        <ShareButton />
      </div>
      <div className="page max-w-3xl">
        <ListingFacts listing={listing} />
        {canContact ? (
          <Link to={contactPath(listing)} className="btn-primary mt-6 w-full sm:w-auto">
            Contact Landlord <ArrowRightIcon />
          </Link>
        ) : null}
        <section aria-labelledby="listing-location" className="mt-8">
          <h2 id="listing-location" className="mb-3 text-xl font-bold">
            Location
          </h2>
          <ListingMap
            key={listing.id}
            lat={listing.geolocation.lat}
            lng={listing.geolocation.lng}
            location={listing.location}
            tileUrl={map.tileUrl}
            attribution={map.attribution}
          />
        </section>
        <JsonLd data={listingJsonLd(listing, publicUrl, imageBaseUrl)} />
      </div>
    </main>
  );
}
