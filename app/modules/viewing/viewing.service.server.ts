import { randomUUID } from "node:crypto";
import tzLookup from "@photostructure/tz-lookup";
import type { Db } from "#app/db/db.server.ts";
import { ForbiddenError, InvalidError, NotFoundError, TooManyRequestsError } from "#app/http/errors.ts";
import { mayWriteListing } from "#app/modules/agency/agency.listing.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { ENGLISH, type I18n } from "#app/modules/i18n/i18n.ts";
import { isListed } from "#app/modules/listing/listing.model.ts";
import { findListingById, isListingVisible } from "#app/modules/listing/listing.repo.server.ts";
import type { MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import {
  findMailRecipient,
  findOrCreateThread,
  insertMessage,
  isBlocked,
} from "#app/modules/message/message.repo.server.ts";
import { MessageBodySchema } from "#app/modules/message/message.schema.ts";
import { bookingCalendar, calendarAddress, calendarAttachment } from "./viewing.ics.server.ts";
import { type ViewingMailKind, viewingMail } from "./viewing.mail.ts";
import {
  type BookingView,
  cancelOpenHouse,
  claimReminder,
  countBookingsSince,
  countUpcomingBookings,
  findBooking,
  findDueReminderIds,
  findLiveBookingIdsOfOpenHouse,
  findLiveBookingIdsOfUnlistedListings,
  findOpenHouse,
  findViewingTimesOfListing,
  insertBooking,
  insertOpenHouse,
  isUniqueViolation,
  markBookingCancelled,
  markBookingConfirmed,
  moveBooking,
  releasePlace,
  takePlace,
} from "./viewing.repo.server.ts";
import {
  MAX_BOOKINGS_PER_DAY,
  MAX_DAYS_AHEAD,
  MAX_SLOTS,
  MAX_SPAN_HOURS,
  MAX_UPCOMING_PER_LISTING,
  MAX_VIEWING_TIMES,
  slotClaim,
  slotStarts,
  VIEWING_TEXTS as T,
  VIEWINGS_PATH,
  viewingSpan,
  zonedInstant,
} from "./viewing.rules.ts";
import { CancelReasonSchema, ViewingTimeFormSchema } from "./viewing.schema.ts";

// Every write of viewings goes through here (decision 067), checked on the server whatever the page showed:
// - the lister (the listing's owner, or an agency member mayWriteListing allows) adds and removes viewing times,
//   confirms and cancels bookings (with a reason);
// - a signed-in, verified visitor books a time of a listed listing, cancels or moves their booking until it
//   starts: never in the past, never a taken slot or a full open house, never blocked by the lister, at most 3
//   upcoming per listing and 10 a day. The last place is taken in the database (a unique slot claim or a
//   conditional UPDATE of the open house's count), so of two visitors pressing it together one gets it.
// Every booking opens or continues the listing's relay conversation; its e-mails, each with the calendar file,
// are queued in the booking's own transaction.

export type ViewingServiceDeps = {
  db: Db;
  mailer: Pick<MailOutbox, "kick">;
  publicUrl: string;
  siteName: string;
  /** MAIL_FROM: the calendar file's organizer. */
  from: string;
  i18n?: I18n;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The IANA time zone at a listing's position ("Europe/Berlin"); UTC where the lookup has none. */
export function listingTimeZone(geolocation: { lat: number; lng: number }) {
  try {
    return tzLookup(geolocation.lat, geolocation.lng);
  } catch {
    return "UTC";
  }
}

/** The lister adds a span of viewing times (an open house or bookable slots) to a listing of theirs. */
export async function addViewingTime(
  deps: ViewingServiceDeps,
  user: SessionUser,
  listingId: string,
  input: Record<string, unknown>,
  now = Date.now(),
) {
  const listing = await listerListing(deps.db, user, listingId);
  if (!isListed(listing) || !(await isListingVisible(deps.db, listing.id)))
    throw new ForbiddenError(T.listingUnavailable);
  const parsed = ViewingTimeFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new InvalidError(fieldErrors, Object.values(fieldErrors)[0] ?? null);
  }
  const form = parsed.data;
  const timeZone = listingTimeZone(listing.geolocation);
  const startsAt = zonedInstant(form.date, form.from, timeZone);
  const endsAt = zonedInstant(form.date, form.to, timeZone);
  if (startsAt === null || endsAt === null) throw invalid("from", T.timeRequired);
  if (endsAt <= startsAt) throw invalid("to", T.endBeforeStart);
  if (endsAt - startsAt > MAX_SPAN_HOURS * 3_600_000) throw invalid("to", T.spanTooLong);
  if (startsAt <= now) throw invalid("date", T.inPast);
  if (startsAt > now + MAX_DAYS_AHEAD * DAY_MS) throw invalid("date", T.tooFarAhead);
  const slotMinutes = form.kind === "slots" ? form.slotMinutes : null;
  if (form.kind === "slots") {
    if (!slotMinutes) throw invalid("slotMinutes", T.badSlotLength);
    const count = slotStarts({ startsAt, endsAt, slotMinutes }).length;
    if (count === 0) throw invalid("to", T.endBeforeStart);
    if ((endsAt - startsAt) / (slotMinutes * 60_000) > MAX_SLOTS)
      throw invalid("slotMinutes", T.tooManySlots);
  }
  if ((await findViewingTimesOfListing(deps.db, listing.id, now)).length >= MAX_VIEWING_TIMES)
    throw new ForbiddenError(T.tooManyTimes);
  await insertOpenHouse(deps.db, {
    id: randomUUID(),
    listingId: listing.id,
    kind: form.kind,
    startsAt,
    endsAt,
    slotMinutes,
    capacity: form.kind === "openHouse" ? form.capacity : null,
    confirmByHand: form.confirmByHand,
    timeZone,
    createdById: user.id,
    createdAt: now,
  });
  return T.added;
}

/** The lister removes a span of viewing times; its bookings are cancelled and their visitors told. */
export async function removeViewingTime(
  deps: ViewingServiceDeps,
  user: SessionUser,
  openHouseId: string,
  now = Date.now(),
) {
  const time = await findOpenHouse(deps.db, openHouseId);
  if (!time) throw new NotFoundError(T.notFound);
  await listerListing(deps.db, user, time.listingId);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await cancelOpenHouse(trx, time.id))) throw new NotFoundError(T.notFound);
    for (const id of await findLiveBookingIdsOfOpenHouse(trx, time.id)) {
      await cancelInTransaction(
        trx,
        deps,
        id,
        { by: "lister", reason: deps.i18n?.t(T.timesCancelled) ?? T.timesCancelled },
        now,
      );
    }
  });
  deps.mailer.kick();
  return T.removed;
}

