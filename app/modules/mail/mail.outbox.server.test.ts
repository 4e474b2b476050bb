import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { pauseSavedSearchesOfAddress } from "#app/modules/saved/alerts.repo.server.ts";
import { findSavedSearches, insertSavedSearch } from "#app/modules/saved/saved-search.repo.server.ts";
import { createMailer, type Mailer, type MailMessage } from "#app/providers/mail/mail.server.ts";
import { createUser } from "#tests/support/factories.ts";
import { type SmtpPeer, startSmtpServer } from "#tests/support/smtp-server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  createMailOutbox,
  drainMailOutbox,
  MAIL_KEEP_SENT_MS,
  MAIL_MAX_ATTEMPTS,
  mailRetryDelayMs,
} from "./mail.outbox.server.ts";
import { countQueuedMail, queueMail } from "./mail.repo.server.ts";

// The outbox on a real database (SQLite by default, PostgreSQL with DATABASE_URL) and a loopback SMTP peer.

const smtpMailer = (url: string) =>
  createMailer({ smtpUrl: url, from: "Homestead <no-reply@homes.test>", outboxDir: "", logText: false });

const message = (to: string, subject = "Hello"): MailMessage => ({
  to,
  subject,
  text: `Text for ${to}`,
  html: `<p>Text for ${to}</p>`,
  headers: { "List-Unsubscribe": "<https://homes.test/u>" },
});

let test: TestDb;
let smtp: SmtpPeer;
beforeAll(async () => {
  logger.level = "silent";
  [test, smtp] = await Promise.all([
    createTestDb(),
    startSmtpServer({ refuseRecipient: (address) => address.startsWith("gone") }),
  ]);
});
afterAll(async () => {
  await smtp?.stop();
  await test?.destroy();
});
beforeEach(async () => {
  smtp.clear();
  await test.db.deleteFrom("mailOutbox").execute();
});

const received = (to: string) => smtp.messages.filter((mail) => mail.to.includes(to));

