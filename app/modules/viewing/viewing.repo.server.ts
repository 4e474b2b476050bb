import type { Insertable } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import { isWellFormedId } from "#app/db/ids.ts";
import type { OpenHouseTable, ShowingAppointmentTable } from "#app/db/schema.ts";
import { whereListed } from "#app/modules/listing/listing.visibility.server.ts";
import type { ViewingTime } from "./viewing.rules.ts";

// Every query on the viewing tables, openHouse and showingAppointment (decision 067). Times are epoch ms.
// A booking is live while it is "requested" or "confirmed".

const LIVE = ["requested", "confirmed"] as const;

export type BookingStatus = ShowingAppointmentTable["status"];

/** A booking with what its pages, e-mails and calendar file need (the exact address only for the server). */
export type BookingView = {
  id: string;
  openHouseId: string;
  listingId: string;
  listingName: string;
  listingType: "rent" | "sale";
  listerId: string;
  agencyId: string | null;
  /** The public address: the street only when the lister hides the house number. */
  location: string;
  exactLocation: string | null;
  visitorId: string;
  visitorName: string;
  startsAt: number;
  endsAt: number;
  status: BookingStatus;
  message: string | null;
  cancelReason: string | null;
  sequence: number;
  timeZone: string;
  kind: ViewingTime["kind"];
  confirmByHand: boolean;
  createdAt: number;
  threadId: string | null;
};

function toViewingTime(row: {
  id: string;
  kind: ViewingTime["kind"];
  startsAt: number | string;
  endsAt: number | string;
  slotMinutes: number | null;
  capacity: number | null;
  booked: number | string;
  confirmByHand: boolean | number;
  timeZone: string;
}): ViewingTime {
  return {
    id: row.id,
    kind: row.kind,
    startsAt: Number(row.startsAt),
    endsAt: Number(row.endsAt),
    slotMinutes: row.slotMinutes === null ? null : Number(row.slotMinutes),
    capacity: row.capacity === null ? null : Number(row.capacity),
    booked: Number(row.booked),
    confirmByHand: Boolean(row.confirmByHand),
    timeZone: row.timeZone,
  };
}

const TIME_COLUMNS = [
  "id",
  "kind",
  "startsAt",
  "endsAt",
  "slotMinutes",
  "capacity",
  "booked",
  "confirmByHand",
  "timeZone",
] as const;

/** Saves a new span of viewing times. */
export async function insertOpenHouse(db: Db, row: Insertable<OpenHouseTable>) {
  await db.insertInto("openHouse").values(row).execute();
}

/** An active span of viewing times with its listing's id, or undefined. */
export async function findOpenHouse(db: Db, id: string) {
  if (!isWellFormedId(id)) return undefined;
  const row = await db
    .selectFrom("openHouse")
    .select([...TIME_COLUMNS, "listingId"])
    .where("id", "=", id)
    .where("status", "=", "active")
    .executeTakeFirst();
  return row ? { ...toViewingTime(row), listingId: row.listingId } : undefined;
}

/** A listing's active viewing times that have not ended, soonest first. */
export async function findViewingTimesOfListing(
  db: Db,
  listingId: string,
  now: number,
): Promise<ViewingTime[]> {
  const rows = await db
    .selectFrom("openHouse")
    .select(TIME_COLUMNS)
    .where("listingId", "=", listingId)
    .where("status", "=", "active")
    .where("endsAt", ">", now)
    .orderBy("startsAt")
    .orderBy("id")
    .execute();
  return rows.map(toViewingTime);
}

