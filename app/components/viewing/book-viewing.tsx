import { Form, Link } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import { MESSAGE_MAX_LENGTH } from "#app/modules/message/message.rules.ts";
import {
  type BookableTime,
  calendarPath,
  dayKey,
  VIEWINGS_PATH,
  viewingClock,
  viewingDay,
  viewingSpan,
} from "#app/modules/viewing/viewing.rules.ts";
import { ZoneNote } from "./zone-note.tsx";

export type OwnBooking = { id: string; startsAt: number; endsAt: number; status: string };

type Props = {
  timeZone: string;
  times: BookableTime[];
  /** The viewer's own live bookings of this home. */
  bookings: OwnBooking[];
  /** The booking being moved (from /viewings' "Change time"), if any. */
  reschedule: string | null;
  signedIn: boolean;
};

/**
 * "Book a viewing": the next open times by day as one choice, an optional message and the button, posted to
 * the listing page's action (it works before JavaScript loads). A visitor who is not signed in is sent to sign
 * in and back by the action, as for an enquiry.
 */
export function BookViewing({ timeZone, times, bookings, reschedule, signedIn }: Props) {
  const { t, tn, locale } = useI18n();
  const days = new Map<string, BookableTime[]>();
  for (const time of times) {
    const key = dayKey(time.startsAt, timeZone);
    days.set(key, [...(days.get(key) ?? []), time]);
  }
  return (
    <div className="flex flex-col gap-4">
      {bookings.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {bookings.map((booking) => (
            <li key={booking.id} className="alert-success flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold">
                {booking.status === "requested" ? t("Viewing requested") : t("Viewing booked")}:{" "}
                {viewingSpan(booking.startsAt, booking.endsAt, timeZone, locale)}
              </span>
              <a href={calendarPath(booking.id)} className="link text-sm" download>
                {t("Add to calendar")}
              </a>
              <Link to={VIEWINGS_PATH} className="link text-sm">
                {t("Your viewings")}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {times.length === 0 ? (
        <p className="text-muted">{t("No viewing times are open at the moment.")}</p>
      ) : (
        // A new key after each booking or move empties the form, so a message is never sent twice.
        <Form
          key={bookings.map((booking) => `${booking.id}${booking.startsAt}`).join()}
          method="post"
          action="#viewings"
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value={reschedule ? "reschedule-viewing" : "book-viewing"} />
          {reschedule ? <input type="hidden" name="bookingId" value={reschedule} /> : null}
          <ZoneNote zone={timeZone} at={times[0]!.startsAt} />
          <fieldset className="flex flex-col gap-3">
            <legend className="field-label">
              {reschedule ? t("Choose the new time") : t("Choose a time")}
            </legend>
            {[...days.values()].map((dayTimes) => (
              <fieldset key={dayTimes[0]!.startsAt} className="flex flex-col gap-2">
                <legend className="text-sm font-semibold text-muted">
                  {viewingDay(dayTimes[0]!.startsAt, timeZone, locale)}
                </legend>
                <div className="flex flex-wrap gap-2">
                  {dayTimes.map((time) => (
                    <label
                      key={`${time.openHouseId}-${time.startsAt}`}
                      className="btn-secondary btn-small cursor-pointer has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-on-brand has-[:focus-visible]:outline has-[:focus-visible]:outline-2"
                    >
                      <input
                        type="radio"
                        name="time"
                        value={`${time.openHouseId}@${time.startsAt}`}
                        required
                        className="sr-only"
                      />
                      {viewingClock(time.startsAt, timeZone, locale)} –{" "}
                      {viewingClock(time.endsAt, timeZone, locale)}
                      {time.placesLeft !== null && time.kind === "openHouse" ? (
                        <span className="text-xs font-normal">
                          {" "}
                          · {tn(time.placesLeft, "{count} place left", "{count} places left")}
                        </span>
                      ) : null}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </fieldset>
          {reschedule ? null : (
            <div>
              <label htmlFor="viewing-message" className="field-label">
                {t("Message (optional)")}
              </label>
              <textarea
                id="viewing-message"
                name="message"
                rows={3}
                maxLength={MESSAGE_MAX_LENGTH}
                className="text-input resize-y"
              />
            </div>
          )}
          <button type="submit" className="btn-primary self-start">
            {reschedule ? t("Move my viewing") : t("Book a viewing")}
          </button>
          {signedIn ? null : (
            // A listing's page is shared with signed-in users (decision 070): the note is for visitors only.
            <p className="text-sm text-muted" data-audience="visitor">
              {t("You will be asked to sign in first.")}
            </p>
          )}
        </Form>
      )}
    </div>
  );
}
