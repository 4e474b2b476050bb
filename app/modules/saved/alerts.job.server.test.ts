import { parseFeed } from "@rowanmanning/feed-parser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "#app/db/db.server.ts";
import {
  createMailOutbox,
  drainMailOutbox,
  type MailOutbox,
  mailRetryDelayMs,
} from "#app/modules/mail/mail.outbox.server.ts";
import { insertOpenHouse } from "#app/modules/viewing/viewing.repo.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { type SmtpPeer, startSmtpServer } from "#tests/support/smtp-server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { runSearchAlerts as queueSearchAlerts } from "./alerts.job.server.ts";
import { queueOpenHouseNews } from "./alerts.open-house.server.ts";
import { type AlertDeps, sendAlertDeliveries as queueAlertDeliveries } from "./alerts.send.server.ts";
import { SETTLE_MS, sweepSavedSearches } from "./alerts.sweep.server.ts";
import { queueSavedHomeNews } from "./saved-home.digest.server.ts";
import { setSavedHomeAlertFrequency } from "./saved-home.repo.server.ts";
import { setHomeSaved } from "./saved-home.service.server.ts";
import { searchFeed } from "./saved-search.feed.server.ts";
import {
  findSavedSearchById,
  turnOffSavedSearch,
  updateSavedSearchFrequency,
} from "./saved-search.repo.server.ts";
import { saveSearch } from "./saved-search.service.server.ts";
import { unsubscribeToken, verifyUnsubscribeToken } from "./saved-search.token.server.ts";

let testDb: TestDb;
let smtp: SmtpPeer;
/** Where the alerts go: the outbox, drained to the SMTP peer after each step below. */
let outbox: MailOutbox;
const config = {
  publicUrl: "https://homes.test",
  images: { baseUrl: "" },
  auth: { secret: "s".repeat(40) },
  site: { name: "Homestead", logoUrl: null },
} as AlertDeps["config"];

function deps(db: Db = testDb.db): AlertDeps {
  return {
    db,
    mailer: outbox,
    config,
  };
}

/** The alert job's steps, then the outbox's drain: what they queued is at the SMTP peer. */
async function runSearchAlerts(...args: Parameters<typeof queueSearchAlerts>) {
  const result = await queueSearchAlerts(...args);
  await outbox.drain();
  return result;
}
async function sendAlertDeliveries(...args: Parameters<typeof queueAlertDeliveries>) {
  const result = await queueAlertDeliveries(...args);
  await outbox.drain();
  return result;
}

/**
 * A second pool on the same PostgreSQL database, as another app instance has. On SQLite the second runner
 * shares the connection: node:sqlite is synchronous, so two connections in one process would wait on each
 * other's lock with the event loop blocked (separate processes do not; tests/ops covers that).
 */
function secondConnection(): { db: Db; close: () => Promise<void> } {
  if (testDb.kind !== "postgres") return { db: testDb.db, close: async () => {} };
  const db = createDb({ kind: "postgres", url: testDb.url });
  return { db, close: () => db.destroy() };
}

beforeAll(async () => {
  [testDb, smtp] = await Promise.all([createTestDb(), startSmtpServer()]);
  const transport = createMailer({
    smtpUrl: smtp.url,
    from: "Homes <a@homes.test>",
    outboxDir: "",
    logText: false,
  });
  outbox = createMailOutbox({ db: testDb.db, transport });
});
afterAll(async () => {
  await outbox.stop();
  await Promise.all([testDb.destroy(), smtp.stop()]);
});
beforeEach(async () => {
  smtp.clear();
  await testDb.db.deleteFrom("alertDelivery").execute();
  await testDb.db.deleteFrom("savedSearch").execute();
  await testDb.db.deleteFrom("savedListing").execute();
  await testDb.db.deleteFrom("savedHomeAlert").execute();
});

async function searcher(query: string, savedAt: number) {
  const user = await createUser(testDb.db);
  const id = await saveSearch(testDb.db, user.id, query, savedAt);
  return { user, id };
}

