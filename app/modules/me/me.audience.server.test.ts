import { randomUUID } from "node:crypto";
import { serializeSignedCookie } from "better-call";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db/db.server.ts";
import { createPageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { createAgency, createListing, createOpenHouse, createUser } from "#tests/support/factories.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { hasOwnPartOfPage } from "./me.audience.server.ts";

// Who gets a listing's page rendered for them rather than the visitors' cached one (decision 070), on a real
// database of each engine: its lister and its agency's members, and a visitor holding a live booking of it;
// not an ordinary signed-in user, nor one whose booking was cancelled or is over, nor a token naming no session.

const engine = postgresUrlFromEnv() ? "PostgreSQL" : "SQLite";
const NOW = Date.UTC(2026, 11, 1, 8);
const HOUR = 3_600_000;

let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
});
afterAll(async () => {
  await testDb.destroy();
});

/** A session for `userId` and its Cookie header, signed as better-auth signs it (`secure`: its other name). */
async function sessionCookie(userId: string, { secure = false } = {}) {
  const token = randomUUID().replaceAll("-", "");
  const now = new Date(NOW);
  await db
    .insertInto("session")
    .values({
      id: randomUUID(),
      userId,
      token,
      expiresAt: new Date(NOW + 30 * 24 * HOUR),
      ipAddress: null,
      userAgent: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const name = `${secure ? "__Secure-" : ""}better-auth.session_token`;
  // As a browser sends it: the Set-Cookie's name=value, beside the site's other cookies.
  const header = await serializeSignedCookie(name, token, "a-secret-of-at-least-32-characters!!");
  return `theme=dark; ${header.split(";")[0]}`;
}

async function agencyWith(members: { userId: string; role: string }[]) {
  const agency = await createAgency(db, { name: "Own Part Homes", members, createdAt: new Date(NOW) });
  return agency.id;
}

async function book(
  listingId: string,
  visitorId: string,
  { status = "confirmed", endsAt = NOW + 48 * HOUR } = {} as {
    status?: "requested" | "confirmed" | "cancelled";
    endsAt?: number;
  },
) {
  const { id: openHouseId } = await createOpenHouse(db, listingId, {
    startsAt: endsAt - HOUR,
    endsAt,
    capacity: 10,
    createdAt: NOW - 96 * HOUR,
  });
  await db
    .insertInto("showingAppointment")
    .values({
      id: randomUUID(),
      openHouseId,
      listingId,
      visitorId,
      startsAt: endsAt - HOUR,
      endsAt,
      slotClaim: null,
      status,
      message: null,
      cancelReason: null,
      createdAt: NOW - 72 * HOUR,
    })
    .execute();
}

describe(`a listing page's own audience on ${engine}`, () => {
  const page = (id: string) => `/category/rent/${id}`;
  const ownPart = (cookie: string, pathname: string) => hasOwnPartOfPage(db, cookie, pathname, { now: NOW });

  it("renders the page for its lister, on the page and its data, under either cookie name", async () => {
    const lister = await createUser(db);
    const { id } = await createListing(db, lister.id);
    const cookie = await sessionCookie(lister.id);
    expect(await ownPart(cookie, page(id))).toBe(true);
    expect(await ownPart(cookie, `${page(id)}.data`)).toBe(true);
    expect(await ownPart(await sessionCookie(lister.id, { secure: true }), page(id))).toBe(true);
  });

  it("shares it with an ordinary signed-in user, a stranger's token and any other page", async () => {
    const lister = await createUser(db);
    const { id } = await createListing(db, lister.id);
    const other = await createListing(db, (await createUser(db)).id);
    const reader = await sessionCookie((await createUser(db)).id);
    expect(await ownPart(reader, page(id))).toBe(false);
    // Its own listing elsewhere does not make this one theirs.
    const listerCookie = await sessionCookie(lister.id);
    expect(await ownPart(listerCookie, page(other.id))).toBe(false);
    // A token naming no session, one without its signature, a malformed id, a page that is no listing's.
    expect(await ownPart("better-auth.session_token=nosuchtoken.c2lnbmF0dXJl", page(id))).toBe(false);
    expect(await ownPart("better-auth.session_token=nosignature", page(id))).toBe(false);
    expect(await ownPart(listerCookie, "/category/rent/not%20an%20id")).toBe(false);
    expect(await ownPart(listerCookie, "/category/rent")).toBe(false);
    expect(await ownPart(listerCookie, `/edit-listing/${id}`)).toBe(false);
    expect(await ownPart("", page(id))).toBe(false);
  });

  it("renders an agency's listing for every member of the agency, and for no one else", async () => {
    const agent = await createUser(db);
    const admin = await createUser(db);
    const colleague = await createUser(db);
    const outsider = await createUser(db);
    const agencyId = await agencyWith([
      { userId: agent.id, role: "agent" },
      { userId: admin.id, role: "admin" },
      { userId: colleague.id, role: "agent" },
    ]);
    await agencyWith([{ userId: outsider.id, role: "owner" }]);
    const { id } = await createListing(db, agent.id, { agencyId });
    for (const member of [agent, admin, colleague]) {
      expect(await ownPart(await sessionCookie(member.id), page(id)), member.id).toBe(true);
    }
    expect(await ownPart(await sessionCookie(outsider.id), page(id))).toBe(false);
  });

  it("renders it for a visitor with a live booking of it, not once it is cancelled or over", async () => {
    const lister = await createUser(db);
    const { id } = await createListing(db, lister.id);
    const { id: elsewhere } = await createListing(db, lister.id);
    const requested = await createUser(db);
    const confirmed = await createUser(db);
    const cancelled = await createUser(db);
    const past = await createUser(db);
    await book(id, requested.id, { status: "requested" });
    await book(id, confirmed.id);
    await book(id, cancelled.id, { status: "cancelled" });
    await book(id, past.id, { endsAt: NOW - HOUR });
    expect(await ownPart(await sessionCookie(requested.id), page(id))).toBe(true);
    const confirmedCookie = await sessionCookie(confirmed.id);
    expect(await ownPart(confirmedCookie, page(id))).toBe(true);
    expect(await ownPart(confirmedCookie, page(elsewhere))).toBe(false);
    expect(await ownPart(await sessionCookie(cancelled.id), page(id))).toBe(false);
    expect(await ownPart(await sessionCookie(past.id), page(id))).toBe(false);
  });

  it("keeps a listing's lister and bookers per version of the data: a new booking or agency counts at once", async () => {
    const cache = createPageCache({
      db,
      settings: { maxBytes: 1_000_000, sharedMaxAge: 1, staleWhileRevalidate: 0 },
    });
    const reads: string[] = [];
    const kept = (cookie: string, pathname: string) =>
      hasOwnPartOfPage(db, cookie, pathname, {
        now: NOW,
        remember: (key, read) =>
          cache.remember(db, key, () => {
            reads.push(key);
            return read();
          }),
      });
    const lister = await createUser(db);
    const { id } = await createListing(db, lister.id);
    const visitor = await createUser(db);
    const cookie = await sessionCookie(visitor.id);
    expect(await kept(cookie, page(id))).toBe(false);
    expect(await kept(cookie, page(id))).toBe(false);
    expect(await kept(await sessionCookie(lister.id), page(id))).toBe(true);
    expect(reads).toHaveLength(1);
    // Their booking is a write that moves the version: the next request reads the listing's part again.
    await book(id, visitor.id);
    expect(await kept(cookie, page(id))).toBe(true);
    expect(reads).toHaveLength(2);
    // Joining the agency that lists it counts at once: membership is asked each time, not kept.
    const agent = await createUser(db);
    const colleague = await createUser(db);
    const agencyId = await agencyWith([{ userId: agent.id, role: "agent" }]);
    const { id: agencyListing } = await createListing(db, agent.id, { agencyId });
    const colleagueCookie = await sessionCookie(colleague.id);
    expect(await kept(colleagueCookie, page(agencyListing))).toBe(false);
    await db
      .insertInto("member")
      .values({
        id: randomUUID(),
        organizationId: agencyId,
        userId: colleague.id,
        role: "agent",
        createdAt: new Date(NOW),
      })
      .execute();
    expect(await kept(colleagueCookie, page(agencyListing))).toBe(true);
  });
});
