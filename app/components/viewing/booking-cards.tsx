import { Form, Link } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { threadPath } from "#app/modules/message/message.rules.ts";
import { CANCEL_REASON_MAX_LENGTH, calendarPath, viewingSpan } from "#app/modules/viewing/viewing.rules.ts";

/** A booking as /viewings shows it (no address a visitor may not see yet). */
export type BookingCard = {
  id: string;
  listingId: string;
  listingName: string;
  listingType: "rent" | "sale";
  visitorName: string;
  address: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  status: "requested" | "confirmed" | "cancelled";
  message: string | null;
  cancelReason: string | null;
  threadId: string | null;
  /** Whether it has not started yet (a visitor may cancel or move it). */
  upcoming: boolean;
};

function StatusBadge({ status }: { status: BookingCard["status"] }) {
  const { t } = useI18n();
  const label = { requested: t("Requested"), confirmed: t("Confirmed"), cancelled: t("Cancelled") }[status];
  return <span className={status === "confirmed" ? "badge badge-success" : "badge"}>{label}</span>;
}

/** Cancel with a reason: required of the lister, optional for the visitor. */
function CancelForm({ booking, reasonRequired }: { booking: BookingCard; reasonRequired: boolean }) {
  const { t, locale } = useI18n();
  const id = `cancel-reason-${booking.id}`;
  return (
    <details className="w-full">
      <summary className="btn-secondary btn-small inline-flex cursor-pointer text-danger">
        {t("Cancel")}
        <span className="sr-only">
          {" "}
          {viewingSpan(booking.startsAt, booking.endsAt, booking.timeZone, locale)}
        </span>
      </summary>
      <Form method="post" className="mt-3 flex flex-col gap-2">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <label htmlFor={id} className="field-label">
          {reasonRequired ? t("Reason") : t("Reason (optional)")}
        </label>
        <textarea
          id={id}
          name="reason"
          rows={2}
          required={reasonRequired}
          maxLength={CANCEL_REASON_MAX_LENGTH}
          className="text-input resize-y"
        />
        <button type="submit" className="btn-danger btn-small self-start">
          {t("Cancel viewing")}
        </button>
      </Form>
    </details>
  );
}

/** One booking of the lister's listings: who, when, their words, Confirm, Cancel and the conversation. */
export function ListerBookingCard({ booking }: { booking: BookingCard }) {
  const { t, locale } = useI18n();
  return (
    <li className="card flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">
          {viewingSpan(booking.startsAt, booking.endsAt, booking.timeZone, locale)}
        </span>
        <StatusBadge status={booking.status} />
      </div>
      <p>
        <span className="font-semibold">{booking.visitorName}</span>
        {" · "}
        <Link to={listingPath({ id: booking.listingId, type: booking.listingType })} className="link">
          {booking.listingName}
        </Link>
      </p>
      {booking.message ? (
        <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line text-muted">
          {booking.message}
        </blockquote>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        {booking.status === "requested" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="bookingId" value={booking.id} />
            <button type="submit" className="btn-primary btn-small">
              {t("Confirm")}
              <span className="sr-only"> {booking.visitorName}</span>
            </button>
          </Form>
        ) : null}
        {booking.threadId ? (
          <Link to={threadPath(booking.threadId)} className="btn-secondary btn-small">
            {t("Conversation")}
          </Link>
        ) : null}
        <a href={calendarPath(booking.id)} download className="btn-secondary btn-small">
          {t("Add to calendar")}
        </a>
      </div>
      <CancelForm booking={booking} reasonRequired />
    </li>
  );
}

/** One of the visitor's own bookings: where, when, its state, Add to calendar, Change time and Cancel. */
export function VisitorBookingCard({ booking }: { booking: BookingCard }) {
  const { t, locale } = useI18n();
  const live = booking.status !== "cancelled";
  const page = listingPath({ id: booking.listingId, type: booking.listingType });
  return (
    <li className="card flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">
          {viewingSpan(booking.startsAt, booking.endsAt, booking.timeZone, locale, true)}
        </span>
        <StatusBadge status={booking.status} />
      </div>
      <p>
        <Link to={page} className="link font-semibold">
          {booking.listingName}
        </Link>
        <span className="block text-sm text-muted">{booking.address}</span>
      </p>
      {booking.cancelReason ? (
        <p className="text-sm">{t("Reason: {reason}", { reason: booking.cancelReason })}</p>
      ) : null}
      {live ? (
        <div className="flex flex-wrap items-start gap-2">
          <a href={calendarPath(booking.id)} download className="btn-secondary btn-small">
            {t("Add to calendar")}
          </a>
          {booking.threadId ? (
            <Link to={threadPath(booking.threadId)} className="btn-secondary btn-small">
              {t("Conversation")}
            </Link>
          ) : null}
          {booking.upcoming ? (
            <Link to={`${page}?reschedule=${booking.id}#viewings`} className="btn-secondary btn-small">
              {t("Change time")}
            </Link>
          ) : null}
        </div>
      ) : null}
      {live && booking.upcoming ? <CancelForm booking={booking} reasonRequired={false} /> : null}
    </li>
  );
}
