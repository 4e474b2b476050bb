import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "#app/config.server.ts";
import { ForbiddenError, InvalidError, NotFoundError } from "#app/http/errors.ts";
import { checkAuthRequest } from "#app/modules/auth/auth.request-guard.server.ts";
import { type Auth, createAuth } from "#app/modules/auth/auth.server.ts";
import {
  findListingsPage,
  findUnlistedListingIds,
  isListingVisible,
} from "#app/modules/listing/listing.repo.server.ts";
import { sitemapPage } from "#app/modules/listing/listing.sitemap.server.ts";
import { createMailOutbox, type MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { createListing } from "#tests/support/factories.ts";
import { type SmtpPeer, startSmtpServer } from "#tests/support/smtp-server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { DIGEST_EVERY_MS, sendReportDigest } from "./moderation.digest.server.ts";
import { confirmReport, type ModerationMailDeps, requestReport } from "./moderation.notices.server.ts";
import {
  findAuditLog,
  findCurrentDecisions,
  findOpenReports,
  findReviewRequests,
  isAdministrator,
  syncAdminRoles,
} from "./moderation.repo.server.ts";
import {
  dismissReport,
  hideListing,
  keepHidden,
  liftSuspension,
  type Moderator,
  reportListing,
  requestReview,
  restoreListing,
  suspendUser,
} from "./moderation.service.server.ts";

// Reports and moderation on a real database (SQLite file, or PostgreSQL with DATABASE_URL) with the real
// better-auth and its admin plugin: who may do what, what the public then sees, and the audit log.

const ADMIN = "moderator@example.com";
const PASSWORD = "correct horse battery";

let testDb: TestDb;
let dataDir: string;
let smtp: SmtpPeer;
let config: Config;
let auth: Auth;
let outbox: MailOutbox;
/** What the moderation e-mails need: the real outbox, sending to the test's SMTP server. */
let mailDeps: ModerationMailDeps;

type Person = { id: string; name: string; email: string; emailVerified: boolean; headers: Headers };

/**
 * Signs up through better-auth, as the sign-up form does, and (unless `verified` is false) marks the address
 * verified as its e-mailed link would; returns the user and their session cookie.
 */
async function signUp(
  name: string,
  email = `${name.toLowerCase().replace(/\W/g, "")}-${Math.random()}@example.com`,
  { verified = true } = {},
) {
  const { response } = await auth.api.signUpEmail({
    body: { name, email, password: PASSWORD },
    returnHeaders: true,
  });
  if (verified) await markVerified(response.user.id);
  // Signing up signs nobody in (its answer must not tell whether the address had an account).
  const { headers } = await auth.api.signInEmail({
    body: { email, password: PASSWORD },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return {
    id: response.user.id,
    name,
    email,
    emailVerified: verified,
    headers: new Headers({ cookie }),
  } satisfies Person;
}

function markVerified(userId: string) {
  return testDb.db.updateTable("user").set({ emailVerified: true }).where("id", "=", userId).execute();
}

function signIn(email: string) {
  return auth.api.signInEmail({ body: { email, password: PASSWORD } });
}

const asModerator = (person: Person): Moderator => ({ id: person.id, name: person.name });

beforeAll(async () => {
  testDb = await createTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), "homestead-moderation-"));
  smtp = await startSmtpServer();
  config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: testDb.url,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-000",
    ADMIN_EMAILS: ` ${ADMIN.toUpperCase()} , second-admin@example.com`,
    SMTP_URL: smtp.url,
    PUBLIC_URL: "http://localhost:3999",
  });
  auth = createAuth({ config, db: testDb.db, mailer: createMailer(config.mail) });
  outbox = createMailOutbox({ db: testDb.db, transport: createMailer(config.mail) });
  mailDeps = { db: testDb.db, mailer: outbox, config };
}, 60_000);

