import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { deleteListingById } from "#app/modules/listing/listing.repo.server.ts";
import { createMailOutbox, type MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { type MessageServiceDeps, sendEnquiry } from "#app/modules/message/message.service.server.ts";
import { setHomeSaved } from "#app/modules/saved/saved-home.service.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { countViewsSince, deleteViewStateBefore, findRecentStats } from "./stats.repo.server.ts";
import { dayOf, STATS_DAYS } from "./stats.rules.ts";
import { createViewCounter, type HeaderOf } from "./stats.views.server.ts";

// Listers' statistics on a real database (both engines): views counted once per browser a day, on any
// instance, without bots and prefetches; saves and enquiries counted with the writes they count.

const DAY = 24 * 60 * 60 * 1000;
const MONDAY = Date.UTC(2026, 10, 30, 10); // 2026-11-30, 10:00 UTC
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function browser(agent: string, address = "203.0.113.7", extra: Record<string, string> = {}): HeaderOf {
  const headers: Record<string, string> = { "user-agent": agent, [CLIENT_IP_HEADER]: address, ...extra };
  return (name) => headers[name];
}

let test: TestDb;
let ownerId: string;

beforeAll(async () => {
  test = await createTestDb();
  ownerId = (await createUser(test.db)).id;
});
afterAll(async () => {
  await test?.destroy();
});

async function figuresOf(listingId: string, now: number) {
  const { perListing } = await findRecentStats(test.db, [listingId], now);
  return perListing[listingId] ?? { views: 0, saves: 0, enquiries: 0 };
}

describe("listing views", () => {
  it("counts a browser once a day, another browser apart, and neither bots nor prefetches", async () => {
    let now = MONDAY;
    const counter = createViewCounter({ db: test.db, now: () => now });
    const listing = await createListing(test.db, ownerId);
    counter.count(listing.id, browser(FIREFOX));
    counter.count(listing.id, browser(FIREFOX));
    counter.count(listing.id, browser(GOOGLEBOT));
    counter.count(listing.id, browser(SAFARI, "203.0.113.7", { "sec-purpose": "prefetch" }));
    counter.count(listing.id, browser(""));
    expect(await counter.flush()).toBe(1);
    // The same browser in a later batch of the same day: seen already.
    counter.count(listing.id, browser(FIREFOX));
    expect(await counter.flush()).toBe(0);
    // Another browser on the same address, and the first browser from another address: two more.
    counter.count(listing.id, browser(SAFARI));
    counter.count(listing.id, browser(FIREFOX, "198.51.100.20"));
    expect(await counter.flush()).toBe(2);
    expect(await countViewsSince(test.db, listing.id, dayOf(MONDAY))).toBe(3);
    // The next day the same browser counts again.
    now = MONDAY + DAY;
    counter.count(listing.id, browser(FIREFOX));
    expect(await counter.flush()).toBe(1);
    expect(await countViewsSince(test.db, listing.id, dayOf(MONDAY))).toBe(4);
    expect(await countViewsSince(test.db, listing.id, dayOf(now))).toBe(1);
  });

  it("dedups across instances on one database: they share the day's salt", async () => {
    const now = () => MONDAY;
    const one = createViewCounter({ db: test.db, now });
    const two = createViewCounter({ db: test.db, now });
    const listing = await createListing(test.db, ownerId);
    one.count(listing.id, browser(SAFARI, "192.0.2.44"));
    two.count(listing.id, browser(SAFARI, "192.0.2.44"));
    const [first, second] = await Promise.all([one.flush(), two.flush()]);
    expect(first + second).toBe(1);
    expect(await countViewsSince(test.db, listing.id, dayOf(MONDAY))).toBe(1);
  });

  it("counts a cached listing page by its path, page or data, and nothing else", async () => {
    const counter = createViewCounter({ db: test.db, now: () => MONDAY });
    const listing = await createListing(test.db, ownerId);
    counter.countCachedPage(`/category/rent/${listing.id}`, browser(FIREFOX, "192.0.2.1"));
    counter.countCachedPage(`/category/rent/${listing.id}.data`, browser(FIREFOX, "192.0.2.2"));
    counter.countCachedPage("/category/rent", browser(FIREFOX, "192.0.2.3"));
    counter.countCachedPage(`/edit-listing/${listing.id}`, browser(FIREFOX, "192.0.2.4"));
    expect(await counter.flush()).toBe(2);
  });

  it("stores no address or user agent, and forgets the day's salt and hashes once the day is over", async () => {
    const counter = createViewCounter({ db: test.db, now: () => MONDAY + 2 * DAY });
    const listing = await createListing(test.db, ownerId);
    counter.count(listing.id, browser(FIREFOX, "198.51.100.99"));
    await counter.flush();
    const seen = await test.db.selectFrom("listingViewSeen").selectAll().execute();
    expect(seen.length).toBeGreaterThan(0);
    for (const row of seen) expect(JSON.stringify(row)).not.toMatch(/198\.51|Firefox|Mozilla/);
    await deleteViewStateBefore(test.db, dayOf(MONDAY + 2 * DAY));
    const days = await test.db.selectFrom("listingViewSalt").select("day").execute();
    expect(days.map((row) => row.day)).toEqual([dayOf(MONDAY + 2 * DAY)]);
    const left = await test.db.selectFrom("listingViewSeen").select("day").distinct().execute();
    expect(left.map((row) => row.day)).toEqual([dayOf(MONDAY + 2 * DAY)]);
    // The figures stay.
    expect(await countViewsSince(test.db, listing.id, dayOf(MONDAY))).toBe(1);
  });

  it("gives a listing deleted before the write no figures, and deletes a listing's figures with it", async () => {
    const counter = createViewCounter({ db: test.db, now: () => MONDAY });
    const gone = await createListing(test.db, ownerId);
    const kept = await createListing(test.db, ownerId);
    counter.count(gone.id, browser(FIREFOX, "192.0.2.50"));
    counter.count(kept.id, browser(FIREFOX, "192.0.2.50"));
    await deleteListingById(test.db, gone.id);
    expect(await counter.flush()).toBe(2);
    expect(await countViewsSince(test.db, kept.id, dayOf(MONDAY))).toBe(1);
    await deleteListingById(test.db, kept.id);
    const rows = await test.db
      .selectFrom("listingStatDay")
      .select("listingId")
      .where("listingId", "in", [gone.id, kept.id])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("saves and enquiries", () => {
  let outbox: MailOutbox;
  let outboxDir: string;
  let deps: MessageServiceDeps;

  beforeAll(() => {
    outboxDir = mkdtempSync(path.join(tmpdir(), "homestead-stats-"));
    outbox = createMailOutbox({
      db: test.db,
      transport: createMailer({
        smtpUrl: undefined,
        from: "Homestead <no-reply@localhost>",
        outboxDir,
        logText: false,
      }),
    });
    deps = {
      db: test.db,
      mailer: outbox,
      publicUrl: "https://homes.example",
      siteName: "Homestead",
      limits: { enquiries: { name: "enquiry", max: 100, windowSeconds: 3600, message: "Slow down" } },
    };
  });
  afterAll(async () => {
    await outbox?.stop();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it("counts a home saved that day once per save, not a save of a home already saved", async () => {
    const listing = await createListing(test.db, ownerId);
    const saver = await createUser(test.db);
    await setHomeSaved(test.db, saver.id, listing.id, true, MONDAY);
    await setHomeSaved(test.db, saver.id, listing.id, true, MONDAY);
    expect((await figuresOf(listing.id, MONDAY)).saves).toBe(1);
    const other = await createUser(test.db);
    await setHomeSaved(test.db, other.id, listing.id, true, MONDAY + DAY);
    const { days } = await findRecentStats(test.db, [listing.id], MONDAY + DAY);
    expect(days).toHaveLength(STATS_DAYS);
    expect(days.slice(-2).map((day) => day.saves)).toEqual([1, 1]);
  });

  it("counts an enquirer's first message about a listing each day", async () => {
    const listing = await createListing(test.db, ownerId);
    const enquirer = { ...(await createUser(test.db, { name: "Eve" })), emailVerified: true };
    const input = { listingId: listing.id, body: "Is the flat still available for March?" };
    await sendEnquiry(deps, enquirer, input, MONDAY);
    await sendEnquiry(deps, enquirer, input, MONDAY + 60_000);
    expect((await figuresOf(listing.id, MONDAY)).enquiries).toBe(1);
    await sendEnquiry(deps, enquirer, input, MONDAY + DAY);
    const another = { ...(await createUser(test.db, { name: "Abe" })), emailVerified: true };
    await sendEnquiry(deps, another, input, MONDAY + DAY);
    const { days, perListing } = await findRecentStats(test.db, [listing.id], MONDAY + DAY);
    expect(days.slice(-2).map((day) => day.enquiries)).toEqual([1, 2]);
    expect(perListing[listing.id]).toEqual({ views: 0, saves: 0, enquiries: 3 });
  });
});