/** What a booking came to: requested (the lister confirms by hand) or booked. */
export type BookingOutcome = { bookingId: string; threadId: string; message: string };

/** A visitor books a time: a slot of a slots span, or an open house (its `startsAt`). */
export async function bookViewing(
  deps: ViewingServiceDeps,
  user: SessionUser,
  input: { openHouseId: unknown; startsAt: unknown; message?: unknown },
  now = Date.now(),
): Promise<BookingOutcome> {
  if (!user.emailVerified) throw new ForbiddenError(T.verifyFirst);
  const time = await findOpenHouse(deps.db, typeof input.openHouseId === "string" ? input.openHouseId : "");
  if (!time) throw new NotFoundError(T.notFound);
  const listing = await findListingById(deps.db, time.listingId);
  if (!listing || !(await isListingVisible(deps.db, listing.id))) throw new NotFoundError(T.notFound);
  if (!isListed(listing)) throw new ForbiddenError(T.unavailable);
  if (await mayWriteListing(deps.db, user.id, listing)) throw new ForbiddenError(T.ownListing);
  if (await isBlocked(deps.db, listing.userRef, user.id)) throw new ForbiddenError(T.blocked);
  const slot = chosenTime(time, Number(input.startsAt));
  if (slot.startsAt <= now) throw new InvalidError({}, T.past);
  const note = parseNote(input.message);
  if ((await countUpcomingBookings(deps.db, user.id, listing.id, now)) >= MAX_UPCOMING_PER_LISTING)
    throw new TooManyRequestsError(T.tooManyUpcoming, 3600);
  if ((await countBookingsSince(deps.db, user.id, now - DAY_MS)) >= MAX_BOOKINGS_PER_DAY)
    throw new TooManyRequestsError(T.tooManyToday, 3600);
  const id = randomUUID();
  const status = time.confirmByHand ? "requested" : "confirmed";
  let threadId: string;
  try {
    threadId = await deps.db.transaction().execute(async (trx) => {
      if (!(await takePlace(trx, time.id))) throw new ForbiddenError(T.taken);
      await insertBooking(trx, {
        id,
        openHouseId: time.id,
        listingId: listing.id,
        visitorId: user.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        slotClaim: time.kind === "slots" ? slotClaim(time.id, slot.startsAt) : null,
        status,
        message: note,
        createdAt: now,
        confirmedAt: status === "confirmed" ? now : null,
      });
      const thread = await findOrCreateThread(
        trx,
        { listingId: listing.id, ownerId: listing.userRef, enquirerId: user.id },
        now,
      );
      const booking = (await findBooking(trx, id)) as BookingView;
      const headline = status === "requested" ? T.requested : T.booked;
      await insertMessage(
        trx,
        { threadId: thread, authorId: user.id, body: threadNote(deps, headline, booking, note) },
        now,
      );
      await queueBookingMail(trx, deps, booking, user.id, status === "requested" ? "requested" : "booked");
      await queueBookingMail(trx, deps, booking, booking.listerId, "newBooking");
      return thread;
    });
  } catch (error) {
    // The slot's unique claim: another visitor's insert committed first.
    if (isUniqueViolation(error)) throw new ForbiddenError(T.taken);
    throw error;
  }
  deps.mailer.kick();
  return { bookingId: id, threadId, message: status === "requested" ? T.requested : T.booked };
}