describe("search alerts", () => {
  it("e-mails the homes newly matching a saved search once, with cover, price, link and one-click unsubscribe", async () => {
    const t0 = Date.UTC(2031, 0, 1);
    const owner = await createUser(testDb.db);
    const { user, id } = await searcher("type=rent&beds=2&q=berl", t0);
    await createListing(testDb.db, owner.id, { timestamp: t0 - 1000, name: "Old Berlin flat", bedrooms: 3 });
    const match = await createListing(testDb.db, owner.id, {
      timestamp: t0 + 60_000,
      name: "Bright loft",
      location: "Kastanienallee 1, Berlin",
      bedrooms: 2,
      regularPrice: 1800,
    });
    await createListing(testDb.db, owner.id, { timestamp: t0 + 61_000, name: "Berlin studio", bedrooms: 1 });
    await createListing(testDb.db, owner.id, { timestamp: t0 + 62_000, name: "Munich flat", bedrooms: 2 });

    const now = t0 + 120_000;
    await runSearchAlerts(deps(), now);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toContain("1 new home");
    expect(mail.text).toContain("Bright loft, $1,800");
    expect(mail.links).toContain(`https://homes.test/category/rent/${match.id}`);
    expect(mail.html).toMatch(/<img src="https:\/\/homes\.test\/images\/[^"]+-800\.jpg"/);
    const unsubscribe = `https://homes.test/unsubscribe?token=${encodeURIComponent(unsubscribeToken(config.auth.secret, id))}`;
    expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.links).toContain(unsubscribe);

    // Nothing new: nothing more.
    await runSearchAlerts(deps(), now + 60_000);
    expect(smtp.messages).toHaveLength(1);
    // A listing younger than the settling time waits for the next sweep.
    await createListing(testDb.db, owner.id, { timestamp: now + 60_000, name: "Berlin house", bedrooms: 4 });
    await runSearchAlerts(deps(), now + 60_000 + SETTLE_MS - 1);
    expect(smtp.messages).toHaveLength(1);
    await runSearchAlerts(deps(), now + 60_000 + SETTLE_MS + 1);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1]!.text).toContain("Berlin house");
  });

  it("e-mails the homes matching a saved search by the details, its areas in the site's unit, in words", async () => {
    const t0 = Date.UTC(2031, 1, 1);
    const owner = await createUser(testDb.db);
    const { id } = await searcher("kind=flat,house&minArea=700&pets=true&availableBy=2031-04-01", t0);
    const home = { type: "rent" as const, pets: "allowed" as const, availableFrom: "now" };
    // 70 m² is 753 ft², 60 m² is 646 ft².
    await createListing(testDb.db, owner.id, {
      ...home,
      timestamp: t0 + 60_000,
      name: "Flat with a garden",
      propertyType: "flat",
      livingArea: 70,
    });
    await createListing(testDb.db, owner.id, {
      ...home,
      timestamp: t0 + 61_000,
      name: "Small flat near the park",
      propertyType: "flat",
      livingArea: 60,
    });
    await createListing(testDb.db, owner.id, {
      ...home,
      timestamp: t0 + 62_000,
      name: "Studio by the river",
      propertyType: "studio",
      livingArea: 90,
    });
    await createListing(testDb.db, owner.id, {
      ...home,
      timestamp: t0 + 63_000,
      name: "House free in summer",
      propertyType: "house",
      livingArea: 120,
      availableFrom: "2031-07-01",
    });
    await createListing(testDb.db, owner.id, { timestamp: t0 + 64_000, name: "Flat, no details" });

    await runSearchAlerts({ ...deps(), config: { ...config, areaUnit: "ft2" } }, t0 + 120_000);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toContain("1 new home");
    expect(mail.text).toContain("Flat with a garden");
    expect(mail.text).toContain("Flat or House · from 700 ft² · available by Apr 1, 2031 · pets allowed");
    expect(await findSavedSearchById(testDb.db, id)).toBeDefined();
  });

  it("e-mails the homes newly inside a saved drawn area or radius, and says the area in words", async () => {
    const t0 = Date.UTC(2031, 2, 1);
    const owner = await createUser(testDb.db);
    // A drawn area around Kreuzberg, and 3 km around Berlin's centre (searched by the box's "Berlin").
    const { user: drawer } = await searcher("poly=52.51,13.38;52.51,13.44;52.48,13.44;52.48,13.38", t0);
    const { user: rounder } = await searcher("near=52.52,13.405&radius=3&place=Berlin&type=rent", t0);
    const inside = { type: "rent" as const, timestamp: t0 + 60_000 };
    await createListing(testDb.db, owner.id, { ...inside, name: "Kreuzberg flat", lat: 52.497, lng: 13.41 });
    await createListing(testDb.db, owner.id, { ...inside, name: "Mitte flat", lat: 52.525, lng: 13.4 });
    await createListing(testDb.db, owner.id, { ...inside, name: "Potsdam flat", lat: 52.3906, lng: 13.0645 });

    await runSearchAlerts(deps(), t0 + 120_000);
    const to = (email: string) => smtp.messages.find((mail) => mail.to.includes(email))!;
    expect(smtp.messages).toHaveLength(2);
    // 52.497,13.41 is 2.6 km from the centre: in both. Mitte is in the radius, outside the drawn area.
    expect(to(drawer.email).subject).toContain("1 new home");
    expect(to(drawer.email).text).toContain("Kreuzberg flat");
    expect(to(drawer.email).text).toContain("in a drawn area");
    expect(to(rounder.email).subject).toContain("2 new homes");
    expect(to(rounder.email).text).not.toContain("Potsdam flat");
    expect(to(rounder.email).text).toContain("For rent · within 3 km of Berlin");
    // Its feed holds the same homes.
    const xml = await searchFeed(
      testDb.db,
      { ...config, siteName: "Homestead" },
      new URLSearchParams("poly=52.51,13.38;52.51,13.44;52.48,13.44;52.48,13.38"),
    );
    expect(parseFeed(xml).items.map((item) => item.title)).toEqual([
      expect.stringContaining("Kreuzberg flat"),
    ]);
  });

  it("writes the alert in LOCALE's language, prices in CURRENCY", async () => {
    const t0 = Date.UTC(2031, 5, 1);
    const owner = await createUser(testDb.db);
    await searcher("q=hafen", t0);
    await createListing(testDb.db, owner.id, {
      timestamp: t0 + 60_000,
      name: "Wohnung am Hafen",
      regularPrice: 1850,
    });
    const german = { ...config, i18n: { locale: "de-DE", currency: "EUR" } };
    await runSearchAlerts({ ...deps(), config: german }, t0 + 120_000);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe(
      "1 neues Zuhause passt zu Ihrer gespeicherten Suche: Miete oder Kauf · „hafen“",
    );
    expect(mail.text).toContain("Wohnung am Hafen, 1.850\u00a0€");
    expect(mail.text).toContain("Diese E-Mails abbestellen: https://homes.test/unsubscribe?token=");
    expect(mail.html).toContain(">Abbestellen</a>");
  });

  it("two runners on two connections send each alert once", async () => {
    const t0 = Date.UTC(2032, 0, 1);
    const owner = await createUser(testDb.db);
    const searchers = [];
    for (let i = 0; i < 6; i++) searchers.push(await searcher(i % 2 ? "type=sale" : "type=rent", t0));
    for (let i = 0; i < 4; i++) {
      await createListing(testDb.db, owner.id, { timestamp: t0 + 1000 + i, type: i % 2 ? "sale" : "rent" });
    }
    const other = secondConnection();
    try {
      const now = t0 + 60_000;
      await Promise.all([runSearchAlerts(deps(), now), runSearchAlerts(deps(other.db), now)]);
      await Promise.all([runSearchAlerts(deps(), now + 1), runSearchAlerts(deps(other.db), now + 1)]);
    } finally {
      await other.close();
    }
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual(
      searchers.map((s) => s.user.email.toLowerCase()).sort(),
    );
    for (const mail of smtp.messages) expect(mail.subject).toContain("2 new homes");
  });

  it("a delivery claimed by a killed sender is sent after its claim runs out, once", async () => {
    const t0 = Date.UTC(2033, 0, 1);
    const owner = await createUser(testDb.db);
    await searcher("type=rent", t0);
    await createListing(testDb.db, owner.id, { timestamp: t0 + 1000 });
    expect((await sweepSavedSearches(testDb.db, t0 + 60_000)).deliveries).toBe(1);
    // A sender claimed it and died before sending.
    await testDb.db
      .updateTable("alertDelivery")
      .set({ claimToken: "dead", claimedUntil: t0 + 180_000 })
      .execute();
    expect(await sendAlertDeliveries(deps(), t0 + 61_000)).toBe(0);
    expect(await sendAlertDeliveries(deps(), t0 + 180_001)).toBe(1);
    expect(await sendAlertDeliveries(deps(), t0 + 400_000)).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it("an alert refused at SMTP is kept in the outbox and retried with backoff", async () => {
    const refusing = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // A passing refusal of the message (a bounce at RCPT TO gives the message up at once, and pauses).
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("mailbox unavailable, try later"), { responseCode: 451 })),
        );
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const port = (refusing.server.address() as { port: number }).port;
    const transport = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "a@homes.test",
      outboxDir: "",
      logText: false,
    });
    try {
      const t0 = Date.UTC(2034, 0, 1);
      const owner = await createUser(testDb.db);
      const { user } = await searcher("type=rent", t0);
      await createListing(testDb.db, owner.id, { timestamp: t0 + 1000 });
      await sweepSavedSearches(testDb.db, t0 + 60_000);
      const unwoken: AlertDeps = { ...deps(), mailer: { kick() {} } };
      expect(await queueAlertDeliveries(unwoken, t0 + 60_000)).toBe(1);
      const refused = () =>
        testDb.db
          .selectFrom("mailOutbox")
          .selectAll()
          .where("recipient", "=", user.email)
          .executeTakeFirstOrThrow();
      let now = Date.now();
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await drainMailOutbox({ db: testDb.db, transport, now: () => now })).toBe(0);
        const row = await refused();
        expect(row.attempts).toBe(attempt);
        expect(row.lastError).toContain("mailbox unavailable");
        expect(row.nextAttemptAt).toBe(now + mailRetryDelayMs(attempt));
        // Not before its time.
        expect(await drainMailOutbox({ db: testDb.db, transport, now: () => row.nextAttemptAt - 1 })).toBe(0);
        expect((await refused()).attempts).toBe(attempt);
        now = row.nextAttemptAt;
      }
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it("unsubscribe tokens name one search and cannot be forged", async () => {
    const { id } = await searcher("type=sale", Date.now());
    const token = unsubscribeToken(config.auth.secret, id);
    expect(verifyUnsubscribeToken(config.auth.secret, token)).toBe(id);
    expect(verifyUnsubscribeToken("another secret that is long enough", token)).toBeNull();
    expect(verifyUnsubscribeToken(config.auth.secret, `${id}.AAAA`)).toBeNull();
    expect(verifyUnsubscribeToken(config.auth.secret, `x${token}`)).toBeNull();
    expect(verifyUnsubscribeToken(config.auth.secret, null)).toBeNull();
    expect(await turnOffSavedSearch(testDb.db, id)).toBe(true);
    expect(await turnOffSavedSearch(testDb.db, id)).toBe(false);
    expect((await findSavedSearchById(testDb.db, id))?.frequency).toBe("off");
  });

  it("daily searches wait for their day", async () => {
    const t0 = Date.UTC(2035, 0, 1);
    const owner = await createUser(testDb.db);
    const { id } = await searcher("type=rent", t0);
    await testDb.db
      .updateTable("savedSearch")
      .set({ frequency: "daily", nextRunAt: t0 + 86_400_000 })
      .where("id", "=", id)
      .execute();
    await createListing(testDb.db, owner.id, { timestamp: t0 + 1000 });
    expect((await sweepSavedSearches(testDb.db, t0 + 3_600_000)).deliveries).toBe(0);
    expect((await sweepSavedSearches(testDb.db, t0 + 86_400_000)).deliveries).toBe(1);
  });
});

