import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { logger } from "#app/logger.server.ts";
import { createJobRunner, type JobContext } from "#app/modules/jobs/jobs.server.ts";
import {
  createMailOutbox,
  drainMailOutbox,
  type MailOutbox,
  mailRetryDelayMs,
} from "#app/modules/mail/mail.outbox.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { type SmtpPeer, startSmtpServer } from "#tests/support/smtp-server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  answerFreshnessLink,
  checkFreshnessLink,
  DAY_MS,
  type FreshnessDeps,
  freshnessJob,
  readFreshnessToken,
  runFreshness,
  signFreshnessToken,
} from "./listing.freshness.server.ts";
import { findListingById, findListingsPage } from "./listing.repo.server.ts";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const T0 = Date.UTC(2026, 0, 1);

let test: TestDb;
let smtp: SmtpPeer;
let deps: FreshnessDeps;
let outbox: MailOutbox;

beforeAll(async () => {
  [test, smtp] = await Promise.all([createTestDb(), startSmtpServer()]);
  const transport = createMailer({
    smtpUrl: smtp.url,
    from: "Homestead <no-reply@localhost>",
    outboxDir: "",
    logText: false,
  });
  outbox = createMailOutbox({ db: test.db, transport });
  deps = {
    db: test.db,
    mailer: outbox,
    secret: SECRET,
    publicUrl: "https://homes.example",
    siteName: "Homestead",
    ttlDays: 60,
  };
});
afterAll(async () => {
  await outbox.stop();
  await smtp.stop();
  await test.destroy();
});
beforeEach(async () => {
  await test.db.deleteFrom("image").execute();
  await test.db.deleteFrom("listing").execute();
  smtp.clear();
});

/** One pass, then the outbox's drain: the reminders it queued are at the SMTP peer. */
async function remind(freshness: FreshnessDeps, ctx: JobContext) {
  const result = await runFreshness(freshness, ctx);
  await outbox.drain();
  return result;
}

const at = (t: number) => ({ now: () => t, signal: new AbortController().signal });
const tokenOf = (link: string) => new URL(link).searchParams.get("token");

async function ownerWithListing(overrides = {}) {
  const owner = await createUser(test.db, { name: "Olive Owner" });
  const listing = await createListing(test.db, owner.id, { timestamp: T0, ...overrides });
  return { owner, listing };
}

