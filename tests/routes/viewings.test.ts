import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWING_TEXTS as T } from "#app/modules/viewing/viewing.rules.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { expectSignIn, expectVerify, unchangedBy } from "#tests/support/authz-matrix.ts";
import { createListing } from "#tests/support/factories.ts";
import { type Answer, redirectTarget, toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * Authorization of every viewing write, route by route, on a real database: nobody signed in, a user whose
 * e-mail is not verified, another user, a sender the lister blocked, an agent of another listing of the same
 * agency, the listing agent who lists it and the agency's owner (who manages every listing of the agency).
 * Only the lister's side may publish, remove, confirm and cancel with a reason; only a verified visitor may book
 * and only the booking's visitor may move it or cancel it as theirs. Every refused attempt leaves the whole app
 * state as it was. The race for the last slot is run as concurrent requests. The matrix is printed at the end.
 */
const postgres = postgresUrlFromEnv();

const ACTORS = [
  "visitor",
  "unverified",
  "other user",
  "blocked",
  "other agent",
  "listing agent",
  "owner",
] as const;
type Actor = (typeof ACTORS)[number];
const LISTERS: Actor[] = ["listing agent", "owner"];

describe(`viewings authorization, route by route (${postgres ? "PostgreSQL" : "SQLite"})`, {
  timeout: 60_000,
}, () => {
  let world: RouteWorld;
  const cookies = {} as Record<Actor, string>;
  const ids = {} as Record<Actor, string>;
  let listingId: string;
  let page: string;
  const table = new Map<string, Partial<Record<Actor, string>>>();
  // A day well ahead, in the listing's zone (Paris): its times are in the future whatever the clock says.
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

  const record = (write: string, actor: Actor, answer: Answer) => {
    const row = table.get(write) ?? {};
    const target = redirectTarget(answer);
    row[actor] =
      `${answer.status}${target ? ` → ${target.split("?")[0]?.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id")}` : ""}${toastMessage(answer) ? ` (${toastMessage(answer)})` : ""}`;
    table.set(write, row);
  };
  const as = (actor: Actor) => (actor === "visitor" ? {} : { cookie: cookies[actor] });

  /** A new span on the listing, straight in the database (the add itself is proven below); returns it. */
  async function span(kind: "slots" | "openHouse", hour: number, confirmByHand = false) {
    const startsAt = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
    const id = randomUUID();
    await world.db
      .insertInto("openHouse")
      .values({
        id,
        listingId,
        kind,
        startsAt,
        endsAt: startsAt + 60 * 60_000,
        slotMinutes: kind === "slots" ? 20 : null,
        capacity: null,
        confirmByHand,
        timeZone: "Europe/Paris",
        createdAt: Date.now(),
      })
      .execute();
    return { id, startsAt };
  }

  let guest: { id: string; cookie: string };

  /**
   * A booking of `time` by the guest, written straight to the database (booking through the page is proven
   * above; signing a new visitor up for each would cost seconds); returns its id and the guest's cookie.
   */
  async function booking(time: { id: string; startsAt: number }) {
    const id = randomUUID();
    const openHouse = await world.db
      .selectFrom("openHouse")
      .selectAll()
      .where("id", "=", time.id)
      .executeTakeFirstOrThrow();
    await world.db
      .insertInto("showingAppointment")
      .values({
        id,
        openHouseId: time.id,
        listingId,
        visitorId: guest.id,
        startsAt: time.startsAt,
        endsAt: time.startsAt + (openHouse.kind === "slots" ? 20 : 60) * 60_000,
        slotClaim: openHouse.kind === "slots" ? `${time.id}@${time.startsAt}` : null,
        status: openHouse.confirmByHand ? "requested" : "confirmed",
        createdAt: Date.now(),
      })
      .execute();
    await world.db.updateTable("openHouse").set({ booked: 1 }).where("id", "=", time.id).execute();
    return { id, cookie: guest.cookie };
  }

  beforeAll(async () => {
    world = await createRouteWorld();
    guest = await world.signUp(newAccount("Gina Guest"));
    for (const actor of ACTORS) {
      if (actor === "visitor") continue;
      const account = await world.signUp(newAccount(`${actor} ${randomUUID().slice(0, 4)}`), {
        verified: actor !== "unverified",
      });
      cookies[actor] = account.cookie;
      ids[actor] = account.id;
    }
    // An agency of the owner's; the listing agent lists the home there, the other agent lists others.
    // Written straight to the database: publishing is proven elsewhere, and its geocoder costs seconds.
    listingId = (await createListing(world.db, ids["listing agent"], { name: "Flat with viewings" })).id;
    page = `/category/rent/${listingId}`;
    const agencyId = randomUUID();
    await world.db
      .insertInto("organization")
      .values({
        id: agencyId,
        name: "Harbour Homes",
        slug: `harbour-${agencyId.slice(0, 6)}`,
        createdAt: new Date(),
        about: "Flats by the harbour.",
        officeAddress: "1 Quai, Paris",
        officeLat: 48.85,
        officeLng: 2.35,
        legalName: "Harbour Homes SARL",
        contactEmail: "office@harbour.example",
      })
      .execute();
    for (const [actor, role] of [
      ["owner", "owner"],
      ["listing agent", "agent"],
      ["other agent", "agent"],
    ] as const) {
      await world.db
        .insertInto("member")
        .values({
          id: randomUUID(),
          organizationId: agencyId,
          userId: ids[actor],
          role,
          createdAt: new Date(),
        })
        .execute();
    }
    await world.db.updateTable("listing").set({ agencyId }).where("id", "=", listingId).execute();
    await world.db
      .insertInto("userBlock")
      .values({
        id: randomUUID(),
        blockerId: ids["listing agent"],
        blockedId: ids.blocked,
        createdAt: Date.now(),
      })
      .execute();
  });

  afterAll(async () => {
    if (world) {
      const width = Math.max(...[...table.keys()].map((key) => key.length));
      const lines = [...table].map(
        ([write, row]) =>
          `${write.padEnd(width)} | ${ACTORS.map((actor) => (row[actor] ?? "-").padEnd(34)).join(" | ")}`,
      );
      console.log(
        `viewings authorization (routes) on ${postgres ? "PostgreSQL" : "SQLite"}:\n${" ".repeat(width)} | ${ACTORS.map((a) => a.padEnd(34)).join(" | ")}\n${lines.join("\n")}`,
      );
    }
    await world?.destroy();
  });

  /** A refusal for a signed-in actor: back to the page with `message`, nothing changed. */
  async function refused(write: string, actor: Actor, attempt: () => Promise<Answer>, message?: string) {
    const answer = await unchangedBy(world, attempt);
    record(write, actor, answer);
    if (actor === "visitor") return expectSignIn(answer);
    if (message === "verify") return expectVerify(answer);
    expect(answer.status, answer.body.slice(0, 200)).toBe(302);
    if (message) expect(toastMessage(answer)).toBe(message);
  }

  it("Add viewing times: only the lister's side", async () => {
    for (const actor of ACTORS) {
      const form = {
        intent: "add-viewing-time",
        kind: "slots",
        date: day,
        from: "10:00",
        to: "11:00",
        slotMinutes: "20",
      };
      const attempt = () => world.client.post(page, form, as(actor));
      if (LISTERS.includes(actor)) {
        const answer = await attempt();
        record("add viewing times", actor, answer);
        expect(toastMessage(answer)).toBe(T.added);
        continue;
      }
      await refused("add viewing times", actor, attempt, T.notYours);
    }
    // Bad input: a clear message, nothing saved.
    await refused(
      "add viewing times (end before start)",
      "owner",
      () =>
        world.client.post(
          page,
          { intent: "add-viewing-time", kind: "openHouse", date: day, from: "12:00", to: "11:00" },
          as("owner"),
        ),
      T.endBeforeStart,
    );
  });

  it("Remove viewing times: only the lister's side, and its bookings are cancelled", async () => {
    for (const actor of ACTORS) {
      const time = await span("slots", 6);
      const attempt = () =>
        world.client.post(page, { intent: "remove-viewing-time", openHouseId: time.id }, as(actor));
      if (LISTERS.includes(actor)) {
        const booked = await booking(time);
        const answer = await attempt();
        record("remove viewing times", actor, answer);
        expect(toastMessage(answer)).toBe(T.removed);
        const row = await world.db
          .selectFrom("showingAppointment")
          .select("status")
          .where("id", "=", booked.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe("cancelled");
        continue;
      }
      await refused("remove viewing times", actor, attempt, T.notYours);
      await world.db.deleteFrom("openHouse").where("id", "=", time.id).execute();
    }
  });

  it("Book a viewing: a verified visitor, never the lister's side or a blocked sender", async () => {
    const time = await span("slots", 12);
    let slot = 0;
    const expected: Partial<Record<Actor, string>> = {
      unverified: "verify",
      blocked: T.blocked,
      "listing agent": T.ownListing,
      owner: T.ownListing,
    };
    for (const actor of ACTORS) {
      const startsAt = time.startsAt + slot * 20 * 60_000;
      const attempt = () =>
        world.client.post(
          page,
          { intent: "book-viewing", time: `${time.id}@${startsAt}`, message: "Hello" },
          as(actor),
        );
      if (actor === "other user" || actor === "other agent") {
        slot += 1;
        const answer = await attempt();
        record("book a viewing", actor, answer);
        expect(toastMessage(answer)).toBe(T.booked);
        expect(answer.location).toBe(`${page}#viewings`);
        continue;
      }
      await refused("book a viewing", actor, attempt, expected[actor]);
    }
    // The booking opened the conversation, with the visitor's words in it.
    const thread = await world.db
      .selectFrom("messageThread")
      .innerJoin("message", "message.threadId", "messageThread.id")
      .select("message.body")
      .where("messageThread.listingId", "=", listingId)
      .where("messageThread.enquirerId", "=", ids["other user"])
      .execute();
    expect(thread.map((m) => m.body).join("\n")).toContain("Hello");
  });

  it("two visitors pressing the last slot at the same moment: one gets it, the other a clear message", async () => {
    const time = await span("slots", 14);
    await world.db
      .updateTable("openHouse")
      .set({ endsAt: time.startsAt + 20 * 60_000 })
      .where("id", "=", time.id)
      .execute();
    const racers = await Promise.all([1, 2, 3, 4].map((n) => world.signUp(newAccount(`Racer ${n}`))));
    const answers = await Promise.all(
      racers.map((racer) =>
        world.client.post(
          page,
          { intent: "book-viewing", time: `${time.id}@${time.startsAt}` },
          { cookie: racer.cookie },
        ),
      ),
    );
    const toasts = answers.map(toastMessage).sort();
    expect(toasts.filter((toast) => toast === T.booked)).toHaveLength(1);
    expect(toasts.filter((toast) => toast === T.taken)).toHaveLength(3);
  });

  it("Confirm: only the lister's side", async () => {
    for (const actor of ACTORS) {
      const time = await span("openHouse", 15, true);
      const booked = await booking(time);
      const attempt = () =>
        world.client.post("/viewings", { intent: "confirm", bookingId: booked.id }, as(actor));
      if (LISTERS.includes(actor)) {
        const answer = await attempt();
        record("confirm", actor, answer);
        expect(toastMessage(answer)).toBe(T.confirmed);
        continue;
      }
      await refused(
        "confirm",
        actor,
        attempt,
        actor === "unverified" || actor === "visitor" ? undefined : T.notFound,
      );
      if (actor === "unverified")
        expect(
          toastMessage(
            await world.client.post("/viewings", { intent: "confirm", bookingId: booked.id }, as(actor)),
          ),
        ).toBe(T.notFound);
    }
  });

  it("Cancel: the lister's side with a reason, the visitor until the start, nobody else", async () => {
    for (const actor of ACTORS) {
      const time = await span("openHouse", 16);
      const booked = await booking(time);
      const attempt = (reason: string) =>
        world.client.post("/viewings", { intent: "cancel", bookingId: booked.id, reason }, as(actor));
      if (LISTERS.includes(actor)) {
        await refused(`cancel (no reason)`, actor, () => attempt(""), T.reasonRequired);
        const answer = await attempt("The boiler is being replaced");
        record("cancel", actor, answer);
        expect(toastMessage(answer)).toBe(T.cancelled);
        continue;
      }
      await refused("cancel", actor, () => attempt("Because"), actor === "visitor" ? undefined : T.notFound);
    }
    const time = await span("openHouse", 17);
    const own = await booking(time);
    const answer = await world.client.post(
      "/viewings",
      { intent: "cancel", bookingId: own.id },
      { cookie: own.cookie },
    );
    expect(toastMessage(answer)).toBe(T.cancelled);
  });

  it("Change time: only the booking's own visitor", async () => {
    const time = await span("slots", 18);
    const booked = await booking(time);
    const to = `${time.id}@${time.startsAt + 20 * 60_000}`;
    for (const actor of ACTORS) {
      const attempt = () =>
        world.client.post(page, { intent: "reschedule-viewing", bookingId: booked.id, time: to }, as(actor));
      await refused("change time", actor, attempt, actor === "unverified" ? "verify" : T.notFound);
    }
    const answer = await world.client.post(
      page,
      { intent: "reschedule-viewing", bookingId: booked.id, time: to },
      { cookie: booked.cookie },
    );
    record("change time (the booking's visitor)", "other user", answer);
    expect(toastMessage(answer)).toBe(T.rescheduled);
  });

  it("Add to calendar: the booking's visitor and lister get the file, nobody else", async () => {
    const time = await span("openHouse", 19);
    const booked = await booking(time);
    const path = `/viewings/${booked.id}/calendar.ics`;
    for (const actor of ACTORS) {
      const answer = await world.client.get(path, as(actor));
      record("add to calendar (GET)", actor, answer);
      if (actor === "visitor") expectSignIn(answer);
      else if (LISTERS.includes(actor)) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-type")).toContain("text/calendar");
        expect(answer.body).toContain(`UID:${booked.id}@`);
      } else expect(answer.status).toBe(404);
    }
    const own = await world.client.get(path, { cookie: booked.cookie });
    expect(own.body).toContain("METHOD:REQUEST");
  });

  it("Viewing times in /agency: the lister's side changes them, other members only see them", async () => {
    const agency = "/agency";
    for (const actor of ACTORS) {
      const form = {
        intent: "add-viewing-time",
        listingId,
        kind: "openHouse",
        date: day,
        from: "15:00",
        to: "16:00",
      };
      const attempt = () => world.client.post(agency, form, as(actor));
      if (LISTERS.includes(actor)) {
        const answer = await attempt();
        record("add viewing times (/agency)", actor, answer);
        expect(toastMessage(answer)).toBe(T.added);
        expect(redirectTarget(answer)).toBe(`/agency?viewings=${listingId}#viewings-${listingId}`);
        continue;
      }
      await refused("add viewing times (/agency)", actor, attempt, T.notYours);
    }
    for (const actor of ACTORS) {
      const time = await span("openHouse", 7);
      const attempt = () =>
        world.client.post(
          agency,
          { intent: "remove-viewing-time", listingId, openHouseId: time.id },
          as(actor),
        );
      if (LISTERS.includes(actor)) {
        const answer = await attempt();
        record("remove viewing times (/agency)", actor, answer);
        expect(toastMessage(answer)).toBe(T.removed);
        continue;
      }
      await refused("remove viewing times (/agency)", actor, attempt, T.notYours);
      await world.db.deleteFrom("openHouse").where("id", "=", time.id).execute();
    }
    // What the workspace shows: every member sees the times; the listing agent and the owner may change them.
    for (const actor of ["other agent", "listing agent", "owner"] as const) {
      const answer = await world.client.get(agency, as(actor));
      const viewings = (
        answer.data as { current: { viewings: { id: string; editable: boolean; times: unknown[] }[] } }
      ).current.viewings;
      const home = viewings.find((listing) => listing.id === listingId)!;
      expect(home.times.length, actor).toBeGreaterThanOrEqual(2);
      expect(home.editable, actor).toBe(actor !== "other agent");
    }
  });

  it("a home marked let cancels its open bookings and tells the visitors", async () => {
    const time = await span("openHouse", 20);
    const booked = await booking(time);
    const before = (await world.client.get(page)).data as { viewings: { openHouses: unknown[] } };
    expect(before.viewings.openHouses.length).toBeGreaterThan(0);
    const answer = await world.client.post(
      page,
      { intent: "set-status", status: "let" },
      as("listing agent"),
    );
    expect(answer.status).toBe(302);
    const row = await world.db
      .selectFrom("showingAppointment")
      .select(["status", "cancelReason"])
      .where("id", "=", booked.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "cancelled", cancelReason: T.noLongerAvailable });
    const refusal = await world.client.post(
      page,
      { intent: "book-viewing", time: `${time.id}@${time.startsAt}` },
      as("other user"),
    );
    expect(toastMessage(refusal)).toBe(T.unavailable);
    // No open house in the page's JSON-LD any more, nor in the API.
    const after = (await world.client.get(page)).data as { viewings: { openHouses: unknown[] } };
    expect(after.viewings.openHouses).toEqual([]);
    const api = await world.client.get(`/api/v1/listings/${listingId}/open-houses`);
    expect(JSON.parse(api.body)).toEqual({ value: [] });
  });
});