describe("search alerts tell news once", () => {
  /** An owner's save of the listing at `at`, as the edit form writes it (a new timestamp; publishedAt stays). */
  async function edit(id: string, at: number, set: { name?: string; regularPrice?: number } = {}) {
    await testDb.db
      .updateTable("listing")
      .set({ ...set, timestamp: at, changedAt: at })
      .where("id", "=", id)
      .execute();
  }

  it("an edit of an announced home sends nothing; a lower price sends one Price reduced line", async () => {
    const t0 = Date.UTC(2039, 0, 1);
    const owner = await createUser(testDb.db);
    await searcher("type=rent&q=berl", t0);
    const flat = await createListing(testDb.db, owner.id, {
      timestamp: t0 + 60_000,
      publishedAt: t0 + 60_000,
      name: "Berlin loft",
      regularPrice: 2000,
    });
    await runSearchAlerts(deps(), t0 + 120_000);
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      "1 new home matches your saved search: For rent · “berl”",
    ]);

    // A typo fixed: the home is not new again.
    await edit(flat.id, t0 + 180_000, { name: "Berlin loft, bright" });
    await runSearchAlerts(deps(), t0 + 240_000);
    expect(smtp.messages).toHaveLength(1);

    // Cheaper: one "Price reduced" line, from the price told to the new one, and no new home.
    await edit(flat.id, t0 + 300_000, { regularPrice: 1800 });
    await runSearchAlerts(deps(), t0 + 360_000);
    expect(smtp.messages).toHaveLength(2);
    const drop = smtp.messages[1]!;
    expect(drop.subject).toBe("Price reduced on 1 home in your saved search: For rent · “berl”");
    expect(drop.text).toContain(
      "Berlin loft, bright, $1,800 / Month\nPrice reduced: $2,000 → $1,800 / Month",
    );
    expect(drop.text).not.toContain("new home");
    expect(drop.html).toContain("Price reduced: $2,000 → $1,800 / Month");

    // The same price again, or a higher one: nothing to tell.
    await edit(flat.id, t0 + 420_000, { regularPrice: 1900 });
    await runSearchAlerts(deps(), t0 + 480_000);
    expect(smtp.messages).toHaveLength(2);
  });

  it("a home published before the search was saved is not new to it when edited", async () => {
    const t0 = Date.UTC(2039, 6, 1);
    const owner = await createUser(testDb.db);
    const older = await createListing(testDb.db, owner.id, {
      timestamp: t0 - 60_000,
      publishedAt: t0 - 60_000,
      name: "Older Berlin flat",
    });
    await searcher("type=rent&q=berl", t0);
    await edit(older.id, t0 + 60_000, { name: "Older Berlin flat, renovated" });
    await runSearchAlerts(deps(), t0 + 120_000);
    expect(smtp.messages).toHaveLength(0);
  });

  it("shows the brand and each home's key facts, with a JPEG photo", async () => {
    const t0 = Date.UTC(2040, 0, 1);
    const owner = await createUser(testDb.db);
    await searcher("q=kastanien", t0);
    const rent = await createListing(testDb.db, owner.id, {
      timestamp: t0 + 60_000,
      name: "Kastanien loft",
      location: "Kastanienallee 1, Berlin",
      type: "rent",
      bedrooms: 1,
      bathrooms: 2,
      regularPrice: 1800,
    });
    await createListing(testDb.db, owner.id, {
      timestamp: t0 + 61_000,
      name: "Kastanien house",
      location: "Kastanienweg 9, Potsdam",
      type: "sale",
      bedrooms: 3,
      bathrooms: 1,
      regularPrice: 450_000,
    });
    await runSearchAlerts(deps(), t0 + 120_000);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe("2 new homes match your saved search: Rent or sale · “kastanien”");
    // The header bar with the site's name, then the heading.
    expect(mail.html).toMatch(
      /<td style="background:#047857;[^"]*"><a href="https:\/\/homes\.test\/"[^>]*>Homestead<\/a><\/td>/,
    );
    expect(mail.html).toContain(
      '<h1 style="margin:0 0 8px;font-size:20px">2 new homes match your saved search</h1>',
    );
    for (const fact of [
      "$1,800 / Month",
      "1 Bedroom · 2 Bathrooms",
      "Kastanienallee 1, Berlin",
      "$450,000",
      "3 Bedrooms · 1 Bathroom",
      "Kastanienweg 9, Potsdam",
    ]) {
      expect(mail.html).toContain(fact);
      expect(mail.text).toContain(fact);
    }
    expect(mail.html).not.toContain("$450,000 / Month");
    expect(mail.links).toContain(`https://homes.test/category/rent/${rent.id}`);
    const photos = [...mail.html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]);
    expect(photos).toHaveLength(2);
    for (const photo of photos) expect(photo).toMatch(/^https:\/\/homes\.test\/images\/.+-800\.jpg$/);
    expect(mail.html).not.toContain(".webp");
  });
});

