import { data, Link, redirect } from "react-router";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { BackLink } from "#app/components/listing/back-link.tsx";
import { ListingFacts } from "#app/components/listing/listing-facts.tsx";
import { ListingGallery } from "#app/components/listing/listing-gallery.tsx";
import { JsonLd } from "#app/components/listing/listing-json-ld.tsx";
import { ListingMap } from "#app/components/listing/listing-map.tsx";
import { OwnerActions } from "#app/components/listing/owner-actions.tsx";
import { ShareButton } from "#app/components/listing/share-button.tsx";
import { getUser } from "#app/modules/auth/auth.session.server.ts";
import { contactPath } from "#app/modules/listing/listing.contact.ts";
import { findListingById } from "#app/modules/listing/listing.repo.server.ts";
import {
  categoryHeading,
  listingPath,
  priceParts,
  regularPriceLabel,
} from "#app/modules/listing/listing.rules.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { listingJsonLd, listingMeta } from "#app/modules/listing/listing.seo.ts";
import { siteNameOf } from "#app/modules/seo/seo.rules.ts";
import { findUserNameById } from "#app/modules/user/user.repo.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/listing.ts";

// On a 404 the error boundary's NotFound page sets the title.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? listingMeta(loaderData.listing, loaderData.publicUrl, {
        siteName: siteNameOf(matches),
        imageBase: loaderData.imageBaseUrl,
      })
    : [];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const listing = await findListingById(db, params.listingId);
  if (!listing) throw data(LISTING_MESSAGES.notFound, { status: 404 });
  // The type is part of the URL; a listing whose type changed since a link was shared lives at its new URL.
  if (listing.type !== params.categoryName) throw redirect(listingPath(listing)); // 302: the type may change back
  const [viewer, listerName] = await Promise.all([getUser(context), findUserNameById(db, listing.userRef)]);
  const isOwner = viewer?.id === listing.userRef;
  return {
    listing,
    // The lister's name only, never their e-mail (the contact page is where signed-in users get that).
    listerName: listerName ?? null,
    isOwner,
    // SPEC.md: everyone but the owner, visitors included, gets Contact Landlord (the contact page asks them to sign in).
    canContact: !isOwner,
    map: config.map,
    publicUrl: config.publicUrl,
    imageBaseUrl: config.images.baseUrl,
  };
}

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { listing, listerName, isOwner, canContact, map, publicUrl, imageBaseUrl } = loaderData;
  const { amount, suffix } = priceParts(listing);
  const regular = regularPriceLabel(listing);
  return (
    <main className="page pt-4 lg:pt-6">
      <div className="mb-4 flex items-center justify-between gap-4">
        <BackLink fallback={{ path: `/category/${listing.type}`, label: categoryHeading(listing.type) }} />
        <ShareButton />
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-12 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="-mx-4 flex min-w-0 flex-col gap-6 sm:mx-0">
          <ListingGallery key={listing.id} images={listing.images} name={listing.name} />
          <div className="px-4 sm:px-0">
            <ListingFacts listing={listing} />
          </div>
        </div>
        <aside
          aria-label="Contact and location"
          className="flex flex-col gap-8 lg:sticky lg:top-24 lg:self-start"
        >
          <div className="card flex flex-col gap-4 p-5">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="whitespace-nowrap">
                <span className="text-3xl font-extrabold tracking-tight">{amount}</span>
                <span className="text-lg font-semibold text-muted">{suffix}</span>
              </span>
              {regular ? (
                <>
                  <span className="sr-only">, was </span>
                  <del className="font-semibold text-muted">{regular}</del>
                </>
              ) : null}
            </p>
            {listerName ? (
              <p className="text-muted">
                Listed by <span className="font-semibold text-ink">{listerName}</span>
              </p>
            ) : null}
            {canContact ? (
              <Link to={contactPath(listing)} className="btn-primary w-full">
                Contact Landlord <ArrowRightIcon />
              </Link>
            ) : null}
            {isOwner ? <OwnerActions listing={listing} /> : null}
          </div>
          <section aria-labelledby="listing-location">
            <h2 id="listing-location" className="section-heading mb-3">
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
        </aside>
      </div>
      <JsonLd data={listingJsonLd(listing, publicUrl, imageBaseUrl)} />
    </main>
  );
}