/** The lister confirms a requested booking. */
export async function confirmViewing(
  deps: ViewingServiceDeps,
  user: SessionUser,
  bookingId: string,
  now = Date.now(),
) {
  const booking = await listersBooking(deps.db, user, bookingId);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await markBookingConfirmed(trx, booking.id, now))) throw new InvalidError({}, T.notRequested);
    const confirmed = (await findBooking(trx, booking.id)) as BookingView;
    await noteInThread(trx, deps, confirmed, "lister", T.confirmed, null, now);
    await queueBookingMail(trx, deps, confirmed, confirmed.visitorId, "confirmed");
  });
  deps.mailer.kick();
  return T.confirmed;
}

/**
 * Cancels a booking: its visitor until it starts, or its lister with a reason. The other party is told in the
 * conversation and by e-mail (METHOD:CANCEL).
 */
export async function cancelViewing(
  deps: ViewingServiceDeps,
  user: SessionUser,
  bookingId: string,
  input: { reason?: unknown },
  now = Date.now(),
) {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking) throw new NotFoundError(T.notFound);
  let by: "visitor" | "lister";
  let reason: string | null = null;
  if (booking.visitorId === user.id) {
    by = "visitor";
    if (booking.startsAt <= now) throw new ForbiddenError(T.started);
    if (typeof input.reason === "string" && input.reason.trim()) reason = parseReason(input.reason);
  } else {
    await listerListing(deps.db, user, booking.listingId, T.notFound);
    by = "lister";
    reason = parseReason(input.reason);
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!(await cancelInTransaction(trx, deps, booking.id, { by, reason }, now)))
      throw new NotFoundError(T.notFound);
  });
  deps.mailer.kick();
  return T.cancelled;
}

/** The visitor moves their booking to another time of the same listing, until it starts (same UID, SEQUENCE + 1). */
export async function rescheduleViewing(
  deps: ViewingServiceDeps,
  user: SessionUser,
  bookingId: string,
  input: { openHouseId: unknown; startsAt: unknown },
  now = Date.now(),
) {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking || booking.visitorId !== user.id || booking.status === "cancelled")
    throw new NotFoundError(T.notFound);
  if (booking.startsAt <= now) throw new ForbiddenError(T.started);
  const time = await findOpenHouse(deps.db, typeof input.openHouseId === "string" ? input.openHouseId : "");
  if (!time || time.listingId !== booking.listingId) throw new NotFoundError(T.notFound);
  const listing = await findListingById(deps.db, booking.listingId);
  if (!listing || !isListed(listing) || !(await isListingVisible(deps.db, listing.id)))
    throw new ForbiddenError(T.unavailable);
  if (await isBlocked(deps.db, listing.userRef, user.id)) throw new ForbiddenError(T.blocked);
  const slot = chosenTime(time, Number(input.startsAt));
  if (slot.startsAt <= now) throw new InvalidError({}, T.past);
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await takePlace(trx, time.id))) throw new ForbiddenError(T.taken);
      await releasePlace(trx, booking.openHouseId);
      const moved = await moveBooking(trx, booking.id, {
        openHouseId: time.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        slotClaim: time.kind === "slots" ? slotClaim(time.id, slot.startsAt) : null,
        status: time.confirmByHand ? "requested" : "confirmed",
      });
      if (!moved) throw new NotFoundError(T.notFound);
      const after = (await findBooking(trx, booking.id)) as BookingView;
      await noteInThread(trx, deps, after, "visitor", T.rescheduled, null, now);
      await queueBookingMail(trx, deps, after, after.visitorId, "rescheduled");
      await queueBookingMail(trx, deps, after, after.listerId, "rescheduled");
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ForbiddenError(T.taken);
    throw error;
  }
  deps.mailer.kick();
  return T.rescheduled;
}