describe("saved-home news at the saver's frequency", () => {
  it("an instant saver hears of a price drop and of a let at the next alert run", async () => {
    const owner = await createUser(testDb.db);
    const saver = await createUser(testDb.db);
    const flat = await createListing(testDb.db, owner.id, { name: "Saved flat", regularPrice: 2000 });
    const house = await createListing(testDb.db, owner.id, { name: "Saved house", type: "sale" });
    for (const listing of [flat, house]) await setHomeSaved(testDb.db, saver.id, listing.id, true);
    const now = Date.UTC(2041, 0, 1);
    await runSearchAlerts(deps(), now);
    expect(smtp.messages).toHaveLength(0);

    await testDb.db.updateTable("listing").set({ regularPrice: 1800 }).where("id", "=", flat.id).execute();
    await runSearchAlerts(deps(), now + 60_000);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual([saver.email]);
    expect(smtp.messages[0]!.subject).toBe("News about a home you saved: Saved flat is now $1,800 / Month");
    expect(smtp.messages[0]!.text).toContain("Price reduced: $2,000 → $1,800 / Month");

    await testDb.db.updateTable("listing").set({ status: "sold" }).where("id", "=", house.id).execute();
    await runSearchAlerts(deps(), now + 120_000);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1]!.subject).toBe("News about a home you saved: Saved house has been sold");

    // Told once.
    await runSearchAlerts(deps(), now + 180_000);
    expect(smtp.messages).toHaveLength(2);
  });

  it("a weekly saver hears once their week is up", async () => {
    const owner = await createUser(testDb.db);
    const saver = await createUser(testDb.db);
    const flat = await createListing(testDb.db, owner.id, { name: "Weekly flat", regularPrice: 2000 });
    await setHomeSaved(testDb.db, saver.id, flat.id, true);
    const now = Date.UTC(2042, 0, 1);
    await setSavedHomeAlertFrequency(testDb.db, saver.id, "weekly", now);
    await testDb.db.updateTable("listing").set({ status: "let" }).where("id", "=", flat.id).execute();
    await runSearchAlerts(deps(), now + 86_400_000);
    expect(smtp.messages).toHaveLength(0);
    await runSearchAlerts(deps(), now + 7 * 86_400_000);
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      "News about a home you saved: Weekly flat has been let",
    ]);
  });
});

