import { useEffect } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { BackLink } from "#app/components/listing/back-link.tsx";
import { CompleteListing } from "#app/components/listing/complete-listing.tsx";
import { ListingAbout } from "#app/components/listing/listing-about.tsx";
import { SaveButton } from "#app/components/listing/listing-card.tsx";
import { ListingDetails, RENT_COST_LABELS } from "#app/components/listing/listing-details.tsx";
import { ListingEnergy } from "#app/components/listing/listing-energy.tsx";
import { ListingFacts } from "#app/components/listing/listing-facts.tsx";
import { FLOOR_PLAN_SECTION_ID, ListingFloorPlans } from "#app/components/listing/listing-floor-plans.tsx";
import { ListingGallery } from "#app/components/listing/listing-gallery.tsx";
import { JsonLd } from "#app/components/listing/listing-json-ld.tsx";
import { ListingMap } from "#app/components/listing/listing-map.tsx";
import { ListingTour } from "#app/components/listing/listing-tour.tsx";
import { OwnerActions } from "#app/components/listing/owner-actions.tsx";
import { ShareButton } from "#app/components/listing/share-button.tsx";
import { TimeAgo } from "#app/components/listing/time-ago.tsx";
import { useListingOwner } from "#app/components/personal/personal-store.ts";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { ListingViewings } from "#app/components/viewing/listing-viewings.tsx";
import type { Db } from "#app/db/db.server.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { mayWriteListing } from "#app/modules/agency/agency.listing.server.ts";
import { findAgencyBadge } from "#app/modules/agency/agency.repo.server.ts";
import { agencyPath } from "#app/modules/agency/agency.rules.ts";
import { getUser, requireUser, requireVerifiedUser } from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { imageSources } from "#app/modules/image/image.rules.ts";
import { contactPath } from "#app/modules/listing/listing.contact.ts";
import { COUNTRY_RULES, incompleteFields } from "#app/modules/listing/listing.country-rules.ts";
import { totalMonthlyCost } from "#app/modules/listing/listing.details.ts";
import { isListed, type Listing } from "#app/modules/listing/listing.model.ts";
import {
  findLatestPriceChange,
  findListingById,
  isListingVisible,
} from "#app/modules/listing/listing.repo.server.ts";
import {
  categoryHeading,
  listingPath,
  priceParts,
  regularPriceLabel,
} from "#app/modules/listing/listing.rules.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { listingJsonLd, listingMeta } from "#app/modules/listing/listing.seo.ts";
import { changeListingStatus, renewOwnListing } from "#app/modules/listing/listing.service.server.ts";
import { priceChangeLabel, STATUS_MESSAGES } from "#app/modules/listing/listing.status.ts";
import { parseTour, tourEmbedUrl } from "#app/modules/listing/listing.tour.ts";
import {
  findCurrentDecisions,
  findListingModeration,
  isAdministrator,
} from "#app/modules/moderation/moderation.repo.server.ts";
import {
  hideReasonLabel,
  MODERATION_MESSAGES,
  reviewPath,
} from "#app/modules/moderation/moderation.rules.ts";
import { findSavedIds } from "#app/modules/saved/saved-home.repo.server.ts";
import { siteNameOf } from "#app/modules/seo/seo.rules.ts";
import { countViewsSince } from "#app/modules/stats/stats.repo.server.ts";
import { firstOfDays, WEEK_DAYS } from "#app/modules/stats/stats.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { findUserNameById } from "#app/modules/user/user.repo.server.ts";
import {
  findBookingsOfVisitor,
  findTakenSlots,
  findViewingTimesOfListing,
} from "#app/modules/viewing/viewing.repo.server.ts";
import { bookableTimes, openHouseEvents } from "#app/modules/viewing/viewing.rules.ts";
import {
  addViewingTime,
  bookViewing,
  cancelBookingsOfUnlistedListings,
  listingTimeZone,
  removeViewingTime,
  rescheduleViewing,
  viewingDeps,
} from "#app/modules/viewing/viewing.service.server.ts";
import { type Services, servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/listing.ts";

// On a 404 the error boundary's NotFound page sets the title.
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? listingMeta(loaderData.listing, loaderData.publicUrl, i18nOf(matches), {
        siteName: siteNameOf(matches),
        imageBase: loaderData.imageBaseUrl,
      })
    : [];

export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const { db, config, views } = context.get(servicesContext);
  // Without "Show exact address" the listing holds the street and a point near the home, never the door.
  const listing = await findListingById(db, params.listingId);
  if (!listing) throw data(LISTING_MESSAGES.notFound, { status: 404 });
  // The type is part of the URL; a listing whose type changed since a link was shared lives at its new URL.
  if (listing.type !== params.categoryName) throw redirect(listingPath(listing)); // 302: the type may change back
  const [viewer, listerName, visible, priceChange, agencyBadge] = await Promise.all([
    getUser(context),
    findUserNameById(db, listing.userRef),
    isListingVisible(db, listing.id),
    findLatestPriceChange(db, listing.id),
    findAgencyBadge(db, listing.agencyId),
  ]);
  const agency = agencyBadge ?? null;
  // An agency's owners and admins manage its listings as the listing agent does (decision 061).
  const isOwner =
    viewer?.id === listing.userRef ||
    Boolean(viewer && listing.agencyId && (await mayWriteListing(db, viewer.id, listing)));
  const saved = viewer ? (await findSavedIds(db, viewer.id, [listing.id])).length > 0 : false;
  // A listing the public may not see (listing.visibility.server.ts) is shown only to its owner and the
  // administrators, with a notice; everyone else gets a 404 that says it was removed.
  if (!visible && !isOwner && !(viewer && (await isAdministrator(db, viewer.id)))) {
    throw data(MODERATION_MESSAGES.removed, { status: 404 });
  }
  // A visitor's view counts for the lister's statistics (the same page from the cache counts in the page
  // handler); the lister's own looks do not.
  if (visible && !isOwner) views.count(listing.id, (name) => request.headers.get(name));
  const now = Date.now();
  return {
    saved,
    viewings: await viewingsOf(
      db,
      listing,
      viewer?.id ?? null,
      isOwner,
      url.searchParams.get("reschedule"),
      now,
    ),
    signedIn: Boolean(viewer),
    moderationNotice: visible ? null : await moderationNotice(db, listing.id),
    listing,
    priceChange: priceChange ?? null,
    // "Listed 3 days ago" is worked out once, here, so the browser's render says the same as the HTML.
    now,
    // The lister's name only, never their e-mail (the contact page is where signed-in users get that).
    listerName: listerName ?? null,
    agency: agency && {
      name: agency.name,
      path: agencyPath(agency.slug),
      logo: agency.logoImage ? imageSources(agency.logoImage, config.images.baseUrl) : null,
    },
    isOwner,
    map: config.map,
    publicUrl: config.publicUrl,
    imageBaseUrl: config.images.baseUrl,
    areaUnit: config.areaUnit,
    // The frame's URL is built here from the link's parsed id: the page never embeds the link as typed.
    tourEmbedUrl: tourOf(listing.tourUrl),
    energyScale: COUNTRY_RULES[config.listingRules].scale,
    rentCosts: COUNTRY_RULES[config.listingRules].rentCosts,
    // What the site's rules require that the listing lacks: for its owner only ("Complete this listing").
    missing: isOwner ? incompleteFields(config.listingRules, listing).map((field) => field.label) : [],
    // "124 views this week", for its owner only: never part of a page a visitor (or the page cache) gets.
    viewsThisWeek: isOwner ? await countViewsSince(db, listing.id, firstOfDays(Date.now(), WEEK_DAYS)) : null,
  };
}

