import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, InvalidError, NotFoundError, TooManyRequestsError } from "#app/http/errors.ts";
import { insertBlock } from "#app/modules/message/message.repo.server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { findBooking, findBookingsOfVisitor, findViewingTimesOfListing } from "./viewing.repo.server.ts";
import { VIEWING_TEXTS as T, zonedInstant } from "./viewing.rules.ts";
import {
  addViewingTime,
  bookViewing,
  calendarFileFor,
  cancelBookingsOfUnlistedListings,
  cancelViewing,
  confirmViewing,
  removeViewingTime,
  rescheduleViewing,
  sendViewingReminders,
  type ViewingServiceDeps,
} from "./viewing.service.server.ts";

// The viewing rules on a real database, run on both engines: who may publish times, the limits, and the race
// for the last place (concurrent bookings: exactly one wins, on SQLite's single writer and on PostgreSQL's row
// locks and unique index alike).

const NOW = Date.UTC(2026, 11, 1, 8); // Tue 1 Dec 2026, 09:00 in Paris
const ZONE = "Europe/Paris";
const at = (date: string, time: string) => zonedInstant(date, time, ZONE) as number;

type User = { id: string; name: string; email: string; emailVerified: boolean };

describe("viewings: times, bookings and their limits", () => {
  let test: TestDb;
  let deps: ViewingServiceDeps;
  let owner: User;
  const kicks: number[] = [];

  beforeAll(async () => {
    test = await createTestDb();
    deps = {
      db: test.db,
      mailer: { kick: () => kicks.push(1) },
      publicUrl: "https://homes.example",
      siteName: "Homestead",
      from: "Homestead <no-reply@homes.example>",
    };
    owner = await createUser(test.db, { name: "Olivia Owner" });
  });
  afterAll(async () => {
    await test?.destroy();
  });

  const visitor = (name = "Vera Visitor") => createUser(test.db, { name });
  const listing = async () => (await createListing(test.db, owner.id)).id;

  async function slots(listingId: string, date = "2026-12-05", from = "10:00", to = "11:00", extra = {}) {
    await addViewingTime(
      deps,
      owner,
      listingId,
      { kind: "slots", date, from, to, slotMinutes: "20", ...extra },
      NOW,
    );
    const times = await findViewingTimesOfListing(test.db, listingId, NOW);
    return times.at(-1)!;
  }

  async function mailsTo(email: string) {
    return test.db
      .selectFrom("mailOutbox")
      .select(["subject", "text", "attachments"])
      .where("recipient", "=", email)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  }

  function parseIcs(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = calendar.getFirstSubcomponent("vevent")!;
    return {
      method: calendar.getFirstPropertyValue("method"),
      uid: event.getFirstPropertyValue("uid"),
      sequence: Number(event.getFirstPropertyValue("sequence")),
      start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().getTime(),
      location: event.getFirstPropertyValue("location"),
    };
  }

  it("takes times from the lister in the listing's time zone, and from nobody else", async () => {
    const id = await listing();
    const time = await slots(id);
    expect(time).toMatchObject({
      kind: "slots",
      slotMinutes: 20,
      timeZone: ZONE,
      startsAt: at("2026-12-05", "10:00"),
    });
    expect(new Date(time.startsAt).toISOString()).toBe("2026-12-05T09:00:00.000Z");
    const other = await visitor();
    await expect(
      addViewingTime(
        deps,
        other,
        id,
        { kind: "openHouse", date: "2026-12-06", from: "10:00", to: "12:00" },
        NOW,
      ),
    ).rejects.toThrow(ForbiddenError);
    await expect(
      addViewingTime(
        deps,
        owner,
        id,
        { kind: "openHouse", date: "2026-11-30", from: "10:00", to: "12:00" },
        NOW,
      ),
    ).rejects.toThrow(T.inPast);
    await expect(
      addViewingTime(
        deps,
        owner,
        id,
        { kind: "openHouse", date: "2026-12-06", from: "12:00", to: "10:00" },
        NOW,
      ),
    ).rejects.toThrow(T.endBeforeStart);
    await expect(
      addViewingTime(
        deps,
        owner,
        id,
        { kind: "openHouse", date: "2026-12-06", from: "10:00", to: "12:00", capacity: "0" },
        NOW,
      ),
    ).rejects.toThrow(InvalidError);
    expect(await findViewingTimesOfListing(test.db, id, NOW)).toHaveLength(1);
  });

  it("books a slot, opens the conversation, mails both sides a calendar file with a stable UID", async () => {
    const id = await listing();
    const time = await slots(id);
    const vera = await visitor();
    const outcome = await bookViewing(
      deps,
      vera,
      { openHouseId: time.id, startsAt: String(time.startsAt), message: "Can I bring my dog?" },
      NOW,
    );
    expect(outcome.message).toBe(T.booked);
    const messages = await test.db
      .selectFrom("message")
      .select(["body", "authorId"])
      .where("threadId", "=", outcome.threadId)
      .execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain("Viewing booked: Sat, Dec 5, 10:00 AM – 10:20 AM (GMT+1)");
    expect(messages[0]!.body).toContain("Can I bring my dog?");
    const [booked] = await mailsTo(vera.email);
    expect(booked!.subject).toBe("Viewing booked: Sunny flat near the park");
    const ics = parseIcs(JSON.parse(booked!.attachments!)[0].content);
    expect(ics).toMatchObject({
      method: "REQUEST",
      uid: `${outcome.bookingId}@homes.example`,
      sequence: 0,
      start: time.startsAt,
    });
    const listerMail = (await mailsTo(owner.email)).at(-1)!;
    expect(listerMail.subject).toBe("New viewing of Sunny flat near the park");
    expect(listerMail.text).not.toContain(vera.email);

    // Moved to the next slot: the same UID, a higher SEQUENCE; then cancelled: METHOD:CANCEL.
    await rescheduleViewing(
      deps,
      vera,
      outcome.bookingId,
      { openHouseId: time.id, startsAt: time.startsAt + 20 * 60_000 },
      NOW,
    );
    const moved = parseIcs(JSON.parse((await mailsTo(vera.email)).at(-1)!.attachments!)[0].content);
    expect(moved).toMatchObject({
      method: "REQUEST",
      uid: ics.uid,
      sequence: 1,
      start: time.startsAt + 20 * 60_000,
    });
    // The first slot is free again, the second taken.
    const other = await visitor("Otto Other");
    await bookViewing(deps, other, { openHouseId: time.id, startsAt: time.startsAt }, NOW);
    await expect(
      bookViewing(deps, other, { openHouseId: time.id, startsAt: time.startsAt + 20 * 60_000 }, NOW),
    ).rejects.toThrow(T.taken);

    await cancelViewing(deps, vera, outcome.bookingId, {}, NOW);
    const cancelled = parseIcs(JSON.parse((await mailsTo(owner.email)).at(-1)!.attachments!)[0].content);
    expect(cancelled).toMatchObject({ method: "CANCEL", uid: ics.uid, sequence: 2 });
    expect((await findBooking(test.db, outcome.bookingId))?.status).toBe("cancelled");
    // "Add to calendar" gives the visitor the same event; a stranger gets nothing.
    expect(parseIcs(await calendarFileFor(deps, vera, outcome.bookingId)).uid).toBe(ics.uid);
    await expect(calendarFileFor(deps, other, outcome.bookingId)).rejects.toThrow(NotFoundError);
  });

  it("asks the lister to confirm when they chose to, and gives the full address only once confirmed", async () => {
    const hidden = await createListing(test.db, owner.id, {
      location: "Rue de Rivoli, Paris, France",
      exactAddress: false,
      exactLocation: "12 Rue de Rivoli, Paris, France",
      exactLat: 48.8566,
      exactLng: 2.3522,
    });
    await addViewingTime(
      deps,
      owner,
      hidden.id,
      { kind: "openHouse", date: "2026-12-06", from: "14:00", to: "16:00", confirmByHand: "on" },
      NOW,
    );
    const [time] = await findViewingTimesOfListing(test.db, hidden.id, NOW);
    const vera = await visitor();
    const outcome = await bookViewing(deps, vera, { openHouseId: time!.id, startsAt: time!.startsAt }, NOW);
    expect(outcome.message).toBe(T.requested);
    const requested = parseIcs(JSON.parse((await mailsTo(vera.email))[0]!.attachments!)[0].content);
    expect(requested.location).toBe("Rue de Rivoli, Paris, France");
    const stranger = await visitor("Sam Stranger");
    await expect(confirmViewing(deps, stranger, outcome.bookingId, NOW)).rejects.toThrow(NotFoundError);
    await confirmViewing(deps, owner, outcome.bookingId, NOW);
    const confirmed = (await mailsTo(vera.email)).at(-1)!;
    expect(confirmed.subject).toBe("Viewing confirmed: Sunny flat near the park");
    expect(parseIcs(JSON.parse(confirmed.attachments!)[0].content)).toMatchObject({
      location: "12 Rue de Rivoli, Paris, France",
      sequence: 1,
    });
    await expect(confirmViewing(deps, owner, outcome.bookingId, NOW)).rejects.toThrow(T.notRequested);
    // The lister cancels with a reason, and must give one.
    await expect(cancelViewing(deps, owner, outcome.bookingId, { reason: " " }, NOW)).rejects.toThrow(
      T.reasonRequired,
    );
    await cancelViewing(deps, owner, outcome.bookingId, { reason: "The boiler is being replaced" }, NOW);
    const cancelled = (await mailsTo(vera.email)).at(-1)!;
    expect(cancelled.text).toContain("Reason: The boiler is being replaced");
  });

  it("lets one of many visitors pressing the last slot at once have it", async () => {
    const id = await listing();
    const time = await slots(id, "2026-12-07", "10:00", "10:20");
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => visitor(`Racer ${i}`)));
    const results = await Promise.allSettled(
      racers.map((racer) => bookViewing(deps, racer, { openHouseId: time.id, startsAt: time.startsAt }, NOW)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusals = results
      .filter((r) => r.status === "rejected")
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(refusals).toHaveLength(5);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(ForbiddenError);
      expect(refusal.message).toBe(T.taken);
    }
    const live = await test.db
      .selectFrom("showingAppointment")
      .select("id")
      .where("openHouseId", "=", time.id)
      .execute();
    expect(live).toHaveLength(1);
  });

  it("lets no more visitors into a capped open house than its cap, however they race", async () => {
    const id = await listing();
    await addViewingTime(
      deps,
      owner,
      id,
      { kind: "openHouse", date: "2026-12-08", from: "10:00", to: "12:00", capacity: "2" },
      NOW,
    );
    const [time] = await findViewingTimesOfListing(test.db, id, NOW);
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => visitor(`Crowd ${i}`)));
    const results = await Promise.allSettled(
      racers.map((racer) =>
        bookViewing(deps, racer, { openHouseId: time!.id, startsAt: time!.startsAt }, NOW),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const [after] = await findViewingTimesOfListing(test.db, id, NOW);
    expect(after!.booked).toBe(2);
  });

  it("refuses the past, a time the span does not offer, the lister, a blocked visitor and the unverified", async () => {
    const id = await listing();
    const time = await slots(id, "2026-12-09");
    const vera = await visitor();
    await expect(
      bookViewing(deps, vera, { openHouseId: time.id, startsAt: time.startsAt }, time.startsAt + 1),
    ).rejects.toThrow(T.past);
    await expect(
      bookViewing(deps, vera, { openHouseId: time.id, startsAt: time.startsAt + 60_000 }, NOW),
    ).rejects.toThrow(NotFoundError);
    await expect(
      bookViewing(deps, owner, { openHouseId: time.id, startsAt: time.startsAt }, NOW),
    ).rejects.toThrow(T.ownListing);
    await expect(
      bookViewing(
        deps,
        { ...vera, emailVerified: false },
        { openHouseId: time.id, startsAt: time.startsAt },
        NOW,
      ),
    ).rejects.toThrow(T.verifyFirst);
    const blocked = await visitor("Bob Blocked");
    await insertBlock(test.db, owner.id, blocked.id, NOW);
    await expect(
      bookViewing(deps, blocked, { openHouseId: time.id, startsAt: time.startsAt }, NOW),
    ).rejects.toThrow(T.blocked);
    expect(await findBookingsOfVisitor(test.db, vera.id, NOW)).toEqual([]);
  });

  it("keeps a visitor to 3 upcoming viewings of one home and 10 a day", async () => {
    const id = await listing();
    const time = await slots(id, "2026-12-10", "09:00", "11:00");
    const vera = await visitor();
    for (let i = 0; i < 3; i++)
      await bookViewing(deps, vera, { openHouseId: time.id, startsAt: time.startsAt + i * 20 * 60_000 }, NOW);
    await expect(
      bookViewing(deps, vera, { openHouseId: time.id, startsAt: time.startsAt + 3 * 20 * 60_000 }, NOW),
    ).rejects.toThrow(TooManyRequestsError);
    const busy = await visitor("Busy Bee");
    for (let i = 0; i < 10; i++) {
      const other = await listing();
      const span = await slots(other, "2026-12-11");
      await bookViewing(deps, busy, { openHouseId: span.id, startsAt: span.startsAt }, NOW);
    }
    const eleventh = await slots(await listing(), "2026-12-11");
    await expect(
      bookViewing(deps, busy, { openHouseId: eleventh.id, startsAt: eleventh.startsAt }, NOW),
    ).rejects.toThrow(T.tooManyToday);
    // A day later the count starts again.
    await bookViewing(
      deps,
      busy,
      { openHouseId: eleventh.id, startsAt: eleventh.startsAt },
      NOW + 25 * 3_600_000,
    );
  });

  it("cancels the bookings of a home that is let, with a message to the visitor, and takes no new ones", async () => {
    const id = await listing();
    const time = await slots(id, "2026-12-12");
    const vera = await visitor();
    const { bookingId } = await bookViewing(
      deps,
      vera,
      { openHouseId: time.id, startsAt: time.startsAt },
      NOW,
    );
    await test.db.updateTable("listing").set({ status: "let" }).where("id", "=", id).execute();
    await expect(
      bookViewing(
        deps,
        await visitor(),
        { openHouseId: time.id, startsAt: time.startsAt + 20 * 60_000 },
        NOW,
      ),
    ).rejects.toThrow(T.unavailable);
    expect(await cancelBookingsOfUnlistedListings(deps, NOW)).toBeGreaterThanOrEqual(1);
    expect((await findBooking(test.db, bookingId))?.status).toBe("cancelled");
    const mail = (await mailsTo(vera.email)).at(-1)!;
    expect(mail.subject).toBe("Viewing cancelled: Sunny flat near the park");
    expect(mail.text).toContain(T.noLongerAvailable);
    await expect(
      addViewingTime(
        deps,
        owner,
        id,
        { kind: "openHouse", date: "2026-12-13", from: "10:00", to: "12:00" },
        NOW,
      ),
    ).rejects.toThrow(T.listingUnavailable);
  });

  it("cancels the bookings of a home sold, hidden by a moderator, expired, or whose lister is suspended", async () => {
    const ways = {
      sold: (id: string) => test.db.updateTable("listing").set({ status: "sold" }).where("id", "=", id),
      hidden: (id: string) => test.db.updateTable("listing").set({ hiddenAt: NOW }).where("id", "=", id),
      expired: (id: string) => test.db.updateTable("listing").set({ expiredAt: NOW }).where("id", "=", id),
    };
    for (const [way, unlist] of Object.entries(ways)) {
      const id = await listing();
      const time = await slots(id, "2026-12-14");
      const vera = await visitor(`Vera ${way}`);
      const { bookingId } = await bookViewing(
        deps,
        vera,
        { openHouseId: time.id, startsAt: time.startsAt },
        NOW,
      );
      await unlist(id).execute();
      expect(await cancelBookingsOfUnlistedListings(deps, NOW), way).toBeGreaterThanOrEqual(1);
      expect((await findBooking(test.db, bookingId))?.status, way).toBe("cancelled");
      const mail = (await mailsTo(vera.email)).at(-1)!;
      expect(mail.subject, way).toBe("Viewing cancelled: Sunny flat near the park");
      expect(mail.text, way).toContain(T.noLongerAvailable);
      expect(parseIcs(JSON.parse(mail.attachments!)[0].content).method, way).toBe("CANCEL");
    }
    // A suspended lister: every listing of theirs is off the lists, and its bookings are cancelled.
    const lister = await createUser(test.db, { name: "Sam Suspended" });
    const id = (await createListing(test.db, lister.id)).id;
    await addViewingTime(
      deps,
      lister,
      id,
      { kind: "openHouse", date: "2026-12-15", from: "10:00", to: "12:00" },
      NOW,
    );
    const [time] = await findViewingTimesOfListing(test.db, id, NOW);
    const vera = await visitor("Vera Suspended");
    const { bookingId } = await bookViewing(
      deps,
      vera,
      { openHouseId: time!.id, startsAt: time!.startsAt },
      NOW,
    );
    await test.db.updateTable("user").set({ banned: true }).where("id", "=", lister.id).execute();
    expect(await cancelBookingsOfUnlistedListings(deps, NOW)).toBeGreaterThanOrEqual(1);
    expect((await findBooking(test.db, bookingId))?.status).toBe("cancelled");
    expect((await mailsTo(vera.email)).at(-1)!.text).toContain(T.noLongerAvailable);
    // Nothing left to cancel: a second run changes nothing.
    expect(await cancelBookingsOfUnlistedListings(deps, NOW)).toBe(0);
  });

  it("tells both sides of a moved viewing, with its new time and the same calendar event", async () => {
    const id = await listing();
    const time = await slots(id, "2026-12-16");
    const vera = await visitor("Vera Mover");
    const { bookingId } = await bookViewing(
      deps,
      vera,
      { openHouseId: time.id, startsAt: time.startsAt },
      NOW,
    );
    await rescheduleViewing(
      deps,
      vera,
      bookingId,
      { openHouseId: time.id, startsAt: time.startsAt + 40 * 60_000 },
      NOW,
    );
    for (const email of [vera.email, owner.email]) {
      const mail = (await mailsTo(email)).at(-1)!;
      expect(mail.subject, email).toBe("Viewing rescheduled: Sunny flat near the park");
      expect(mail.text, email).toContain(
        "The viewing of “Sunny flat near the park” is moved to Wed, Dec 16, 10:40 AM – 11:00 AM (GMT+1).",
      );
      expect(parseIcs(JSON.parse(mail.attachments!)[0].content), email).toMatchObject({
        method: "REQUEST",
        uid: `${bookingId}@homes.example`,
        sequence: 1,
        start: time.startsAt + 40 * 60_000,
      });
    }
    // Moving is the visitor's alone, and only until the viewing starts.
    await expect(
      rescheduleViewing(deps, owner, bookingId, { openHouseId: time.id, startsAt: time.startsAt }, NOW),
    ).rejects.toThrow(NotFoundError);
    await expect(
      rescheduleViewing(
        deps,
        vera,
        bookingId,
        { openHouseId: time.id, startsAt: time.startsAt },
        time.startsAt + 40 * 60_000,
      ),
    ).rejects.toThrow(T.started);
  });

  it("removing times cancels their bookings; a visitor cancels only until the start; reminders go once", async () => {
    const id = await listing();
    const time = await slots(id, "2026-12-02", "08:00", "09:00");
    const vera = await visitor();
    const first = await bookViewing(deps, vera, { openHouseId: time.id, startsAt: time.startsAt }, NOW);
    expect(await sendViewingReminders(deps, NOW)).toBeGreaterThanOrEqual(1);
    expect(await sendViewingReminders(deps, NOW)).toBe(0);
    expect((await mailsTo(vera.email)).map((m) => m.subject)).toContain(
      "Reminder: viewing of Sunny flat near the park",
    );
    await expect(cancelViewing(deps, vera, first.bookingId, {}, time.startsAt)).rejects.toThrow(T.started);
    const stranger = await visitor("Sam Stranger");
    await expect(removeViewingTime(deps, stranger, time.id, NOW)).rejects.toThrow(ForbiddenError);
    await removeViewingTime(deps, owner, time.id, NOW);
    expect((await findBooking(test.db, first.bookingId))?.status).toBe("cancelled");
    expect(await findViewingTimesOfListing(test.db, id, NOW)).toEqual([]);
  });
});
