import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { logger } from "#app/logger.server.ts";
import { createJobRunner } from "#app/modules/jobs/jobs.server.ts";
import { drainMailOutbox, MAIL_CLAIM_MS } from "#app/modules/mail/mail.outbox.server.ts";
import { saveSearch } from "#app/modules/saved/saved-search.service.server.ts";
import { alertsJob, PUBLIC_URL, smtpTransport } from "#tests/ops/support/alerts-job.ts";
import { seededRandom } from "#tests/ops/support/crash-workload.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { type ReceivedMail, type SmtpPeer, startSmtpServer } from "#tests/support/smtp-server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";

// Search alerts through SIGKILL, with two job runners and one alert per search. A child process
// runs the job "search-alerts" as the app registers it (the sweep, then the alerts queued in the mail outbox,
// whose drain sends them over SMTP to the loopback peer) and is killed while the peer holds it: either on a
// message the peer has kept but not yet answered "250 OK" to (in flight), or on a connection it has not yet
// greeted (between two messages). Then a runner in this process finds the job still leased, a bare drain before
// the outbox claim runs out sends every queued alert but the held one, and the runner takes the job once lease
// and claims have run out. Every alert arrives, showing its homes; a message in flight at the kill arrives
// exactly twice (the peer kept it, the sender never heard so: the one window mail.outbox.server.ts documents);
// no other message arrives twice; every delivery ends sent.
// Kill points are drawn from a printed seed. SQLite by default; PostgreSQL when DATABASE_URL names one.

/** More than one of the sender's claims (20 deliveries each): the kills land in both. */
const SEARCHES = 30;
const ROUNDS = 3;
const DAY = 24 * 60 * 60 * 1000;

const seed = Number(process.env.ALERTS_KILL_SEED ?? randomInt(2 ** 31));
const random = seededRandom(seed);

type Stage = "greeting" | "answer";
/** The connection or message the peer holds back (the `nth` at that stage), and the kill's signals. */
type Hold = {
  stage: Stage;
  nth: number;
  seen: number;
  held: PromiseWithResolvers<ReceivedMail | undefined>;
  release: PromiseWithResolvers<void>;
};
let hold: Hold | undefined;

async function pause(stage: Stage, mail?: ReceivedMail) {
  if (hold?.stage !== stage) return;
  hold.seen += 1;
  if (hold.seen !== hold.nth) return;
  hold.held.resolve(mail);
  await hold.release.promise;
}