describe("saved-home digest", () => {
  it("tells a saver once a day of a price drop and of a home let or sold, and not again", async () => {
    const owner = await createUser(testDb.db);
    const saver = await createUser(testDb.db);
    const cheaper = await createListing(testDb.db, owner.id, { name: "Cheaper flat", regularPrice: 2000 });
    const let_ = await createListing(testDb.db, owner.id, { name: "Let flat" });
    const same = await createListing(testDb.db, owner.id, { name: "Same flat" });
    for (const listing of [cheaper, let_, same]) await setHomeSaved(testDb.db, saver.id, listing.id, true);
    const now = Date.UTC(2037, 0, 1);
    expect(await queueSavedHomeNews(testDb.db, now)).toBe(0);
    await testDb.db.updateTable("listing").set({ regularPrice: 1800 }).where("id", "=", cheaper.id).execute();
    await testDb.db.updateTable("listing").set({ status: "let" }).where("id", "=", let_.id).execute();
    expect(await queueSavedHomeNews(testDb.db, now)).toBe(1);
    expect(await sendAlertDeliveries(deps(), now)).toBe(1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual([saver.email]);
    expect(mail.subject).toBe("2 homes you saved have news");
    expect(mail.text).toContain("Cheaper flat, $1,800 / Month\nPrice reduced: $2,000 → $1,800 / Month");
    expect(mail.text).toContain("Let flat has been let");
    expect(mail.text).not.toContain("Same flat");
    // Told once: the next day has nothing to say, until the price drops again.
    expect(await queueSavedHomeNews(testDb.db, now + 86_400_000)).toBe(0);
    await testDb.db.updateTable("listing").set({ regularPrice: 1700 }).where("id", "=", cheaper.id).execute();
    expect(await queueSavedHomeNews(testDb.db, now + 2 * 86_400_000)).toBe(1);
  });

  it("writes only to verified addresses of accounts in good standing", async () => {
    const owner = await createUser(testDb.db);
    const unverified = await createUser(testDb.db, { emailVerified: false });
    const suspended = await createUser(testDb.db);
    await testDb.db.updateTable("user").set({ banned: true }).where("id", "=", suspended.id).execute();
    const listing = await createListing(testDb.db, owner.id, { name: "Dropping flat", regularPrice: 2000 });
    for (const saver of [unverified, suspended]) await setHomeSaved(testDb.db, saver.id, listing.id, true);
    await testDb.db.updateTable("listing").set({ regularPrice: 1500 }).where("id", "=", listing.id).execute();
    expect(await queueSavedHomeNews(testDb.db, Date.UTC(2038, 0, 1))).toBe(0);
  });
});

describe("feeds", () => {
  it("is valid Atom with the newest matches first", async () => {
    const owner = await createUser(testDb.db);
    const base = Date.UTC(2036, 0, 1);
    await createListing(testDb.db, owner.id, {
      timestamp: base + 1,
      name: "Feed A",
      type: "sale",
      offer: true,
      discountedPrice: 1000,
      regularPrice: 2000,
    });
    await createListing(testDb.db, owner.id, { timestamp: base + 2, name: "Feed B", type: "sale" });
    const xml = await searchFeed(
      testDb.db,
      { ...config, siteName: "Homestead" },
      new URLSearchParams("type=sale&q=feed"),
    );
    // A feed parser reads it as Atom 1.0, newest first.
    const feed = parseFeed(xml);
    expect(feed.meta).toMatchObject({ type: "atom", version: "1.0" });
    expect(feed.items.map((item) => item.title)).toEqual([
      expect.stringContaining("Feed B"),
      expect.stringContaining("Feed A, $1,000"),
    ]);
    const offers = parseFeed(
      await searchFeed(
        testDb.db,
        { ...config, siteName: "Homestead" },
        new URLSearchParams("offer=1&q=feed"),
      ),
    );
    expect(offers.items).toHaveLength(1);
  });

  it("holds the matches of the details' filters, and says them in its title", async () => {
    const owner = await createUser(testDb.db);
    const base = Date.UTC(2036, 1, 1);
    const home = { type: "rent" as const, stepFree: true, propertyType: "flat" as const };
    await createListing(testDb.db, owner.id, {
      ...home,
      timestamp: base + 1,
      name: "Feed flat",
      livingArea: 80,
    });
    await createListing(testDb.db, owner.id, {
      ...home,
      timestamp: base + 2,
      name: "Feed bedsit",
      livingArea: 30,
    });
    await createListing(testDb.db, owner.id, { timestamp: base + 3, name: "Feed old flat" });
    const xml = await searchFeed(
      testDb.db,
      { ...config, siteName: "Homestead" },
      new URLSearchParams("q=feed&kind=flat&minArea=50&stepFree=1"),
    );
    expect(parseFeed(xml).items.map((item) => item.title)).toEqual([expect.stringContaining("Feed flat")]);
    expect(xml).toContain(
      "<title>Rent or sale · “feed” · Flat · from 50 m² · step-free access: Homestead</title>",
    );
  });
});

describe("new open houses", () => {
  const HOUR = 3_600_000;
  /** A span of viewing times added at `createdAt`, starting `inHours` after it, in Berlin's time zone. */
  async function openHouse(
    listingId: string,
    createdAt: number,
    { kind = "openHouse", inHours = 48 }: { kind?: "openHouse" | "slots"; inHours?: number } = {},
  ) {
    const id = crypto.randomUUID();
    const startsAt = createdAt + inHours * HOUR;
    await insertOpenHouse(testDb.db, {
      id,
      listingId,
      kind,
      startsAt,
      endsAt: startsAt + 2 * HOUR,
      slotMinutes: kind === "slots" ? 30 : null,
      capacity: null,
      confirmByHand: false,
      timeZone: "Europe/Berlin",
      createdAt,
    });
    return { id, startsAt, endsAt: startsAt + 2 * HOUR };
  }
  const announcedAt = async (id: string) =>
    (
      await testDb.db
        .selectFrom("openHouse")
        .select("announcedAt")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).announcedAt;

  beforeEach(async () => {
    await testDb.db.deleteFrom("openHouse").execute();
  });

  it("tells the holders of a saved home and its matching searches once, one e-mail per user", async () => {
    const t0 = Date.UTC(2043, 0, 1);
    const owner = await createUser(testDb.db);
    const harbour = await createListing(testDb.db, owner.id, { name: "Harbour view flat", bedrooms: 2 });
    const hill = await createListing(testDb.db, owner.id, { name: "Hillside cottage", bedrooms: 1 });
    const saver = await createUser(testDb.db);
    await setHomeSaved(testDb.db, saver.id, harbour.id, true);
    const matching = await searcher("q=harbour", t0);
    // Saved the home and a search it matches: one e-mail, the open house once.
    const both = await searcher("beds=2", t0);
    await setHomeSaved(testDb.db, both.user.id, harbour.id, true);
    const other = await searcher("q=hillside", t0);
    const off = await searcher("q=harbour", t0);
    await updateSavedSearchFrequency(testDb.db, off.user.id, off.id, "off", t0);
    const quietSaver = await createUser(testDb.db);
    await setHomeSaved(testDb.db, quietSaver.id, harbour.id, true);
    await setSavedHomeAlertFrequency(testDb.db, quietSaver.id, "off", t0);
    const unverified = await createUser(testDb.db, { emailVerified: false });
    await setHomeSaved(testDb.db, unverified.id, harbour.id, true);
    // The lister who saved their own home hears nothing of their own times.
    await setHomeSaved(testDb.db, owner.id, harbour.id, true);

    const added = t0 + 60_000;
    const time = await openHouse(harbour.id, added);
    // Not settled yet: the next run tells it.
    await runSearchAlerts(deps(), added + SETTLE_MS - 1);
    expect(smtp.messages).toHaveLength(0);
    expect(await announcedAt(time.id)).toBeNull();

    const now = added + SETTLE_MS + 1;
    await runSearchAlerts(deps(), now);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual(
      [saver.email, matching.user.email, both.user.email].map((email) => email.toLowerCase()).sort(),
    );
    expect(Number(await announcedAt(time.id))).toBe(now);
    const mail = smtp.messages.find((message) => message.to[0] === both.user.email.toLowerCase())!;
    expect(mail.subject).toBe(
      "New viewing times at Harbour view flat: Sat, Jan 3, 1:01 AM – 3:01 AM (GMT+1)",
    );
    expect(mail.text.match(/Open house: /g)).toHaveLength(1);
    expect(mail.links).toContain(`https://homes.test/category/rent/${harbour.id}`);
    expect(other.user.email).not.toBe(mail.to[0]);

    // Told once: nothing more at the next runs, and nothing of a later open house of another listing to
    // searches it does not match.
    await runSearchAlerts(deps(), now + 60_000);
    expect(smtp.messages).toHaveLength(3);
    await openHouse(hill.id, now + 60_000);
    await runSearchAlerts(deps(), now + 120_000);
    expect(smtp.messages).toHaveLength(4);
    expect(smtp.messages.at(-1)!.to).toEqual([other.user.email.toLowerCase()]);
    expect(smtp.messages.at(-1)!.subject).toContain("Hillside cottage");
  });

  it("tells no search saved after the open house, nothing removed or started, nothing of a home let", async () => {
    const t0 = Date.UTC(2044, 0, 1);
    const owner = await createUser(testDb.db);
    const flat = await createListing(testDb.db, owner.id, { name: "Canal side flat" });
    const before = await openHouse(flat.id, t0 - 60_000);
    const late = await searcher("q=canal", t0);
    await runSearchAlerts(deps(), t0 + SETTLE_MS + 1);
    expect(smtp.messages).toHaveLength(0);
    expect(await announcedAt(before.id)).not.toBeNull();

    // Removed before a run: never told. Started before a run: never told, and out of the set to tell.
    const removed = await openHouse(flat.id, t0 + 60_000);
    await testDb.db
      .updateTable("openHouse")
      .set({ status: "cancelled" })
      .where("id", "=", removed.id)
      .execute();
    const soon = await openHouse(flat.id, t0 + 60_000, { inHours: 0.001 });
    await runSearchAlerts(deps(), t0 + 60_000 + SETTLE_MS + 1);
    expect(smtp.messages).toHaveLength(0);
    expect(await announcedAt(removed.id)).not.toBeNull();
    expect(await announcedAt(soon.id)).not.toBeNull();

    // Queued, then the home is let before the e-mail goes: nothing is sent, and the delivery is done.
    const next = await openHouse(flat.id, t0 + 120_000, { kind: "slots" });
    expect(await queueOpenHouseNews(testDb.db, t0 + 120_000 + SETTLE_MS + 1)).toBe(1);
    await testDb.db.updateTable("listing").set({ status: "let" }).where("id", "=", flat.id).execute();
    expect(await sendAlertDeliveries(deps(), t0 + 120_000 + SETTLE_MS + 2)).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    expect(await announcedAt(next.id)).not.toBeNull();
    const pending = await testDb.db
      .selectFrom("alertDelivery")
      .select("id")
      .where("userId", "=", late.user.id)
      .where("sentAt", "is", null)
      .execute();
    expect(pending).toEqual([]);

    // A new open house of a let home is not told either (it takes none: the time is left alone).
    const afterLet = await openHouse(flat.id, t0 + 180_000);
    await runSearchAlerts(deps(), t0 + 180_000 + SETTLE_MS + 1);
    expect(smtp.messages).toHaveLength(0);
    expect(await announcedAt(afterLet.id)).toBeNull();
  });

  it("two runners on two connections tell each open house once", async () => {
    const t0 = Date.UTC(2045, 0, 1);
    const owner = await createUser(testDb.db);
    const flat = await createListing(testDb.db, owner.id, { name: "Twin runner flat" });
    const searchers = [];
    for (let i = 0; i < 4; i++) searchers.push(await searcher("q=twin", t0));
    await openHouse(flat.id, t0 + 60_000);
    await openHouse(flat.id, t0 + 61_000, { kind: "slots" });
    const other = secondConnection();
    const now = t0 + 120_000;
    try {
      const queued = await Promise.all([
        queueOpenHouseNews(testDb.db, now),
        queueOpenHouseNews(other.db, now),
      ]);
      expect(queued[0]! + queued[1]!).toBeGreaterThanOrEqual(4);
      await Promise.all([runSearchAlerts(deps(), now + 1), runSearchAlerts(deps(other.db), now + 1)]);
    } finally {
      await other.close();
    }
    const told = smtp.messages.flatMap((mail) => [...mail.text.matchAll(/(Open house|Viewings to book): /g)]);
    expect(told).toHaveLength(8);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual(
      searchers.map((s) => s.user.email.toLowerCase()).sort(),
    );
  });

  it("telling an open house keeps the cached pages; a change a page shows drops them", async () => {
    const t0 = Date.UTC(2047, 0, 1);
    const owner = await createUser(testDb.db);
    const flat = await createListing(testDb.db, owner.id, { name: "Cached flat" });
    await searcher("q=cached", t0);
    const time = await openHouse(flat.id, t0 + 60_000);
    const version = async () =>
      Number(
        (await testDb.db.selectFrom("pageCacheVersion").select("version").executeTakeFirstOrThrow()).version,
      );
    const before = await version();
    expect(await queueOpenHouseNews(testDb.db, t0 + 120_000)).toBe(1);
    expect(await announcedAt(time.id)).not.toBeNull();
    expect(await version()).toBe(before);
    await testDb.db.updateTable("openHouse").set({ status: "cancelled" }).where("id", "=", time.id).execute();
    expect(await version()).toBeGreaterThan(before);
  });

  it("shows each home's new times above its card, in HTML and plain text", async () => {
    const t0 = Date.UTC(2046, 0, 1);
    const owner = await createUser(testDb.db);
    const saver = await createUser(testDb.db);
    const flat = await createListing(testDb.db, owner.id, {
      name: "Garden flat",
      location: "Gartenstraße 5, Berlin",
      regularPrice: 1500,
    });
    const house = await createListing(testDb.db, owner.id, { name: "Lake house", type: "sale" });
    for (const listing of [flat, house]) await setHomeSaved(testDb.db, saver.id, listing.id, true);
    await openHouse(flat.id, t0 + 60_000);
    await openHouse(flat.id, t0 + 60_000, { kind: "slots", inHours: 72 });
    await openHouse(house.id, t0 + 60_000, { inHours: 24 });
    await runSearchAlerts(deps(), t0 + 120_000);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe("3 new open houses at homes you follow");
    expect(mail.html).toContain("New open houses at homes you saved or searched for:");
    for (const line of [
      "Garden flat, $1,500 / Month\nOpen house: Wed, Jan 3, 1:01 AM – 3:01 AM (GMT+1)\nViewings to book: Thu, Jan 4, 1:01 AM – 3:01 AM (GMT+1)",
      "Lake house, ",
      "Open house: Tue, Jan 2, 1:01 AM – 3:01 AM (GMT+1)",
      // Soonest first.
      "New open houses at homes you saved or searched for:\n\nLake house, ",
      "Your saved homes: https://homes.test/saved",
    ]) {
      expect(mail.text).toContain(line);
    }
    for (const note of [
      "Open house: Wed, Jan 3, 1:01 AM – 3:01 AM (GMT+1)",
      "Viewings to book: Thu, Jan 4, 1:01 AM – 3:01 AM (GMT+1)",
      "Gartenstraße 5, Berlin",
    ]) {
      expect(mail.html).toContain(note);
    }
    expect(mail.links).toContain("https://homes.test/saved");
    expect(mail.links).toContain(`https://homes.test/category/sale/${house.id}`);
    expect([...mail.html.matchAll(/<img src="([^"]+)"/g)]).toHaveLength(2);
  });
});