/**
 * The page's viewing times: the lister's spans for the editor, everyone else's next open times (none for a
 * home no longer listed) and their own bookings of it; `reschedule` names a booking of theirs to move.
 */
async function viewingsOf(
  db: Db,
  listing: Listing,
  viewerId: string | null,
  isOwner: boolean,
  reschedule: string | null,
  now: number,
) {
  const times = await findViewingTimesOfListing(db, listing.id, now);
  const timeZone = times[0]?.timeZone ?? listingTimeZone(listing.geolocation);
  const bookable =
    isListed(listing) && !isOwner ? bookableTimes(times, await findTakenSlots(db, listing.id, now), now) : [];
  const ownBookings =
    viewerId && !isOwner
      ? (await findBookingsOfVisitor(db, viewerId, now))
          .filter((booking) => booking.listingId === listing.id && booking.status !== "cancelled")
          .map(({ id, startsAt, endsAt, status }) => ({ id, startsAt, endsAt, status }))
      : [];
  return {
    timeZone,
    times: isOwner ? times : [],
    // The open house events of the page's JSON-LD, for everyone; none once the home is let, sold or expired
    // (its times take no bookings then, so no search engine should announce them).
    openHouses: isListed(listing) ? times.filter((time) => time.kind === "openHouse") : [],
    bookable: bookable.slice(0, 40),
    ownBookings,
    reschedule: ownBookings.some((booking) => booking.id === reschedule) ? reschedule : null,
  };
}