describe("mail outbox", () => {
  it("queues a message in the write's transaction: a rolled-back write sends nothing", async () => {
    const outbox = createMailOutbox({ db: test.db, transport: smtpMailer(smtp.url) });
    await expect(
      test.db.transaction().execute(async (trx) => {
        await queueMail(trx, message("rolled@homes.test"));
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await test.db.transaction().execute(async (trx) => {
      await queueMail(trx, message("kept@homes.test"));
    });
    expect(await countQueuedMail(test.db)).toBe(1);
    expect(await outbox.drain()).toBe(1);
    expect(received("rolled@homes.test")).toHaveLength(0);
    const [mail] = received("kept@homes.test");
    expect(mail?.subject).toBe("Hello");
    expect(mail?.text).toContain("Text for kept@homes.test");
    expect(mail?.headers["list-unsubscribe"]).toBe("<https://homes.test/u>");
    expect(await countQueuedMail(test.db)).toBe(0);
    await outbox.stop();
  });

  it("send() queues and wakes the drain at once; the job deletes rows sent over a week ago", async () => {
    let t = Date.now();
    const outbox = createMailOutbox({ db: test.db, transport: smtpMailer(smtp.url), now: () => t });
    await outbox.send(message("kicked@homes.test"));
    await outbox.drain();
    expect(received("kicked@homes.test")).toHaveLength(1);
    t += MAIL_KEEP_SENT_MS + 1;
    await outbox.job.run({ now: () => t, signal: new AbortController().signal });
    expect(await test.db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
    await outbox.stop();
  });

  it("sends each row once with two drains on two connections to the same database", async () => {
    const second: Db =
      test.kind === "postgres"
        ? createDb({ kind: "postgres", url: test.url })
        : createDb({ kind: "sqlite", file: test.url.replace(/^file:/, "") });
    try {
      const recipients = Array.from({ length: 40 }, (_, i) => `twice-${i}@homes.test`);
      for (const to of recipients) await queueMail(test.db, message(to));
      const transport = smtpMailer(smtp.url);
      const [a, b] = await Promise.all([
        drainMailOutbox({ db: test.db, transport }),
        drainMailOutbox({ db: second, transport }),
      ]);
      expect(a + b).toBe(recipients.length);
      for (const to of recipients) expect(received(to), to).toHaveLength(1);
      expect(smtp.messages).toHaveLength(recipients.length);
    } finally {
      await second.destroy();
    }
  });

  it("retries a refused message with backoff, and gives up after the last attempt keeping the row", async () => {
    let t = Date.now();
    const now = () => t;
    let refusing = true;
    const smtpTransport = smtpMailer(smtp.url);
    const transport: Mailer = {
      async send(mail) {
        if (refusing) throw new Error("550 mailbox unavailable");
        await smtpTransport.send(mail);
      },
    };
    await queueMail(test.db, message("retry@homes.test"), t);
    expect(await drainMailOutbox({ db: test.db, transport, now })).toBe(0);
    const row = await test.db.selectFrom("mailOutbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, claimedUntil: 0 });
    expect(row.lastError).toContain("550 mailbox unavailable");
    expect(row.nextAttemptAt).toBe(t + mailRetryDelayMs(1));

    // Not before its time, even when the mail server is back.
    refusing = false;
    t += mailRetryDelayMs(1) - 1;
    expect(await drainMailOutbox({ db: test.db, transport, now })).toBe(0);
    t += 1;
    expect(await drainMailOutbox({ db: test.db, transport, now })).toBe(1);
    expect(await drainMailOutbox({ db: test.db, transport, now })).toBe(0);
    expect(received("retry@homes.test")).toHaveLength(1);

    // A message the server keeps refusing is given up on after MAIL_MAX_ATTEMPTS, and kept.
    refusing = true;
    await queueMail(test.db, message("bounce@homes.test"), t);
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS + 2; attempt += 1) {
      await drainMailOutbox({ db: test.db, transport, now });
      t += mailRetryDelayMs(attempt);
    }
    const bounced = await test.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("recipient", "=", "bounce@homes.test")
      .executeTakeFirstOrThrow();
    expect(bounced.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(bounced.failedAt).not.toBeNull();
    expect(bounced.sentAt).toBeNull();
    expect(await countQueuedMail(test.db)).toBe(0);
  });

  it("gives up a message to an address the mail server bounces at once, and pauses that owner's alerts only", async () => {
    const t = Date.now();
    const gone = await createUser(test.db, { email: "gone@homes.test" });
    const kept = await createUser(test.db, { email: "kept-alerts@homes.test" });
    await insertSavedSearch(test.db, gone.id, "type=rent", t);
    await insertSavedSearch(test.db, gone.id, "type=sale", t);
    await insertSavedSearch(test.db, kept.id, "type=rent", t);
    const bounced: string[] = [];
    await queueMail(test.db, message("gone@homes.test"), t);
    await queueMail(test.db, message("kept-alerts@homes.test"), t);

    const sent = await drainMailOutbox({
      db: test.db,
      transport: smtpMailer(smtp.url),
      now: () => t,
      onUndeliverable: async (address) => {
        bounced.push(address);
        await pauseSavedSearchesOfAddress(test.db, address, t);
      },
    });

    expect(sent).toBe(1);
    expect(bounced).toEqual(["gone@homes.test"]);
    const row = await test.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("recipient", "=", "gone@homes.test")
      .executeTakeFirstOrThrow();
    // No retry: the address itself was refused, not the server's state.
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row.failedAt).toBe(t);
    expect(row.lastError).toContain("mailbox unavailable");
    expect((await findSavedSearches(test.db, gone.id)).map((search) => search.paused)).toEqual([true, true]);
    expect((await findSavedSearches(test.db, kept.id)).map((search) => search.paused)).toEqual([false]);
    expect(received("kept-alerts@homes.test")).toHaveLength(1);
  });

  it("leaves a row claimed by a killed sender until its claim runs out, then sends it once", async () => {
    let t = Date.now();
    const now = () => t;
    await queueMail(test.db, message("claimed@homes.test"), t);
    // A sender that claimed the row and died: its claim stands for a while.
    await test.db
      .updateTable("mailOutbox")
      .set({ claimToken: "dead", claimedUntil: t + 15_000 })
      .execute();
    const transport = smtpMailer(smtp.url);
    expect(await drainMailOutbox({ db: test.db, transport, now })).toBe(0);
    t += 15_000;
    expect(await drainMailOutbox({ db: test.db, transport, now })).toBe(1);
    expect(received("claimed@homes.test")).toHaveLength(1);
  });
});