describe("freshness", () => {
  it("asks the owner once after LISTING_TTL_DAYS, hides the listing 7 days later, and Confirm brings it back", async () => {
    const { owner, listing } = await ownerWithListing();
    expect(await remind(deps, at(T0 + 59 * DAY_MS))).toEqual({ reminded: 0, expired: 0 });
    expect(await remind(deps, at(T0 + 60 * DAY_MS))).toEqual({ reminded: 1, expired: 0 });
    expect(await remind(deps, at(T0 + 61 * DAY_MS))).toEqual({ reminded: 0, expired: 0 });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual([owner.email]);
    expect(mail.subject).toBe(`Is your home still available? ${listing.name} on Homestead`);
    expect(mail.text).toContain("Is your home");
    const [confirm, markLet] = mail.links.filter((link) => link.includes("/listing-freshness?"));
    expect(readFreshnessToken(SECRET, tokenOf(confirm!))?.answer).toBe("confirm");
    expect(readFreshnessToken(SECRET, tokenOf(markLet!))?.answer).toBe("let");

    expect(await remind(deps, at(T0 + 67 * DAY_MS))).toEqual({ reminded: 0, expired: 1 });
    expect((await findListingById(test.db, listing.id))?.expired).toBe(true);
    expect((await findListingsPage(test.db, { type: "rent" }, null)).listings).toEqual([]);

    const answered = await answerFreshnessLink(test.db, SECRET, tokenOf(confirm!), T0 + 68 * DAY_MS);
    expect(answered.state).toBe("ready");
    const back = await findListingById(test.db, listing.id);
    expect(back).toMatchObject({ expired: false, status: "available", changedAt: T0 + 68 * DAY_MS });
    expect((await findListingsPage(test.db, { type: "rent" }, null)).listings).toHaveLength(1);

    // Reused, or the other link of the same reminder: nothing changes.
    expect((await answerFreshnessLink(test.db, SECRET, tokenOf(confirm!), T0 + 68 * DAY_MS)).state).toBe(
      "used",
    );
    expect((await answerFreshnessLink(test.db, SECRET, tokenOf(markLet!), T0 + 68 * DAY_MS)).state).toBe(
      "used",
    );
    expect((await findListingById(test.db, listing.id))?.status).toBe("available");
    // The next reminder is 60 days after the confirmation.
    expect(await remind(deps, at(T0 + 127 * DAY_MS))).toEqual({ reminded: 0, expired: 0 });
    expect(await remind(deps, at(T0 + 128 * DAY_MS))).toEqual({ reminded: 1, expired: 0 });
  });

  it("marks a home let from the e-mail's link: it leaves the lists", async () => {
    const { listing } = await ownerWithListing();
    await remind(deps, at(T0 + 60 * DAY_MS));
    const markLet = smtp.messages[0]!.links.find((link) => link.includes("/listing-freshness?"))!;
    const letLink = smtp.messages[0]!.links.filter((link) => link.includes("/listing-freshness?"))[1]!;
    expect(markLet).not.toBe(letLink);
    const checked = await checkFreshnessLink(test.db, SECRET, tokenOf(letLink), T0 + 61 * DAY_MS);
    expect(checked.state).toBe("ready");
    expect((await findListingById(test.db, listing.id))?.status).toBe("available");
    await answerFreshnessLink(test.db, SECRET, tokenOf(letLink), T0 + 61 * DAY_MS);
    expect((await findListingById(test.db, listing.id))?.status).toBe("let");
    expect((await findListingsPage(test.db, { type: "rent" }, null)).listings).toEqual([]);
  });

  it("refuses forged, mangled, expired and mismatched tokens, changing nothing", async () => {
    const { listing } = await ownerWithListing();
    await remind(deps, at(T0 + 60 * DAY_MS));
    const sentAt = Number(
      (await test.db.selectFrom("listing").select("reminderSentAt").executeTakeFirstOrThrow()).reminderSentAt,
    );
    const claims = { listingId: listing.id, answer: "confirm" as const, reminderSentAt: sentAt };
    const forged = signFreshnessToken("another-secret-of-at-least-32-characters", claims);
    const now = T0 + 61 * DAY_MS;
    expect((await answerFreshnessLink(test.db, SECRET, forged, now)).state).toBe("invalid");
    expect((await answerFreshnessLink(test.db, SECRET, `${forged}x`, now)).state).toBe("invalid");
    expect((await answerFreshnessLink(test.db, SECRET, "nonsense", now)).state).toBe("invalid");
    expect((await answerFreshnessLink(test.db, SECRET, null, now)).state).toBe("invalid");
    // A rent cannot be sold, even with a well-signed token.
    const sold = signFreshnessToken(SECRET, { ...claims, answer: "sold" });
    expect((await answerFreshnessLink(test.db, SECRET, sold, now)).state).toBe("invalid");
    // An older reminder's token.
    const older = signFreshnessToken(SECRET, { ...claims, reminderSentAt: sentAt - 1 });
    expect((await answerFreshnessLink(test.db, SECRET, older, now)).state).toBe("used");
    const good = signFreshnessToken(SECRET, claims);
    expect((await answerFreshnessLink(test.db, SECRET, good, sentAt + 31 * DAY_MS)).state).toBe("expired");
    const row = await test.db.selectFrom("listing").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "available", reminderSentAt: sentAt, expiredAt: null });
  });

  it("leaves let and sold listings alone, and gives a reminder back when the mail server refuses it", async () => {
    await ownerWithListing({ status: "let" });
    expect(await remind(deps, at(T0 + 90 * DAY_MS))).toEqual({ reminded: 0, expired: 0 });
    await test.db.deleteFrom("listing").execute();

    const { listing } = await ownerWithListing();
    const refusing = createMailer({
      smtpUrl: "smtp://127.0.0.1:1",
      from: "x <x@localhost>",
      outboxDir: "",
      logText: false,
    });
    logger.level = "silent";
    // Queued, and only the refusing transport tries it.
    const unwoken = { ...deps, mailer: { kick() {} } };
    expect(await runFreshness(unwoken, at(T0 + 60 * DAY_MS))).toEqual({ reminded: 1, expired: 0 });
    expect(await drainMailOutbox({ db: test.db, transport: refusing })).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    // The reminder stays recorded (its links stand); the outbox sends it once the mail server is back.
    const row = await test.db.selectFrom("listing").selectAll().executeTakeFirstOrThrow();
    expect(row.reminderSentAt).toBe(T0 + 60 * DAY_MS);
    expect(await remind(deps, at(T0 + 61 * DAY_MS))).toEqual({ reminded: 0, expired: 0 });
    const later = () => Date.now() + mailRetryDelayMs(1);
    const transport = createMailer({
      smtpUrl: smtp.url,
      from: "h <h@localhost>",
      outboxDir: "",
      logText: false,
    });
    expect(await drainMailOutbox({ db: test.db, transport, now: later })).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.text).toContain(listing.name);
  });

  it("runs as a background job on the job runner", async () => {
    await ownerWithListing();
    const runner = createJobRunner({ db: test.db, now: () => T0 + 60 * DAY_MS });
    runner.register(freshnessJob(deps));
    expect(await runner.runNow("listing-freshness")).toBe(true);
    await outbox.drain();
    expect(smtp.messages).toHaveLength(1);
    await runner.stop();
  });
});
