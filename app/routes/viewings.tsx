import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import {
  type BookingCard,
  ListerBookingCard,
  VisitorBookingCard,
} from "#app/components/viewing/booking-cards.tsx";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { mayWriteListing } from "#app/modules/agency/agency.listing.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { calendarAddress } from "#app/modules/viewing/viewing.ics.server.ts";
import {
  type BookingView,
  findBookingsOfListings,
  findBookingsOfVisitor,
  findListingsWithBookingsFor,
} from "#app/modules/viewing/viewing.repo.server.ts";
import { dayKey, VIEWINGS_PATH, viewingDay } from "#app/modules/viewing/viewing.rules.ts";
import { cancelViewing, confirmViewing, viewingDeps } from "#app/modules/viewing/viewing.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/viewings.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Viewings"), matches),
  { name: "robots", content: "noindex" },
];

function toCard(booking: BookingView, now: number): BookingCard {
  return {
    id: booking.id,
    listingId: booking.listingId,
    listingName: booking.listingName,
    listingType: booking.listingType,
    visitorName: booking.visitorName,
    // The visitor sees the house number only once the lister has confirmed (hidden address, decision 055).
    address: calendarAddress(booking),
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    timeZone: booking.timeZone,
    status: booking.status,
    message: booking.message,
    cancelReason: booking.cancelReason,
    threadId: booking.threadId,
    upcoming: booking.startsAt > now,
  };
}

/**
 * The signed-in user's viewings: the bookings of the listings they list (theirs, or their agency's that
 * mayWriteListing lets them manage) by day, and their own bookings as a visitor.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db } = context.get(servicesContext);
  const now = Date.now();
  const candidates = await findListingsWithBookingsFor(db, user.id, now);
  const listed: string[] = [];
  for (const listing of candidates) if (await mayWriteListing(db, user.id, listing)) listed.push(listing.id);
  const [asLister, asVisitor] = await Promise.all([
    findBookingsOfListings(db, listed, now),
    findBookingsOfVisitor(db, user.id, now),
  ]);
  return {
    asLister: asLister.map((booking) => toCard(booking, now)),
    asVisitor: asVisitor.map((booking) => toCard(booking, now)),
  };
}

/** Confirm and Cancel, checked by the service whoever posts them; back to /viewings with the outcome. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const deps = viewingDeps(context.get(servicesContext));
  const form = await readForm(request);
  const bookingId = String(form.get("bookingId") ?? "");
  try {
    if (form.get("intent") === "confirm") {
      return redirectWithToast(
        context,
        VIEWINGS_PATH,
        "success",
        await confirmViewing(deps, user, bookingId),
      );
    }
    if (form.get("intent") === "cancel") {
      const message = await cancelViewing(deps, user, bookingId, { reason: form.get("reason") });
      return redirectWithToast(context, VIEWINGS_PATH, "success", message);
    }
  } catch (error) {
    const refusal = refusalResponse(error);
    return redirectWithToast(
      context,
      VIEWINGS_PATH,
      "error",
      refusal.data.error ?? msg("Something went wrong"),
    );
  }
  return redirectWithToast(context, VIEWINGS_PATH, "error", msg("Unknown action"));
}

function byDay(bookings: BookingCard[]) {
  const days = new Map<string, BookingCard[]>();
  for (const booking of bookings) {
    const key = dayKey(booking.startsAt, booking.timeZone);
    days.set(key, [...(days.get(key) ?? []), booking]);
  }
  return [...days.entries()];
}

export default function Viewings({ loaderData }: Route.ComponentProps) {
  const { asLister, asVisitor } = loaderData;
  const { t, locale } = useI18n();
  return (
    <main className="page max-w-3xl">
      <h1 className="page-heading">{t("Viewings")}</h1>
      {asLister.length === 0 && asVisitor.length === 0 ? (
        <EmptyState
          illustration="house"
          message={t("No viewings yet")}
          detail={t("Book a viewing on a home's page, or add viewing times to your own listing.")}
        >
          <Link to="/" className="btn-primary">
            {t("Explore listings")}
          </Link>
        </EmptyState>
      ) : null}
      {asLister.length > 0 ? (
        <section aria-labelledby="lister-viewings" className="mb-10">
          <h2 id="lister-viewings" className="section-heading mb-3">
            {t("Bookings of your listings")}
          </h2>
          {byDay(asLister).map(([key, bookings]) => (
            <section
              key={key}
              aria-label={viewingDay(bookings[0]!.startsAt, bookings[0]!.timeZone, locale)}
              className="mb-6"
            >
              <h3 className="mb-2 font-bold text-muted">
                {viewingDay(bookings[0]!.startsAt, bookings[0]!.timeZone, locale)}
              </h3>
              <ul className="flex flex-col gap-3">
                {bookings.map((booking) => (
                  <ListerBookingCard key={booking.id} booking={booking} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ) : null}
      {asVisitor.length > 0 ? (
        <section aria-labelledby="own-viewings">
          <h2 id="own-viewings" className="section-heading mb-3">
            {t("Your viewings")}
          </h2>
          <ul className="flex flex-col gap-3">
            {asVisitor.map((booking) => (
              <VisitorBookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