afterAll(async () => {
  await outbox?.stop();
  await testDb?.destroy();
  await smtp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("roles from ADMIN_EMAILS", () => {
  it("makes the listed addresses administrators at sign-up, and nobody else", async () => {
    expect(config.auth.adminEmails).toEqual([ADMIN, "second-admin@example.com"]);
    const admin = await signUp("Mo Derator", ADMIN);
    const user = await signUp("Una User");
    expect(await isAdministrator(testDb.db, admin.id)).toBe(true);
    expect(await isAdministrator(testDb.db, user.id)).toBe(false);
  });

  it("gives an address's account the role only once it is verified (a squatter cannot verify it)", async () => {
    const squatter = await signUp("Squatter", "second-admin@example.com", { verified: false });
    expect(await isAdministrator(testDb.db, squatter.id)).toBe(false);
    await markVerified(squatter.id);
    expect(await isAdministrator(testDb.db, squatter.id)).toBe(true);
    await testDb.db.deleteFrom("user").where("id", "=", squatter.id).execute();
  });

  it("follows a changed list at start: newly listed promoted, no longer listed demoted", async () => {
    const former = await signUp("Former Admin", "second-admin@example.com");
    const later = await signUp("Later Admin");
    expect(await isAdministrator(testDb.db, former.id)).toBe(true);
    await syncAdminRoles(testDb.db, [ADMIN, later.email]);
    expect(await isAdministrator(testDb.db, former.id)).toBe(false);
    expect(await isAdministrator(testDb.db, later.id)).toBe(true);
    await syncAdminRoles(testDb.db, config.auth.adminEmails);
    expect(await isAdministrator(testDb.db, later.id)).toBe(false);
  });

  it("refuses a role sent at sign-up (the plugin's role is not an input)", async () => {
    await expect(
      auth.api.signUpEmail({
        body: { name: "Sneaky", email: "sneaky@example.com", password: PASSWORD, role: "admin" } as never,
      }),
    ).rejects.toThrow();
    const row = await testDb.db
      .selectFrom("user")
      .select("role")
      .where("email", "=", "sneaky@example.com")
      .executeTakeFirst();
    expect(row?.role ?? "user").toBe("user");
  });
});

describe("reports", () => {
  it("records a report, refuses bad input, the owner's own and a hidden listing, and adds no duplicate", async () => {
    const owner = await signUp("Olga Owner");
    const reporter = await signUp("Rita Reporter");
    const listing = await createListing(testDb.db, owner.id, { name: "Too good to be true" });
    await expect(
      reportListing(testDb.db, reporter, listing.id, { reason: "nonsense" }),
    ).rejects.toMatchObject({
      fieldErrors: { reason: "Please choose a reason" },
    });
    await expect(
      reportListing(testDb.db, reporter, listing.id, { reason: "scam", details: "x".repeat(1001) }),
    ).rejects.toBeInstanceOf(InvalidError);
    await expect(
      reportListing(testDb.db, reporter, listing.id, { reason: "scam", details: "a\u0000b" }),
    ).rejects.toBeInstanceOf(InvalidError);
    await expect(reportListing(testDb.db, owner, listing.id, { reason: "scam" })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(
      reportListing(testDb.db, reporter, "no-such-listing", { reason: "scam" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const id = await reportListing(testDb.db, reporter, listing.id, {
      reason: "scam",
      details: "Asks for a deposit by wire\nbefore any visit",
    });
    expect(await reportListing(testDb.db, reporter, listing.id, { reason: "other" })).toBe(id);
    const open = (await findOpenReports(testDb.db)).filter((report) => report.listing.id === listing.id);
    expect(open).toEqual([
      expect.objectContaining({
        id,
        reason: "scam",
        details: "Asks for a deposit by wire\nbefore any visit",
        reporterName: "Rita Reporter",
        listing: { id: listing.id, name: "Too good to be true", type: "rent", hidden: false },
        owner: { id: owner.id, name: "Olga Owner", email: owner.email, suspended: false },
      }),
    ]);
  });
});

describe("hide and restore", () => {
  it("takes a listing off every public list and the sitemap, keeps it for its owner, logs who did it", async () => {
    const admin = await signUp("Hide Admin");
    const owner = await signUp("Hana Owner");
    const reporter = await signUp("Rob Reporter");
    const listing = await createListing(testDb.db, owner.id, { name: "Reported flat" });
    await reportListing(testDb.db, reporter, listing.id, { reason: "offensive" });
    const publicIds = async () =>
      (await findListingsPage(testDb.db, { type: "rent" }, null, 1000)).listings.map((l) => l.id);
    expect(await publicIds()).toContain(listing.id);

    await hideListing(mailDeps, asModerator(admin), listing.id, { reason: "offensive", note: "Insults" });
    expect(await publicIds()).not.toContain(listing.id);
    expect(await isListingVisible(testDb.db, listing.id)).toBe(false);
    expect(await sitemapPage(testDb.db, "http://x", 1)).not.toContain(listing.id);
    expect(await findUnlistedListingIds(testDb.db, owner.id)).toEqual([listing.id]);
    expect((await findOpenReports(testDb.db)).map((report) => report.listing.id)).not.toContain(listing.id);

    await restoreListing(testDb.db, asModerator(admin), listing.id);
    expect(await publicIds()).toContain(listing.id);
    expect(await findUnlistedListingIds(testDb.db, owner.id)).toEqual([]);
    const log = (await findAuditLog(testDb.db)).filter((entry) => entry.listingId === listing.id);
    expect(
      log.map(({ action, actorName, listingName, targetUserName }) => ({
        action,
        actorName,
        listingName,
        targetUserName,
      })),
    ).toEqual([
      {
        action: "restore-listing",
        actorName: "Hide Admin",
        listingName: "Reported flat",
        targetUserName: "Hana Owner",
      },
      {
        action: "hide-listing",
        actorName: "Hide Admin",
        listingName: "Reported flat",
        targetUserName: "Hana Owner",
      },
    ]);
    expect(log[0]!.createdAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("dismisses a report without touching the listing", async () => {
    const admin = await signUp("Dismiss Admin");
    const owner = await signUp("Dora Owner");
    const reporter = await signUp("Dan Reporter");
    const listing = await createListing(testDb.db, owner.id);
    const reportId = await reportListing(testDb.db, reporter, listing.id, { reason: "unavailable" });
    await dismissReport(mailDeps, asModerator(admin), reportId);
    expect(await isListingVisible(testDb.db, listing.id)).toBe(true);
    expect((await findOpenReports(testDb.db)).map((report) => report.id)).not.toContain(reportId);
    await expect(dismissReport(mailDeps, asModerator(admin), reportId)).rejects.toBeInstanceOf(NotFoundError);
    expect((await findAuditLog(testDb.db))[0]).toMatchObject({
      action: "dismiss-report",
      reportId,
      actorName: "Dismiss Admin",
    });
  });
});

describe("suspension (better-auth's admin plugin)", () => {
  it("stops sign-in, ends sessions and unlists every listing until the suspension is lifted", async () => {
    const admin = await signUp("Suspend Admin", ADMIN.replace("moderator", "moderator+s"));
    await syncAdminRoles(testDb.db, [...config.auth.adminEmails, admin.email]);
    const owner = await signUp("Sam Scammer");
    const first = await createListing(testDb.db, owner.id);
    const second = await createListing(testDb.db, owner.id, { type: "sale" });
    const deps = { ...mailDeps, auth, headers: admin.headers };

    await suspendUser(deps, asModerator(admin), owner.id);
    await expect(signIn(owner.email)).rejects.toMatchObject({ body: { code: "BANNED_USER" } });
    expect(await auth.api.getSession({ headers: owner.headers })).toBeNull();
    expect(await isListingVisible(testDb.db, first.id)).toBe(false);
    expect(await isListingVisible(testDb.db, second.id)).toBe(false);
    expect((await findUnlistedListingIds(testDb.db, owner.id)).toSorted()).toEqual(
      [first.id, second.id].sort(),
    );

    await liftSuspension(deps, asModerator(admin), owner.id);
    expect((await signIn(owner.email)).user.id).toBe(owner.id);
    expect(await isListingVisible(testDb.db, first.id)).toBe(true);
    const log = (await findAuditLog(testDb.db)).filter((entry) => entry.targetUserId === owner.id);
    expect(log.map((entry) => entry.action)).toEqual(["lift-suspension", "suspend-user"]);
  });

  it("is refused to non-administrators by the plugin, and never applies to an administrator", async () => {
    const user = await signUp("Plain User");
    const target = await signUp("Target User");
    await expect(
      auth.api.banUser({ headers: user.headers, body: { userId: target.id } }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const admin = await signUp("Other Admin", "second-admin@example.com".replace("second", "third"));
    await syncAdminRoles(testDb.db, [...config.auth.adminEmails, admin.email]);
    const [adminRow] = await testDb.db.selectFrom("user").select("id").where("email", "=", ADMIN).execute();
    await expect(
      suspendUser({ ...mailDeps, auth, headers: admin.headers }, asModerator(admin), adminRow!.id),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await syncAdminRoles(testDb.db, config.auth.adminEmails);
  });
});

describe("better-auth's admin endpoints over HTTP", () => {
  it("are closed to everyone, however the path is spelled", async () => {
    for (const pathname of [
      "/api/auth/admin/ban-user",
      "/api/auth/admin/set-role",
      "/api/auth/admin/impersonate-user",
      "/api/auth/admin/list-users",
      "/api/auth//admin/set-role",
      "/api/auth/%61dmin/set-role",
      "/api/auth/ADMIN/set-role",
    ]) {
      const answer = await checkAuthRequest(
        new Request(`http://localhost:3999${pathname}`, { method: "POST", body: "{}" }),
      );
      expect(answer instanceof Response ? answer.status : 200, pathname).toBe(404);
    }
    const open = await checkAuthRequest(new Request("http://localhost:3999/api/auth/get-session"));
    expect(open).toBeInstanceOf(Request);
  });
});

describe("report digest", () => {
  it("sends new reports to each administrator at most hourly, each report once", async () => {
    const owner = await signUp("Digest Owner");
    const reporter = await signUp("Digest Reporter");
    const listing = await createListing(testDb.db, owner.id, { name: "Flat <b>of</b> doubt" });
    const other = await createListing(testDb.db, owner.id, { name: "Second flat" });
    smtp.clear();
    // Sign-ups send verification mails after answering: only the digests count here.
    const digests = () => smtp.messages.filter((mail) => /new reports?$/.test(mail.subject));
    const now = Date.now() + 1000;
    const outbox = createMailOutbox({ db: testDb.db, transport: createMailer(config.mail) });
    const deps = { db: testDb.db, mailer: outbox, config };
    await reportListing(testDb.db, reporter, listing.id, { reason: "scam", details: "Wire transfer only" });
    const sent = await sendReportDigest(deps, now);
    expect(sent).toBeGreaterThanOrEqual(1);
    await outbox.drain();
    expect(
      digests()
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual(config.auth.adminEmails.toSorted());
    const mail = digests()[0]!;
    expect(mail.text).toContain("Flat <b>of</b> doubt: Scam (Wire transfer only)");
    expect(mail.html).toContain("Flat &lt;b&gt;of&lt;/b&gt; doubt");
    expect(mail.links).toContain("http://localhost:3999/admin");

    await reportListing(testDb.db, reporter, other.id, { reason: "other" });
    expect(await sendReportDigest(deps, now + 60_000)).toBe(0);
    expect(digests()).toHaveLength(2);
    expect(await sendReportDigest(deps, now + DIGEST_EVERY_MS)).toBe(1);
    await outbox.drain();
    expect(digests().at(-1)!.text).toContain("1 new report");
    expect(digests().at(-1)!.text).toContain("Second flat: Other");
    expect(await sendReportDigest(deps, now + 3 * DIGEST_EVERY_MS)).toBe(0);
    await outbox.stop();
  });
});

/** The e-mails `to` received so far, newest last (after the outbox has sent what is due). */
async function mailTo(to: string) {
  await outbox.drain();
  return smtp.messages.filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** The token of the newest confirmation link sent to `to`. */
async function confirmationToken(to: string) {
  const mail = (await mailTo(to)).findLast((message) => message.subject.startsWith("Confirm your report"));
  const link = mail?.links.find((url) => url.includes("/report/confirm?token="));
  expect(link, mail?.text).toBeTruthy();
  return new URL(link!).searchParams.get("token")!;
}

const visitorAddress = (name: string) => `${name.toLowerCase()}-${Math.random()}@example.net`;

describe("a visitor's report (no account)", () => {
  it("counts only once the e-mailed link is followed; the link works once and expires", async () => {
    const owner = await signUp("Vera Owner");
    const listing = await createListing(testDb.db, owner.id, { name: "Flat with a catch" });
    const email = visitorAddress("Vic");
    const openOnListing = async () =>
      (await findOpenReports(testDb.db)).filter((report) => report.listing.id === listing.id);

    for (const [input, field, message] of [
      [{ reason: "scam" }, "email", "Please enter your e-mail address"],
      [{ reason: "scam", email: "not-an-address" }, "email", "Please enter a valid e-mail address"],
      [{ reason: "nonsense", email }, "reason", "Please choose a reason"],
      [{ reason: "scam", email: owner.email.toUpperCase() }, "email", "You can not report your own listing"],
    ] as const) {
      await expect(requestReport(mailDeps, listing.id, input, "10.0.0.1")).rejects.toMatchObject({
        fieldErrors: { [field]: message },
      });
    }
    await expect(
      requestReport(mailDeps, "no-such-listing", { reason: "scam", email }, "10.0.0.1"),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(
      await testDb.db.selectFrom("reportRequest").select("id").where("email", "=", email).execute(),
    ).toEqual([]);

    const sent = await requestReport(
      mailDeps,
      listing.id,
      { reason: "scam", details: "Wants a deposit first", email: `  ${email.toUpperCase()} ` },
      "10.0.0.1",
    );
    expect(sent.email).toBe(email);
    expect(await openOnListing()).toEqual([]);
    const token = await confirmationToken(email);
    const mail = (await mailTo(email)).at(-1)!;
    expect(mail.text).toContain('reported the listing "Flat with a catch"');
    expect(mail.html).toContain("Confirm my report");

    const reportId = await confirmReport(testDb.db, token);
    expect(await openOnListing()).toEqual([
      expect.objectContaining({
        id: reportId,
        reason: "scam",
        details: "Wants a deposit first",
        reporterName: null,
        reporterEmail: email,
      }),
    ]);
    await expect(confirmReport(testDb.db, token)).rejects.toMatchObject({
      message: "This link has expired or was already used. Please report the listing again.",
    });
    // The same address again while its report is open: confirmed, it adds nothing.
    await requestReport(mailDeps, listing.id, { reason: "other", email }, "10.0.0.1");
    expect(await confirmReport(testDb.db, await confirmationToken(email))).toBe(reportId);
    expect(await openOnListing()).toHaveLength(1);

    // A link followed too late counts nothing.
    const late = visitorAddress("Lou");
    await requestReport(mailDeps, listing.id, { reason: "offensive", email: late }, "10.0.0.1");
    const lateToken = await confirmationToken(late);
    await expect(
      confirmReport(testDb.db, lateToken, Date.now() + 49 * 60 * 60 * 1000),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(confirmReport(testDb.db, "made-up-token")).rejects.toBeInstanceOf(NotFoundError);
    expect(await openOnListing()).toHaveLength(1);
  });

  it("holds the daily limit per address and per client, and a refusal spends nothing", async () => {
    const owner = await signUp("Lima Owner");
    const listing = await createListing(testDb.db, owner.id);
    const limit = { name: "report-test", max: 2, windowSeconds: 86_400, message: "Too many reports." };
    const [first, second, third] = [visitorAddress("a"), visitorAddress("b"), visitorAddress("c")];
    const ask = (email: string, client: string) =>
      requestReport(mailDeps, listing.id, { reason: "scam", email }, client, limit);
    await ask(first, "192.0.2.1");
    await ask(first, "192.0.2.2");
    // The address has used its two, from whichever client.
    await expect(ask(first, "192.0.2.3")).rejects.toMatchObject({
      status: 429,
      message: "Too many reports.",
    });
    await ask(second, "192.0.2.1");
    // The client 192.0.2.1 has used its two, whichever the address.
    await expect(ask(third, "192.0.2.1")).rejects.toMatchObject({ status: 429 });
    // That refusal spent nothing of the third address's.
    await ask(third, "192.0.2.4");
    await ask(third, "192.0.2.5");
    const requests = await testDb.db
      .selectFrom("reportRequest")
      .select("email")
      .where("listingId", "=", listing.id)
      .execute();
    expect(requests.map((row) => row.email).sort()).toEqual([first, first, second, third, third].sort());
  });
});

describe("decisions: a reason for the owner, the reporters told, one review per decision", () => {
  it("hides with a reason and a text, tells the owner and every reporter, takes one review request", async () => {
    const admin = await signUp("Dee Cision");
    const owner = await signUp("Otto Owner");
    const reporter = await signUp("Rina Reporter");
    const outsider = await signUp("Oscar Outsider");
    const listing = await createListing(testDb.db, owner.id, { name: "Flat <i>nowhere</i>" });
    await reportListing(testDb.db, reporter, listing.id, { reason: "scam" });
    const visitor = visitorAddress("Val");
    await requestReport(mailDeps, listing.id, { reason: "scam", email: visitor }, "10.1.1.1");
    await confirmReport(testDb.db, await confirmationToken(visitor));

    for (const [input, field] of [
      [{ note: "Fake photos" }, "reason"],
      [{ reason: "nonsense", note: "Fake photos" }, "reason"],
      [{ reason: "scam" }, "note"],
      [{ reason: "scam", note: "   " }, "note"],
      [{ reason: "scam", note: "x".repeat(1001) }, "note"],
      [{ reason: "scam", note: "a\u0007b" }, "note"],
    ] as const) {
      await expect(hideListing(mailDeps, asModerator(admin), listing.id, input)).rejects.toMatchObject({
        fieldErrors: { [field]: expect.any(String) },
      });
    }
    expect(await isListingVisible(testDb.db, listing.id)).toBe(true);

    const note = "The photos are of another flat.\nPlease use your own.";
    const decisionId = await hideListing(mailDeps, asModerator(admin), listing.id, { reason: "scam", note });
    expect(await isListingVisible(testDb.db, listing.id)).toBe(false);
    await expect(
      hideListing(mailDeps, asModerator(admin), listing.id, { reason: "other", note: "Again" }),
    ).rejects.toMatchObject({ message: "This listing is already hidden" });
    expect((await findCurrentDecisions(testDb.db, [listing.id])).get(listing.id)).toMatchObject({
      id: decisionId,
      reason: "scam",
      note,
      reviewRequestedAt: null,
    });

    const ownerMail = (await mailTo(owner.email)).find((mail) => mail.subject.includes("was hidden"))!;
    expect(ownerMail.subject).toBe('Your listing "Flat <i>nowhere</i>" was hidden');
    expect(ownerMail.text).toContain("Reason: Scam");
    expect(ownerMail.text).toContain(note);
    expect(ownerMail.html).toContain("Flat &lt;i&gt;nowhere&lt;/i&gt;");
    expect(ownerMail.links).toContain(`http://localhost:3999/review/${decisionId}`);
    for (const to of [reporter.email, visitor]) {
      const outcome = (await mailTo(to)).find((mail) => mail.subject.startsWith("Your report"));
      expect(outcome?.text, to).toContain("They hid the listing");
    }
    // The visitor's address was kept for that e-mail only.
    const reports = await testDb.db
      .selectFrom("report")
      .select(["reporterEmail", "status"])
      .where("listingId", "=", listing.id)
      .execute();
    expect(reports).toEqual([
      { reporterEmail: null, status: "actioned" },
      { reporterEmail: null, status: "actioned" },
    ]);

    // The review: the owner's only, once per decision.
    await expect(requestReview(testDb.db, outsider, decisionId, {})).rejects.toBeInstanceOf(NotFoundError);
    await expect(requestReview(testDb.db, owner, decisionId, { message: "a\u0000b" })).rejects.toBeInstanceOf(
      InvalidError,
    );
    await requestReview(testDb.db, owner, decisionId, { message: "I replaced the photos." });
    await expect(requestReview(testDb.db, owner, decisionId, {})).rejects.toMatchObject({
      message: "You have already asked for a review of this decision",
    });
    const waiting = (await findReviewRequests(testDb.db)).filter((review) => review.listingId === listing.id);
    expect(waiting).toEqual([
      expect.objectContaining({
        id: decisionId,
        reviewMessage: "I replaced the photos.",
        ownerName: "Otto Owner",
      }),
    ]);

    // Kept hidden: the request leaves /admin, and the same decision takes no second one.
    await keepHidden(testDb.db, asModerator(admin), decisionId);
    await expect(keepHidden(testDb.db, asModerator(admin), decisionId)).rejects.toBeInstanceOf(NotFoundError);
    expect((await findReviewRequests(testDb.db)).map((review) => review.id)).not.toContain(decisionId);
    await expect(requestReview(testDb.db, owner, decisionId, {})).rejects.toBeInstanceOf(InvalidError);
    expect((await findAuditLog(testDb.db))[0]).toMatchObject({
      action: "close-review",
      listingId: listing.id,
    });

    // Restored, then hidden again: a new decision, and a new review request may reach /admin.
    await restoreListing(testDb.db, asModerator(admin), listing.id);
    const second = await hideListing(mailDeps, asModerator(admin), listing.id, {
      reason: "duplicate",
      note: "Listed twice.",
    });
    expect(second).not.toBe(decisionId);
    await requestReview(testDb.db, owner, second, {});
    expect(
      (await findReviewRequests(testDb.db)).filter((review) => review.listingId === listing.id),
    ).toHaveLength(1);
    // Restoring answers the waiting review; the old decision no longer applies.
    await restoreListing(testDb.db, asModerator(admin), listing.id);
    expect((await findReviewRequests(testDb.db)).map((review) => review.id)).not.toContain(second);
  });

  it("tells the reporter when the listing stays (the report dismissed)", async () => {
    const admin = await signUp("Kay Keeper");
    const owner = await signUp("Kim Owner");
    const listing = await createListing(testDb.db, owner.id, { name: "Honest flat" });
    const visitor = visitorAddress("Kit");
    await requestReport(mailDeps, listing.id, { reason: "other", email: visitor }, "10.2.2.2");
    const reportId = await confirmReport(testDb.db, await confirmationToken(visitor));
    await dismissReport(mailDeps, asModerator(admin), reportId);
    const outcome = (await mailTo(visitor)).find((mail) => mail.subject.startsWith("Your report"));
    expect(outcome?.text).toContain('Thank you for reporting "Honest flat"');
    expect(outcome?.text).toContain("the listing stays");
    expect(await isListingVisible(testDb.db, listing.id)).toBe(true);
  });
});