function tourOf(link: string | null) {
  const tour = link ? parseTour(link) : null;
  return tour ? tourEmbedUrl(tour) : null;
}

/** The owner's status buttons: set-status (let, sold, available) and renew, back to this page. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const { db } = context.get(servicesContext);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const listingId = params.listingId;
  const back = url.pathname;
  const services = context.get(servicesContext);
  try {
    if (intent === "set-status") {
      const message = await changeListingStatus(db, user, listingId, formData.get("status"));
      // A home let or sold takes no more viewings: its open bookings are cancelled and the visitors told.
      await cancelBookingsOfUnlistedListings(viewingDeps(services));
      return redirectWithToast(context, back, "success", message);
    }
    const viewing = await viewingAction(services, context, url, intent, formData, listingId);
    if (viewing) return redirectWithToast(context, `${back}#viewings`, "success", viewing);
    if (intent === "renew") {
      return redirectWithToast(context, back, "success", await renewOwnListing(db, user, listingId));
    }
  } catch (error) {
    const refusal = refusalResponse(error);
    return redirectWithToast(context, back, "error", refusal.data.error ?? msg("Something went wrong"));
  }
  return redirectWithToast(context, back, "error", msg("Unknown action"));
}

/** The viewing forms of the page; returns the toast's words, or null for another intent. */
async function viewingAction(
  services: Services,
  context: Route.ActionArgs["context"],
  url: URL,
  intent: FormDataEntryValue | null,
  formData: FormData,
  listingId: string,
) {
  const deps = viewingDeps(services);
  const user = await requireUser(context, url);
  if (intent === "add-viewing-time") {
    return addViewingTime(deps, user, listingId, Object.fromEntries(formData));
  }
  if (intent === "remove-viewing-time") {
    return removeViewingTime(deps, user, String(formData.get("openHouseId") ?? ""));
  }
  if (intent !== "book-viewing" && intent !== "reschedule-viewing") return null;
  // As for an enquiry: a signed-in user with a verified address.
  const visitor = await requireVerifiedUser(context, url);
  const [openHouseId = "", startsAt = ""] = String(formData.get("time") ?? "").split("@");
  if (intent === "reschedule-viewing") {
    return rescheduleViewing(deps, visitor, String(formData.get("bookingId") ?? ""), {
      openHouseId,
      startsAt,
    });
  }
  const outcome = await bookViewing(deps, visitor, {
    openHouseId,
    startsAt,
    message: formData.get("message"),
  });
  return outcome.message;
}

