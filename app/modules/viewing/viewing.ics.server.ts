import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { MailAttachment } from "#app/providers/mail/mail.server.ts";
import type { BookingView } from "./viewing.repo.server.ts";

// A booking's calendar file (RFC 5545, with RFC 5546's METHOD): the same file goes with every e-mail about the
// booking and behind "Add to calendar". Its UID is the booking's id, so a calendar updates the one event: a
// confirmation or a move raises SEQUENCE, a cancellation sends METHOD:CANCEL. Neither party's address is in it:
// the organizer is the site's own sender (MAIL_FROM), the attendee the file's recipient.

export type CalendarContext = { siteName: string; publicUrl: string; from: string };

/** What a calendar shows as the place: the street only while the lister hides the number and has not confirmed. */
export function calendarAddress(booking: Pick<BookingView, "location" | "exactLocation" | "status">) {
  return booking.status === "confirmed" && booking.exactLocation ? booking.exactLocation : booking.location;
}

/** The .ics text of `booking` for `attendee`. */
export function bookingCalendar(
  ctx: CalendarContext,
  booking: BookingView,
  attendee: { name: string; email: string },
  summary: string,
) {
  const cancelled = booking.status === "cancelled";
  const host = new URL(ctx.publicUrl).hostname;
  const calendar = ical({
    name: ctx.siteName,
    prodId: { company: ctx.siteName, product: "viewings", language: "EN" },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${booking.id}@${host}`,
    sequence: booking.sequence,
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    summary,
    location: calendarAddress(booking),
    url: `${ctx.publicUrl}/viewings`,
    description: `${ctx.publicUrl}/viewings`,
    status: cancelled
      ? ICalEventStatus.CANCELLED
      : booking.status === "confirmed"
        ? ICalEventStatus.CONFIRMED
        : ICalEventStatus.TENTATIVE,
    organizer: { name: ctx.siteName, email: senderAddress(ctx.from) },
    attendees: [{ name: attendee.name, email: attendee.email, role: ICalAttendeeRole.REQ, rsvp: false }],
    stamp: new Date(),
  });
  return calendar.toString();
}

/** The calendar file as an e-mail attachment (its method in the type, as calendar clients expect). */
export function calendarAttachment(ics: string, cancelled: boolean): MailAttachment {
  return {
    filename: "viewing.ics",
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
    content: ics,
  };
}

/** The address inside "Homestead <no-reply@example>" (or the address itself). */
function senderAddress(from: string) {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}