/**
 * Cancels the live bookings of listings that were let, sold, hidden or expired (or whose lister was suspended),
 * telling each visitor. Run by the job "viewings" and right after a status change; returns how many.
 */
export async function cancelBookingsOfUnlistedListings(deps: ViewingServiceDeps, now = Date.now()) {
  let cancelled = 0;
  for (const id of await findLiveBookingIdsOfUnlistedListings(deps.db, now)) {
    const done = await deps.db
      .transaction()
      .execute((trx) =>
        cancelInTransaction(
          trx,
          deps,
          id,
          { by: "lister", reason: deps.i18n?.t(T.noLongerAvailable) ?? T.noLongerAvailable },
          now,
        ),
      );
    if (done) cancelled += 1;
  }
  if (cancelled > 0) deps.mailer.kick();
  return cancelled;
}

/** Sends the reminder of every live booking starting within a day; each once. Returns how many. */
export async function sendViewingReminders(deps: ViewingServiceDeps, now = Date.now()) {
  let sent = 0;
  for (const id of await findDueReminderIds(deps.db, now, now + DAY_MS)) {
    const done = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, id, now))) return false;
      const booking = (await findBooking(trx, id)) as BookingView;
      await queueBookingMail(trx, deps, booking, booking.visitorId, "reminder");
      return true;
    });
    if (done) sent += 1;
  }
  if (sent > 0) deps.mailer.kick();
  return sent;
}

/** The job "viewings": every minute, cancels bookings of homes no longer listed and sends due reminders. */
export function viewingsJob(deps: ViewingServiceDeps) {
  return {
    name: "viewings",
    everyMs: 60_000,
    run: async (ctx: { now: () => number }) => {
      await cancelBookingsOfUnlistedListings(deps, ctx.now());
      await sendViewingReminders(deps, ctx.now());
    },
  };
}

/** The calendar file of a booking for its visitor or its lister ("Add to calendar"). */
export async function calendarFileFor(deps: ViewingServiceDeps, user: SessionUser, bookingId: string) {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking) throw new NotFoundError(T.notFound);
  if (booking.visitorId !== user.id) await listerListing(deps.db, user, booking.listingId, T.notFound);
  return bookingCalendar(
    calendarContext(deps),
    booking,
    { name: user.name, email: user.email },
    summaryOf(deps, booking),
  );
}

/** The listing, if `user` may manage its viewings; else NotFound (no listing) or Forbidden. */
async function listerListing(db: Db, user: SessionUser, listingId: string, refusal: string = T.notYours) {
  const listing = await findListingById(db, listingId);
  if (!listing) throw new NotFoundError(T.notFound);
  if (!(await mayWriteListing(db, user.id, listing))) {
    throw refusal === T.notFound ? new NotFoundError(T.notFound) : new ForbiddenError(refusal);
  }
  return listing;
}

async function listersBooking(db: Db, user: SessionUser, bookingId: string) {
  const booking = await findBooking(db, bookingId);
  if (!booking) throw new NotFoundError(T.notFound);
  await listerListing(db, user, booking.listingId, T.notFound);
  return booking;
}

/** The slot (or open house) `startsAt` names in `time`; a time the span does not offer is not found. */
function chosenTime(
  time: { kind: string; startsAt: number; endsAt: number; slotMinutes: number | null },
  startsAt: number,
) {
  if (time.kind === "openHouse") {
    if (startsAt !== time.startsAt) throw new NotFoundError(T.notFound);
    return { startsAt: time.startsAt, endsAt: time.endsAt };
  }
  if (!slotStarts(time).includes(startsAt)) throw new NotFoundError(T.notFound);
  return { startsAt, endsAt: startsAt + (time.slotMinutes ?? 0) * 60_000 };
}

/** A refused field: its message beside it, and as the form's message (the toast says it too). */
function invalid(field: string, message: string) {
  return new InvalidError({ [field]: message }, message);
}

function parseNote(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const body = MessageBodySchema.safeParse(value);
  if (!body.success) throw invalid("message", body.error.issues[0]?.message ?? T.notFound);
  return body.data;
}

