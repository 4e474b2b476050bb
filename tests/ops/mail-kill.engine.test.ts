import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import { insertTestListing, openAppData, userIdByEmail } from "#tests/support/app-data.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { postForm } from "#tests/support/http.ts";
import { createTestDatabase, postgresUrlFromEnv, type TestDatabase } from "#tests/support/pg.ts";
import { type SmtpPeer, startSmtpServer } from "#tests/support/smtp-server.ts";
import { OPS_ENV, SKIP_REASON, waitFor } from "./ops-support.ts";

// Enquiries whose process dies between the commit and the e-mail: the production server takes enquiries
// through the site while the mail server holds every connection before its greeting (so nothing is
// delivered), is killed with SIGKILL once they have all committed, and is started again on the same data.
// Every committed enquiry's e-mail then arrives at the loopback SMTP peer, exactly once.
// SQLite by default; PostgreSQL when DATABASE_URL names one.

const ENQUIRIES = 6;

let dataDir: string;
let database: TestDatabase | undefined;
let smtp: SmtpPeer;
let server: AppServer | undefined;
/** Open: the peer greets at once; closed: each connection waits before the greeting. */
const gate = Promise.withResolvers<void>();

beforeAll(async () => {
  if (SKIP_REASON) return;
  dataDir = await mkdtemp(path.join(tmpdir(), "homestead-mail-kill-"));
  if (postgresUrlFromEnv()) database = await createTestDatabase("homestead_mail_kill");
  smtp = await startSmtpServer({ beforeGreeting: () => gate.promise });
});
afterAll(async () => {
  gate.resolve();
  await server?.stop("SIGKILL");
  await smtp?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(SKIP_REASON)("mail through SIGKILL", () => {
  it("sends every committed enquiry's e-mail once after a kill between commit and send", async () => {
    const env = {
      ...OPS_ENV,
      SMTP_URL: smtp.url,
      CONTACT_MODE: "relay",
      DATABASE_URL: database?.url,
    };
    server = await startAppServer({ env, dataDir });
    const owner = newAccount("Olive Owner");
    await postSignUp(server.url, owner);
    const enquirers = [];
    for (let i = 0; i < ENQUIRIES; i += 1) {
      const account = newAccount(`Enquirer ${i}`);
      enquirers.push({ account, cookie: await postSignUp(server.url, account) });
    }
    const data = await openAppData(server.env);
    try {
      const ownerId = await userIdByEmail(data.db, owner.email);
      const listing = await insertTestListing(data, ownerId, { name: "Canal house", photos: 0 });
      // The answers may never come (the mail server holds the sender): the commits are what counts.
      const pending = enquirers.map(({ account, cookie }) =>
        postForm(
          `${server!.url}/contact/${ownerId}`,
          { listingId: listing.id!, message: `Is it free? (${account.name})` },
          { cookie, headers: { origin: server!.url } },
        ).catch(() => undefined),
      );
      const committed = () =>
        data.db
          .selectFrom("message")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow();
      await waitFor("every enquiry to commit", async () => Number((await committed()).count) === ENQUIRIES, {
        timeoutMs: 20_000,
        detail: () => server?.output() ?? "",
      });
      await server.stop("SIGKILL");
      await Promise.all(pending);
      expect(smtp.messages).toEqual([]);

      // Started again on the same data, with the mail server answering.
      gate.resolve();
      server = await startAppServer({ env, dataDir });
      const toOwner = () =>
        smtp.messages.filter(
          (mail) => mail.to.includes(owner.email.toLowerCase()) && mail.subject.includes("Canal house"),
        );
      await waitFor("every enquiry's e-mail", async () => toOwner().length >= ENQUIRIES, {
        timeoutMs: 45_000,
        detail: () => server?.output() ?? "",
      });
      // Nothing is left to send, and a few more passes of the job send nothing again.
      const unsent = () =>
        data.db
          .selectFrom("mailOutbox")
          .select("id")
          .where("sentAt", "is", null)
          .execute()
          .then((rows) => rows.length);
      await waitFor("an empty outbox", async () => (await unsent()) === 0, { timeoutMs: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const bodies = toOwner()
        .map((mail) => mail.text.match(/Enquirer \d+/)?.[0])
        .sort();
      expect(bodies).toEqual(enquirers.map(({ account }) => account.name).sort());
    } finally {
      await data.close();
    }
  }, 120_000);
});