/** Why the public does not see a listing, for its owner and the administrators: with the moderator's reason. */
async function moderationNotice(db: Db, listingId: string) {
  const moderation = await findListingModeration(db, listingId);
  if (!moderation?.hidden) return { message: MODERATION_MESSAGES.ownerSuspendedNotice, decision: null };
  const decision = (await findCurrentDecisions(db, [listingId])).get(listingId);
  return {
    message: MODERATION_MESSAGES.hiddenNotice,
    decision: decision
      ? {
          reason: decision.reason,
          note: decision.note,
          reviewPath: reviewPath(decision.id),
          reviewRequested: decision.reviewRequestedAt !== null,
        }
      : null,
  };
}

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const {
    listing,
    listerName,
    agency,
    map,
    publicUrl,
    imageBaseUrl,
    moderationNotice,
    saved,
    priceChange,
    now,
    areaUnit,
    tourEmbedUrl: tourUrl,
    energyScale,
    rentCosts,
    viewings,
    signedIn,
  } = loaderData;
  const listed = isListed(listing);
  // The page is rendered for its lister and agency (and for a visitor with a booking of it); everyone else
  // gets the visitors' page, and /me's word on the owner is only a safety net (decision 070).
  const {
    owner: isOwner,
    missing,
    viewsThisWeek,
  } = useListingOwner(listing.id, {
    owner: loaderData.isOwner,
    missing: loaderData.missing,
    viewsThisWeek: loaderData.viewsThisWeek,
  });
  // Should /me say the viewer manages a home whose page came to them as the visitors' (they joined its agency
  // since), the page's data is asked again: the server renders it for them now, viewing times editor included.
  const revalidator = useRevalidator();
  const unrenderedOwner = isOwner && !loaderData.isOwner;
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    if (unrenderedOwner) void revalidate();
  }, [unrenderedOwner, revalidate]);
  // SPEC.md: everyone but the owner, visitors included, gets Contact Landlord (the contact page asks them to
  // sign in). A let, sold or expired home draws no more calls.
  const canContact = !isOwner && listed;
  const i18n = useI18n();
  const { t } = i18n;
  const { amount, suffix } = priceParts(listing, i18n);
  const regular = regularPriceLabel(listing, i18n);
  const monthlyTotal = totalMonthlyCost(listing);
  return (
    <main className="page pt-4 lg:pt-6">
      <div className="mb-4 flex items-center justify-between gap-4">
        <BackLink
          fallback={{ path: `/category/${listing.type}`, label: categoryHeading(listing.type, i18n) }}
        />
        <div className="flex items-center gap-2">
          <SaveButton
            key={listing.id}
            listingId={listing.id}
            name={listing.name}
            saved={saved}
            variant="page"
          />
          <ShareButton />
        </div>
      </div>
      {moderationNotice ? <ModerationNotice notice={moderationNotice} isOwner={isOwner} /> : null}
      {isOwner ? <CompleteListing listingId={listing.id} missing={missing} /> : null}
      {listed ? null : (
        <p role="status" className="card mb-6 border-ink bg-surface-2 p-4 text-lg font-bold">
          {t(STATUS_MESSAGES.noLongerAvailable)}
        </p>
      )}
      {/* One column on phones, in reading order: the photos and title, then the price and Contact Landlord (a
          phone user should not scroll past every detail to reach them), then the details and the map. From lg
          the price card moves to a sticky column of its own beside them. */}
      <div className="grid gap-y-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-12 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="-mx-4 flex min-w-0 flex-col gap-6 sm:mx-0 lg:col-start-1 lg:row-start-1">
          <ListingGallery
            key={listing.id}
            images={listing.images}
            name={listing.name}
            floorPlanHref={listing.floorPlans.length > 0 ? `#${FLOOR_PLAN_SECTION_ID}` : undefined}
          />
          <div className="px-4 sm:px-0">
            <ListingFacts listing={listing} areaUnit={areaUnit} />
          </div>
        </div>
        <aside
          aria-label={t("Price and contact")}
          className="flex flex-col gap-4 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start"
        >
          <div className="card flex flex-col gap-4 p-5">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="whitespace-nowrap">
                <span className="text-3xl font-extrabold tracking-tight">{amount}</span>
                <span className="text-lg font-semibold text-muted">{suffix}</span>
              </span>
              {regular ? (
                <>
                  <span className="sr-only">{t(", was ")}</span>
                  <del className="font-semibold text-muted">{regular}</del>
                </>
              ) : null}
            </p>
            {monthlyTotal === null ? null : (
              <p className="text-sm text-muted">
                {t(RENT_COST_LABELS[rentCosts].total)}{" "}
                <span className="font-semibold text-ink">
                  {i18n.money(monthlyTotal)}
                  {t(" / Month")}
                </span>
              </p>
            )}
            {priceChange ? (
              <p className="text-sm font-semibold">{priceChangeLabel(priceChange, i18n)}</p>
            ) : null}
            <p className="text-sm text-muted">
              {t("Listed")} <TimeAgo at={listing.publishedAt} now={now} />
              {listing.changedAt > listing.publishedAt ? (
                <>
                  {` · ${t("Updated")} `}
                  <TimeAgo at={listing.changedAt} now={now} />
                </>
              ) : null}
            </p>
            {listerName ? (
              <p className="text-muted">
                {t("Listed by")} <span className="font-semibold text-ink">{listerName}</span>
                {" · "}
                {agency ? (
                  <Link to={agency.path} className="link inline-flex items-center gap-1 font-semibold">
                    {agency.logo ? (
                      <img {...agency.logo} sizes="24px" alt="" className="size-6 rounded object-contain" />
                    ) : null}
                    {agency.name}
                  </Link>
                ) : listing.type === "rent" ? (
                  t("Private landlord")
                ) : (
                  t("Private seller")
                )}
              </p>
            ) : null}
            {canContact ? (
              <Link to={contactPath(listing)} className="btn-primary w-full" data-owner-hides="">
                {t("Contact Landlord")} <ArrowRightIcon />
              </Link>
            ) : null}
            {canContact && viewings.bookable.length > 0 ? (
              <a href="#viewings" className="btn-secondary w-full">
                {t("Book a viewing")}
              </a>
            ) : null}
            {isOwner ? <OwnerActions listing={listing} viewsThisWeek={viewsThisWeek} /> : null}
          </div>
          {isOwner ? null : (
            <Link to={`/report/${listing.id}`} className="link self-start text-sm" data-owner-hides="">
              {t("Report this listing")}
            </Link>
          )}
        </aside>
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
          <ListingViewings viewings={viewings} isOwner={isOwner} listed={listed} signedIn={signedIn} />
          <ListingAbout description={listing.description} />
          <ListingDetails listing={listing} areaUnit={areaUnit} rentCosts={rentCosts} />
          <ListingEnergy listing={listing} scale={energyScale} />
          {tourUrl ? <ListingTour embedUrl={tourUrl} name={listing.name} /> : null}
          <div className="empty:hidden">
            <ListingFloorPlans key={listing.id} floorPlans={listing.floorPlans} name={listing.name} />
          </div>
        </div>
        <section aria-labelledby="listing-location" className="min-w-0 lg:col-start-1 lg:row-start-3">
          <h2 id="listing-location" className="section-heading mb-3">
            {t("Location")}
          </h2>
          <ListingMap
            key={listing.id}
            lat={listing.geolocation.lat}
            lng={listing.geolocation.lng}
            location={listing.location}
            exact={listing.exactAddress}
            tileUrl={map.tileUrl}
            attribution={map.attribution}
          />
          {listing.exactAddress ? null : (
            <p className="mt-2 text-sm text-muted">{t("Approximate area: the exact address is not shown")}</p>
          )}
        </section>
      </div>
      <JsonLd
        data={withOpenHouses(
          listingJsonLd(listing, publicUrl, i18n, imageBaseUrl, areaUnit),
          openHouseEvents(
            listing,
            viewings.openHouses,
            publicUrl + listingPath(listing),
            t("Open house: {listing}", { listing: listing.name }),
          ),
        )}
      />
    </main>
  );
}