let test: TestDb;
let smtp: SmtpPeer;
beforeAll(async () => {
  logger.level = "warn"; // not each run's "search alerts" line
  console.log(`alerts kill test: seed ${seed} (ALERTS_KILL_SEED=${seed} draws the same kill points)`);
  [test, smtp] = await Promise.all([
    createTestDb(),
    startSmtpServer({
      beforeGreeting: () => pause("greeting"),
      beforeAnswer: (mail) => pause("answer", mail),
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([test?.destroy(), smtp?.stop()]);
});

type World = {
  /** The killed runner's clock. */
  now: number;
  /** Each searcher's address → their user id and the ids of the homes their alert must show. */
  searchers: Map<string, { userId: string; homes: string[] }>;
};

/** Fresh searches (half for homes to rent, half to buy) and the homes published since they were saved. */
async function seedWorld(round: number): Promise<World> {
  const now = Date.UTC(2040, 0, 1) + round * DAY;
  await test.db.deleteFrom("alertDelivery").execute();
  await test.db.deleteFrom("savedSearch").execute();
  await test.db.deleteFrom("jobLease").execute();
  await test.db.deleteFrom("mailOutbox").execute();
  const owner = await createUser(test.db);
  // Published before the searches were saved: in no alert.
  await createListing(test.db, owner.id, { type: "rent", timestamp: now - 5 * 60_000 });
  const homes = { rent: [] as string[], sale: [] as string[] };
  for (let i = 0; i < 5; i++) {
    const type = i < 3 ? "rent" : "sale";
    const listing = await createListing(test.db, owner.id, { type, timestamp: now - 60_000 + i * 1000 });
    homes[type].push(listing.id);
  }
  const searchers: World["searchers"] = new Map();
  for (let i = 0; i < SEARCHES; i++) {
    const type = i % 2 ? "sale" : "rent";
    const user = await createUser(test.db);
    await saveSearch(test.db, user.id, `type=${type}`, now - 2 * 60_000);
    searchers.set(user.email.toLowerCase(), { userId: user.id, homes: homes[type].toSorted() });
  }
  return { now, searchers };
}

/**
 * Starts the child on `world` and SIGKILLs it once the peer holds the connection or the message after the
 * `answered` first ones; returns the held message (none for a connection) and the child's pid.
 */
async function killWhileHeld(world: World, stage: Stage, answered: number) {
  hold = {
    stage,
    nth: answered + 1,
    seen: 0,
    held: Promise.withResolvers(),
    release: Promise.withResolvers(),
  };
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ["tests/ops/support/alerts-child.ts", test.url.replace(/^file:/, ""), smtp.url, String(world.now)],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const mail = await Promise.race([
      hold.held.promise,
      exited.then((code) => {
        throw new Error(`the child exited (${code}) before the peer held its ${stage} ${answered + 1}`);
      }),
    ]);
    const ms = Date.now() - started;
    child.kill("SIGKILL");
    await exited;
    return { mail, pid: child.pid, ms };
  } finally {
    child.kill("SIGKILL");
    hold.release.resolve();
    hold = undefined;
  }
}

/** The listing ids an alert links to, sorted. */
function linkedHomes(mail: ReceivedMail) {
  return mail.links
    .filter((link) => link.startsWith(`${PUBLIC_URL}/category/`))
    .map((link) => link.split("/").at(-1))
    .toSorted();
}

for (let round = 1; round <= ROUNDS; round++) {
  // Kills 1 and 3 with a message in flight, 2 between two messages; one kill in each third of the sending:
  // the first may come before any answer, the last is in the second claim.
  const stage: Stage = round === 2 ? "greeting" : "answer";
  const what = stage === "answer" ? "a message in flight" : "between two messages";
  const twiceNote = stage === "answer" ? ", but the one in flight twice" : "";
  it(`kill ${round}, ${what}: every alert arrives once${twiceNote}`, async () => {
    const answered = Math.floor(((round - 1 + random()) * SEARCHES) / ROUNDS);
    const world = await seedWorld(round);
    smtp.clear();
    const killed = await killWhileHeld(world, stage, answered);
    const inFlight = stage === "answer" ? 1 : 0;
    expect(smtp.messages).toHaveLength(answered + inFlight);
    const twice = killed.mail?.to.join(",");

    // At the kill: the sweep had written every alert once; the alerts the child had sent on are in the mail
    // outbox, each in the transaction that marked its delivery sent; each message answered is marked sent
    // there; the one in flight (or whose connection is held) is claimed, not sent; the job is leased to the
    // dead child.
    const rows = await test.db
      .selectFrom("alertDelivery")
      .select(["userId", "savedSearchId", "sentAt", "claimedUntil"])
      .execute();
    expect(rows).toHaveLength(SEARCHES);
    const queued = rows.filter((row) => row.sentAt !== null);
    const outbox = await test.db.selectFrom("mailOutbox").selectAll().execute();
    expect(outbox).toHaveLength(queued.length);
    expect(outbox.filter((row) => row.sentAt !== null)).toHaveLength(answered);
    const held = outbox.filter((row) => row.sentAt === null && row.claimedUntil > Date.now());
    expect(held).toHaveLength(1);
    if (twice) expect(held[0]?.recipient.toLowerCase()).toBe(twice);
    const lease = await test.db
      .selectFrom("jobLease")
      .selectAll()
      .where("name", "=", "search-alerts")
      .executeTakeFirstOrThrow();
    expect(lease.holder).toMatch(new RegExp(`:${killed.pid}:`));
    const expiry = Math.max(lease.leaseUntil, ...rows.map((row) => row.claimedUntil));

    // The second runner: the job is not its to run while the dead child's lease holds.
    let clock = world.now + 1;
    const runner = createJobRunner({ db: test.db, now: () => clock });
    runner.register(alertsJob(test.db, smtp.url));
    const transport = smtpTransport(smtp.url);
    let early = 0;
    try {
      expect(await runner.runNow("search-alerts")).toBe(false);
      // A drain before the outbox claim runs out sends every queued alert but the one the child held.
      early = await drainMailOutbox({ db: test.db, transport });
      expect(early).toBe(queued.length - answered - 1);
      expect(smtp.messages).toHaveLength(answered + inFlight + early);
      // Once it has run out, the held one goes (again, when it was in flight).
      expect(await drainMailOutbox({ db: test.db, transport, now: () => Date.now() + MAIL_CLAIM_MS })).toBe(
        1,
      );
      clock = expiry;
      expect(await runner.runNow("search-alerts")).toBe(true);
      expect(smtp.messages).toHaveLength(SEARCHES + inFlight);
      // Nothing is left to send later.
      clock = expiry + 10 * 60_000;
      expect(await runner.runNow("search-alerts")).toBe(true);
      expect(smtp.messages).toHaveLength(SEARCHES + inFlight);
    } finally {
      await runner.stop();
    }

    // Every searcher got their alert, showing exactly their new homes; only the one in flight came twice.
    const received = Map.groupBy(smtp.messages, (mail) => mail.to.join(","));
    expect([...received.keys()].toSorted()).toEqual([...world.searchers.keys()].toSorted());
    for (const [address, { homes }] of world.searchers) {
      const mails = received.get(address) ?? [];
      expect(mails, address).toHaveLength(address === twice ? 2 : 1);
      for (const mail of mails) expect(linkedHomes(mail), address).toEqual(homes);
    }
    if (twice) {
      const [first, again] = received.get(twice) ?? [];
      expect(again?.subject).toBe(first?.subject);
      expect(again?.text).toBe(first?.text);
    }
    const after = await test.db.selectFrom("alertDelivery").select(["savedSearchId", "sentAt"]).execute();
    expect(after).toHaveLength(SEARCHES);
    expect(new Set(after.map((row) => row.savedSearchId)).size).toBe(SEARCHES);
    expect(after.every((row) => row.sentAt !== null)).toBe(true);
    console.log(
      `alerts kill test (${test.kind}): kill ${round}: SIGKILL ${killed.ms} ms after start, ` +
        `${stage === "answer" ? "message" : "connection"} ${answered + 1} of ${SEARCHES} held ` +
        `(${answered} answered and marked); ${queued.length} alerts queued by the dead child: ${early} sent ` +
        `before its claim ran out, 1 after, ${SEARCHES - queued.length} by the job after; ` +
        `${smtp.messages.length} received, ${inFlight} twice`,
    );
  });
}