function parseReason(value: unknown) {
  const reason = CancelReasonSchema.safeParse(value);
  if (!reason.success) throw invalid("reason", reason.error.issues[0]?.message ?? T.reasonRequired);
  return reason.data;
}

/** Cancels one live booking in `trx`: frees its place, notes it in the conversation, tells the other party. */
async function cancelInTransaction(
  trx: Db,
  deps: ViewingServiceDeps,
  bookingId: string,
  { by, reason }: { by: "visitor" | "lister"; reason: string | null },
  now: number,
) {
  if (!(await markBookingCancelled(trx, bookingId, reason, now))) return false;
  const booking = (await findBooking(trx, bookingId)) as BookingView;
  await releasePlace(trx, booking.openHouseId);
  await noteInThread(trx, deps, booking, by, T.cancelled, reason, now);
  await queueBookingMail(
    trx,
    deps,
    booking,
    by === "visitor" ? booking.listerId : booking.visitorId,
    "cancelled",
  );
  return true;
}

function i18nOf(deps: ViewingServiceDeps) {
  return deps.i18n ?? ENGLISH;
}

function whenOf(deps: ViewingServiceDeps, booking: BookingView) {
  return viewingSpan(booking.startsAt, booking.endsAt, booking.timeZone, i18nOf(deps).locale, true);
}

function summaryOf(deps: ViewingServiceDeps, booking: BookingView) {
  return i18nOf(deps).t("Viewing: {listing}", { listing: booking.listingName });
}

/** "Viewing booked: Sat, Dec 6, 10:00 – 10:20 (CET)", then the visitor's or lister's words. */
function threadNote(deps: ViewingServiceDeps, headline: string, booking: BookingView, extra: string | null) {
  const text = `${i18nOf(deps).translate(headline)}: ${whenOf(deps, booking)}`;
  return extra ? `${text}\n\n${extra}` : text;
}

/** A line in the listing's conversation with the visitor, by the side that acted (the lister as the thread's owner). */
async function noteInThread(
  trx: Db,
  deps: ViewingServiceDeps,
  booking: BookingView,
  by: "visitor" | "lister",
  headline: string,
  extra: string | null,
  now: number,
) {
  const threadId = await findOrCreateThread(
    trx,
    { listingId: booking.listingId, ownerId: booking.listerId, enquirerId: booking.visitorId },
    now,
  );
  const thread = await trx
    .selectFrom("messageThread")
    .select("ownerId")
    .where("id", "=", threadId)
    .executeTakeFirstOrThrow();
  const authorId = by === "visitor" ? booking.visitorId : thread.ownerId;
  const reason = extra ? i18nOf(deps).t("Reason: {reason}", { reason: extra }) : null;
  await insertMessage(trx, { threadId, authorId, body: threadNote(deps, headline, booking, reason) }, now);
}

function calendarContext(deps: ViewingServiceDeps) {
  return { siteName: deps.siteName, publicUrl: deps.publicUrl, from: deps.from };
}

async function queueBookingMail(
  trx: Db,
  deps: ViewingServiceDeps,
  booking: BookingView,
  recipientId: string,
  kind: ViewingMailKind,
) {
  const recipient = await findMailRecipient(trx, recipientId);
  if (!recipient) return;
  const ics = bookingCalendar(calendarContext(deps), booking, recipient, summaryOf(deps, booking));
  await queueMail(
    trx,
    viewingMail(
      { i18n: i18nOf(deps), siteName: deps.siteName, publicUrl: deps.publicUrl },
      {
        to: recipient.email,
        kind,
        recipientName: recipient.name,
        visitorName: booking.visitorName,
        listingName: booking.listingName,
        when: whenOf(deps, booking),
        address: calendarAddress(booking),
        reason: kind === "cancelled" ? booking.cancelReason : null,
        url: `${deps.publicUrl}${VIEWINGS_PATH}`,
        attachment: calendarAttachment(ics, booking.status === "cancelled"),
      },
    ),
  );
}

/** What the service needs, from the app's services (the routes' and the job's one way to build it). */
export function viewingDeps(services: {
  db: Db;
  mailer: Pick<MailOutbox, "kick">;
  i18n: I18n;
  config: { publicUrl: string; site: { name: string }; mail: { from: string } };
}): ViewingServiceDeps {
  return {
    db: services.db,
    mailer: services.mailer,
    publicUrl: services.config.publicUrl,
    siteName: services.config.site.name,
    from: services.config.mail.from,
    i18n: services.i18n,
  };
}