/** A listing's active viewing times that have not ended, with their remarks, soonest first (the API, the feeds). */
export async function findOpenHousesOfListings(db: Db, listingIds: readonly string[], now: number) {
  if (listingIds.length === 0) return [];
  const rows = await db
    .selectFrom("openHouse")
    .select([...TIME_COLUMNS, "listingId", "remarks"])
    .where("listingId", "in", [...listingIds])
    .where("status", "=", "active")
    .where("endsAt", ">", now)
    .orderBy("startsAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...toViewingTime(row), listingId: row.listingId, remarks: row.remarks }));
}

/** The claims of a listing's live slot bookings that have not ended ("openHouseId@startsAt"). */
export async function findTakenSlots(db: Db, listingId: string, now: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom("showingAppointment")
    .select("slotClaim")
    .where("listingId", "=", listingId)
    .where("slotClaim", "is not", null)
    .where("endsAt", ">", now)
    .execute();
  return new Set(rows.map((row) => row.slotClaim as string));
}

/** Marks a span cancelled (its bookings are the service's to cancel). Returns whether it was active. */
export async function cancelOpenHouse(db: Db, id: string) {
  const result = await db
    .updateTable("openHouse")
    .set({ status: "cancelled" })
    .where("id", "=", id)
    .where("status", "=", "active")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes one place of a span with one conditional UPDATE: none is left when a cap is set and reached (the row
 * lock on PostgreSQL re-checks the condition, SQLite has one writer), so two visitors never both get the last.
 */
export async function takePlace(db: Db, openHouseId: string) {
  const result = await db
    .updateTable("openHouse")
    .set((eb) => ({ booked: eb("booked", "+", 1) }))
    .where("id", "=", openHouseId)
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("capacity", "is", null), eb("booked", "<", eb.ref("capacity"))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a place back (a cancelled or moved booking). */
export async function releasePlace(db: Db, openHouseId: string) {
  await db
    .updateTable("openHouse")
    .set((eb) => ({ booked: eb("booked", "-", 1) }))
    .where("id", "=", openHouseId)
    .where("booked", ">", 0)
    .execute();
}

/** Saves a booking; a slot already claimed by a live booking fails on the unique `slotClaim`. */
export async function insertBooking(db: Db, row: Insertable<ShowingAppointmentTable>) {
  await db.insertInto("showingAppointment").values(row).execute();
}

/** Whether `error` is a unique constraint's refusal, on either engine. */
export function isUniqueViolation(error: unknown) {
  const { code, message, errcode } = (error ?? {}) as { code?: string; message?: string; errcode?: number };
  return (
    code === "23505" || errcode === 2067 || errcode === 1555 || /UNIQUE constraint failed/.test(message ?? "")
  );
}

/** Live bookings of `visitorId` for `listingId` that have not started. */
export async function countUpcomingBookings(db: Db, visitorId: string, listingId: string, now: number) {
  const row = await db
    .selectFrom("showingAppointment")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("visitorId", "=", visitorId)
    .where("listingId", "=", listingId)
    .where("status", "in", LIVE)
    .where("startsAt", ">", now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Bookings `visitorId` made since `since`, cancelled ones included (the daily limit counts attempts kept). */
export async function countBookingsSince(db: Db, visitorId: string, since: number) {
  const row = await db
    .selectFrom("showingAppointment")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("visitorId", "=", visitorId)
    .where("createdAt", ">", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function bookings(db: Db) {
  return db
    .selectFrom("showingAppointment as b")
    .innerJoin("listing as l", "l.id", "b.listingId")
    .innerJoin("openHouse as o", "o.id", "b.openHouseId")
    .innerJoin("user as v", "v.id", "b.visitorId")
    .leftJoin("messageThread as t", (join) =>
      join.onRef("t.listingId", "=", "b.listingId").onRef("t.enquirerId", "=", "b.visitorId"),
    )
    .select([
      "b.id",
      "b.openHouseId",
      "b.listingId",
      "l.name as listingName",
      "l.type as listingType",
      "l.userRef as listerId",
      "l.agencyId",
      "l.location",
      "l.exactLocation",
      "b.visitorId",
      "v.name as visitorName",
      "b.startsAt",
      "b.endsAt",
      "b.status",
      "b.message",
      "b.cancelReason",
      "b.sequence",
      "o.timeZone",
      "o.kind",
      "o.confirmByHand",
      "b.createdAt",
      "t.id as threadId",
    ]);
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookings>["execute"]>>[number];

function toBookingView(row: BookingRow): BookingView {
  return {
    ...row,
    startsAt: Number(row.startsAt),
    endsAt: Number(row.endsAt),
    sequence: Number(row.sequence),
    createdAt: Number(row.createdAt),
    confirmByHand: Boolean(row.confirmByHand),
    threadId: row.threadId ?? null,
  };
}

/** One booking, or undefined. */
export async function findBooking(db: Db, id: string) {
  if (!isWellFormedId(id)) return undefined;
  const row = await bookings(db).where("b.id", "=", id).executeTakeFirst();
  return row ? toBookingView(row) : undefined;
}

/** `visitorId`'s bookings that end after `since`, soonest first. */
export async function findBookingsOfVisitor(db: Db, visitorId: string, since: number) {
  const rows = await bookings(db)
    .where("b.visitorId", "=", visitorId)
    .where("b.endsAt", ">", since)
    .orderBy("b.startsAt")
    .orderBy("b.id")
    .limit(200)
    .execute();
  return rows.map(toBookingView);
}

/** Live bookings of `listingIds` that end after `since`, soonest first. */
export async function findBookingsOfListings(db: Db, listingIds: string[], since: number) {
  if (listingIds.length === 0) return [];
  const rows = await bookings(db)
    .where("b.listingId", "in", listingIds)
    .where("b.status", "in", LIVE)
    .where("b.endsAt", ">", since)
    .orderBy("b.startsAt")
    .orderBy("b.id")
    .limit(500)
    .execute();
  return rows.map(toBookingView);
}

/**
 * Listings `userId` may be a lister of and that have live bookings: theirs, and those of agencies they belong
 * to (the caller keeps those mayWriteListing allows).
 */
export async function findListingsWithBookingsFor(db: Db, userId: string, since: number) {
  return db
    .selectFrom("listing as l")
    .select(["l.id", "l.userRef", "l.agencyId"])
    .where((eb) =>
      eb.or([
        eb("l.userRef", "=", userId),
        eb("l.agencyId", "in", eb.selectFrom("member").select("organizationId").where("userId", "=", userId)),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("showingAppointment as b")
          .select("b.id")
          .whereRef("b.listingId", "=", "l.id")
          .where("b.status", "in", LIVE)
          .where("b.endsAt", ">", since),
      ),
    )
    .execute();
}

/** Live bookings of the span `openHouseId`. */
export async function findLiveBookingIdsOfOpenHouse(db: Db, openHouseId: string) {
  const rows = await db
    .selectFrom("showingAppointment")
    .select("id")
    .where("openHouseId", "=", openHouseId)
    .where("status", "in", LIVE)
    .execute();
  return rows.map((row) => row.id);
}

/** Live bookings, still to end, of listings that are no longer listed (let, sold, expired, hidden). */
export async function findLiveBookingIdsOfUnlistedListings(db: Db, now: number, limit = 100) {
  const rows = await db
    .selectFrom("showingAppointment as b")
    .select("b.id")
    .where("b.status", "in", LIVE)
    .where("b.endsAt", ">", now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("listing")
            .select("listing.id")
            .whereRef("listing.id", "=", "b.listingId")
            .where(whereListed),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Sets a requested booking confirmed; returns whether it was requested. */
export async function markBookingConfirmed(db: Db, id: string, now: number) {
  const result = await db
    .updateTable("showingAppointment")
    .set((eb) => ({ status: "confirmed", confirmedAt: now, sequence: eb("sequence", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels a live booking and frees its slot; returns whether it was live (one of two cancels wins). */
export async function markBookingCancelled(db: Db, id: string, reason: string | null, now: number) {
  const result = await db
    .updateTable("showingAppointment")
    .set((eb) => ({
      status: "cancelled",
      cancelReason: reason,
      cancelledAt: now,
      slotClaim: null,
      sequence: eb("sequence", "+", 1),
    }))
    .where("id", "=", id)
    .where("status", "in", LIVE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a live booking to another time (its slot claim moves with it: taken, the unique claim refuses). */
export async function moveBooking(
  db: Db,
  id: string,
  to: {
    openHouseId: string;
    startsAt: number;
    endsAt: number;
    slotClaim: string | null;
    status: BookingStatus;
  },
) {
  const result = await db
    .updateTable("showingAppointment")
    .set((eb) => ({ ...to, confirmedAt: null, reminderSentAt: null, sequence: eb("sequence", "+", 1) }))
    .where("id", "=", id)
    .where("status", "in", LIVE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Live bookings starting before `until` with no reminder yet: candidates (claimReminder decides). */
export async function findDueReminderIds(db: Db, now: number, until: number, limit = 100) {
  const rows = await db
    .selectFrom("showingAppointment")
    .select("id")
    .where("status", "in", LIVE)
    .where("reminderSentAt", "is", null)
    .where("startsAt", ">", now)
    .where("startsAt", "<=", until)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Claims a booking's reminder (one conditional UPDATE: of two job runs, one sends it). */
export async function claimReminder(db: Db, id: string, now: number) {
  const result = await db
    .updateTable("showingAppointment")
    .set({ reminderSentAt: now })
    .where("id", "=", id)
    .where("reminderSentAt", "is", null)
    .where("status", "in", LIVE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
