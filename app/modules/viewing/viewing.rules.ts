import { msg } from "#app/modules/i18n/i18n.ts";

// Browser-safe rules of viewings (decision 067): the limits, the words the pages and the server share, how a
// span of bookable slots divides, and how a wall-clock time in the listing's time zone becomes an instant.

/** A visitor's live bookings of one listing that are still to come. */
export const MAX_UPCOMING_PER_LISTING = 3;
/** Bookings a visitor may make in 24 hours, over every listing. */
export const MAX_BOOKINGS_PER_DAY = 10;
/** The longest span of viewing times, and the most slots one span holds. */
export const MAX_SPAN_HOURS = 12;
export const MAX_SLOTS = 48;
/** Slot lengths a lister picks from, in minutes. */
export const SLOT_MINUTES = [15, 20, 30, 45, 60] as const;
/** Viewing times still to come that one listing may have. */
export const MAX_VIEWING_TIMES = 30;
/** The longest cap on an open house's bookings. */
export const MAX_CAPACITY = 200;
/** How far ahead a lister may publish times: a year. */
export const MAX_DAYS_AHEAD = 366;
export const CANCEL_REASON_MAX_LENGTH = 500;

export const VIEWING_TEXTS = {
  added: msg("Viewing times added"),
  removed: msg("Viewing times removed"),
  requested: msg("Viewing requested"),
  booked: msg("Viewing booked"),
  confirmed: msg("Viewing confirmed"),
  cancelled: msg("Viewing cancelled"),
  rescheduled: msg("Viewing rescheduled"),
  taken: msg("That time was just taken. Please choose another."),
  past: msg("That time has passed. Please choose another."),
  tooManyUpcoming: msg("You already have 3 viewings of this home booked"),
  tooManyToday: msg("You can book at most 10 viewings a day. Please try again tomorrow."),
  blocked: msg("This person does not accept your messages"),
  unavailable: msg("This home is no longer available"),
  ownListing: msg("You can not book a viewing of your own listing"),
  verifyFirst: msg("Verify your e-mail to book a viewing"),
  notFound: msg("Viewing does not exist"),
  notYours: msg("You can not change viewings of that listing"),
  started: msg("A viewing can not be cancelled once it has started"),
  notRequested: msg("Only a requested viewing can be confirmed"),
  reasonRequired: msg("Say why you cancel"),
  reasonTooLong: msg("Keep the reason under 500 characters"),
  dateRequired: msg("Choose a day"),
  timeRequired: msg("Choose a start and an end time"),
  endBeforeStart: msg("The end must be after the start"),
  spanTooLong: msg("A span can be at most 12 hours"),
  tooManySlots: msg("At most 48 slots in one span"),
  tooFarAhead: msg("Viewing times can be at most a year ahead"),
  inPast: msg("Viewing times must be in the future"),
  tooManyTimes: msg("A listing can have at most 30 upcoming viewing times"),
  badSlotLength: msg("Choose a slot length"),
  badCapacity: msg("The cap must be a whole number from 1 to 200"),
  listingUnavailable: msg("This home is let, sold or hidden: it takes no viewings"),
  noLongerAvailable: msg("The home is no longer available, so the viewing is cancelled."),
  timesCancelled: msg("The lister removed these viewing times."),
} as const;

export type ViewingKind = "openHouse" | "slots";

/** A span of viewing times as pages show it. */
export type ViewingTime = {
  id: string;
  kind: ViewingKind;
  startsAt: number;
  endsAt: number;
  slotMinutes: number | null;
  capacity: number | null;
  booked: number;
  confirmByHand: boolean;
  timeZone: string;
};

/** One time a visitor may pick: a slot, or the whole of an open house. */
export type BookableTime = {
  openHouseId: string;
  kind: ViewingKind;
  startsAt: number;
  endsAt: number;
  /** An open house's places left under its cap; null without a cap (and for a slot, which is one place). */
  placesLeft: number | null;
};

/** The starts of a slots span's slots: every `slotMinutes` from its start while a whole slot fits. */
export function slotStarts(time: Pick<ViewingTime, "startsAt" | "endsAt" | "slotMinutes">): number[] {
  const step = (time.slotMinutes ?? 0) * 60_000;
  if (step <= 0) return [];
  const starts: number[] = [];
  for (let at = time.startsAt; at + step <= time.endsAt && starts.length < MAX_SLOTS; at += step) {
    starts.push(at);
  }
  return starts;
}