/** The listing's JSON-LD with its open houses as schema.org's `event`, when it has any. */
function withOpenHouses<T extends object>(jsonLd: T, events: object[]) {
  return events.length > 0 ? { ...jsonLd, event: events } : jsonLd;
}

type ModerationNoticeProps = {
  notice: {
    message: string;
    decision: { reason: string; note: string; reviewPath: string; reviewRequested: boolean } | null;
  };
  isOwner: boolean;
};

/** The owner's (and administrators') word that visitors do not see the listing, with the moderator's reason. */
function ModerationNotice({ notice, isOwner }: ModerationNoticeProps) {
  const { t, translate } = useI18n();
  const { decision } = notice;
  return (
    <div role="status" className="alert-error mb-4 flex flex-col gap-2">
      <p>{translate(notice.message)}</p>
      {decision ? (
        <>
          <p className="font-semibold">
            {t("Reason: {reason}", { reason: translate(hideReasonLabel(decision.reason)) })}
          </p>
          <p className="whitespace-pre-line">{decision.note}</p>
          {isOwner ? (
            decision.reviewRequested ? (
              <p>{t("You asked for a review. Our moderators will look at your listing again.")}</p>
            ) : (
              <Link to={decision.reviewPath} className="link self-start font-semibold">
                {t("Ask for a review")}
              </Link>
            )
          ) : null}
        </>
      ) : null}
    </div>
  );
}