/**
 * The times a visitor may still book, soonest first: an open house while it has places and has not started,
 * each slot not taken (`taken`: "openHouseId@startsAt" of live slot bookings) that has not started.
 */
export function bookableTimes(times: ViewingTime[], taken: Set<string>, now: number): BookableTime[] {
  const open: BookableTime[] = [];
  for (const time of times) {
    if (time.kind === "openHouse") {
      const placesLeft = time.capacity === null ? null : Math.max(0, time.capacity - time.booked);
      if (time.startsAt > now && placesLeft !== 0)
        open.push({
          openHouseId: time.id,
          kind: time.kind,
          startsAt: time.startsAt,
          endsAt: time.endsAt,
          placesLeft,
        });
      continue;
    }
    const step = (time.slotMinutes ?? 0) * 60_000;
    for (const start of slotStarts(time)) {
      if (start > now && !taken.has(slotClaim(time.id, start)))
        open.push({
          openHouseId: time.id,
          kind: time.kind,
          startsAt: start,
          endsAt: start + step,
          placesLeft: null,
        });
    }
  }
  return open.sort((a, b) => a.startsAt - b.startsAt);
}

/** The claim a live slot booking holds: one per slot, kept unique by the database. */
export function slotClaim(openHouseId: string, startsAt: number) {
  return `${openHouseId}@${startsAt}`;
}

/** The offset of `zone` from UTC at the instant `ms`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(ms: number, zone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of the wall-clock `date` (YYYY-MM-DD) and `time` (HH:MM) in `zone`, or null when they are not a
 * date and a time. A time a spring-forward gap skips lands an hour later, as clocks do.
 */
export function zonedInstant(date: string, time: string, zone: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall) || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  const first = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(first, zone);
}

/** "Sat, Dec 6" in `locale`, as the day is in `zone`. */
export function viewingDay(ms: number, zone: string, locale: string) {
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
  }).format(ms);
}

/** "10:00" (or "10:00 AM") in `locale`, as the clock shows it in `zone`. */
export function viewingClock(ms: number, zone: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(ms);
}

/** "Sat, Dec 6, 10:00 – 10:20" in `zone`, with the zone's short name ("CET") when `withZone`. */
export function viewingSpan(
  startsAt: number,
  endsAt: number,
  zone: string,
  locale: string,
  withZone = false,
) {
  const label = `${viewingDay(startsAt, zone, locale)}, ${viewingClock(startsAt, zone, locale)} – ${viewingClock(endsAt, zone, locale)}`;
  return withZone ? `${label} (${zoneName(startsAt, zone, locale)})` : label;
}

/** The short name of `zone` at `ms` in `locale`: "CET", "GMT+1", "PST". */
export function zoneName(ms: number, zone: string, locale: string) {
  return (
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
      .formatToParts(ms)
      .find((part) => part.type === "timeZoneName")?.value ?? zone
  );
}

/** The key of the day `ms` falls on in `zone` (YYYY-MM-DD), to group bookings by day. */
export function dayKey(ms: number, zone: string) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(ms);
}

/** The page that lists a user's viewings. */
export const VIEWINGS_PATH = "/viewings";

/** The calendar file of a booking ("Add to calendar"). */
export function calendarPath(bookingId: string) {
  return `/viewings/${encodeURIComponent(bookingId)}/calendar.ics`;
}

/**
 * schema.org's `event` of a listing page: its open houses (slots are appointments, not events), a SaleEvent for
 * a home for sale and an Event for one to let, at the listing's public address.
 */
export function openHouseEvents(
  listing: { type: "rent" | "sale"; name: string; location: string },
  times: ViewingTime[],
  url: string,
  name: string,
) {
  return times
    .filter((time) => time.kind === "openHouse")
    .map((time) => ({
      "@type": listing.type === "sale" ? "SaleEvent" : "Event",
      name,
      url,
      startDate: new Date(time.startsAt).toISOString(),
      endDate: new Date(time.endsAt).toISOString(),
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: listing.name, address: listing.location },
    }));
}
