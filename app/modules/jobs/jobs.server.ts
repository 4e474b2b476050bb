import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";

/**
 * Background jobs: named periodic work that runs inside the app process, safe with several instances on one
 * database (decision 039).
 *
 * How it works: each job has a row in `jobLease`. A runner takes a job with one conditional UPDATE ("set
 * holder = me, leaseUntil = now + leaseMs where name = ? and leaseUntil <= now and nextRunAt <= now"), which is
 * atomic on SQLite (one writer) and on PostgreSQL (the row lock re-checks the condition), so at most one
 * instance runs a job at a time. While it runs, the runner extends the lease every leaseMs / 3; when it ends it
 * clears the lease and sets the next due time. A process killed mid-run stops extending its lease: another
 * instance takes the job once the lease has expired (at most leaseMs later).
 *
 * For authors of a job (alerts, digests, freshness):
 * - Register it in the composition root, app/services.server.ts, before the runner starts:
 *     jobs.register({ name: "alerts", everyMs: 60_000, run: (ctx) => sendAlerts({ db, mailer }, ctx) });
 *   `name` is stable (it is the row's key); `everyMs` is the pause between the end of one run and the next;
 *   `leaseMs` (default 2 minutes) is how long a killed run keeps the job from others.
 * - `run(ctx)` gets `ctx.now()` (the runner's clock: use it rather than Date.now(), so tests can move time)
 *   and `ctx.signal` (aborted when the app stops: finish the item in hand and return).
 * - The lease makes a run exclusive, not exactly-once: a run killed halfway is run again from the start by
 *   the next holder. So a run works item by item and records each item's outcome in the database as it goes
 *   (e.g. set `sentAt` in the same statement that claims the item, or in a transaction with the item's
 *   change), so a rerun skips what is done and redoes only the item that was in flight.
 * - A run that throws is logged, kept in `jobLease.lastError`, and retried after min(everyMs, 1 minute).
 * - Tests: `createJobRunner({ db, now })` with a clock of their own, `register`, then `await runNow(name)`
 *   (runs it once here and now unless another runner holds it; returns whether it ran). Nothing ticks until
 *   `start()`.
 */

export type JobContext = {
  /** Epoch milliseconds by the runner's clock. */
  now: () => number;
  /** Aborted when the runner stops (the app shuts down). */
  signal: AbortSignal;
};

export type Job = {
  name: string;
  everyMs: number;
  leaseMs?: number;
  run: (ctx: JobContext) => Promise<unknown>;
};

export type JobRunner = {
  register(job: Job): void;
  /** Starts ticking: each registered job runs when due and free. */
  start(): void;
  /** Stops ticking, aborts running jobs' signals and waits for them to return. */
  stop(): Promise<void>;
  /** Runs `name` once now, due or not, unless another runner holds its lease. Resolves to whether it ran. */
  runNow(name: string): Promise<boolean>;
  /** This runner's holder id (host, process, random). */
  readonly holder: string;
};

type Options = {
  db: Db;
  now?: () => number;
  /** How often the runner looks for due jobs (default 5 s; a look is one cheap UPDATE per due job). */
  tickMs?: number;
  /** Wraps each run (the metrics' `runJob`: duration, success, failures). */
  observe?: <T>(job: string, work: () => Promise<T>) => Promise<T>;
};

const DEFAULT_LEASE_MS = 120_000;
const MAX_RETRY_MS = 60_000;

export function createJobRunner({
  db,
  now = Date.now,
  tickMs = 5_000,
  observe = (_job, work) => work(),
}: Options): JobRunner {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const jobs = new Map<string, Job>();
  /** When each job may next be due, as this runner last learnt it (0: ask the database). */
  const dueAt = new Map<string, number>();
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;

  async function ensureRow(name: string) {
    await db
      .insertInto("jobLease")
      .values({ name })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }

  async function claim(job: Job, force: boolean): Promise<boolean> {
    await ensureRow(job.name);
    const t = now();
    let update = db
      .updateTable("jobLease")
      .set({ holder, leaseUntil: t + (job.leaseMs ?? DEFAULT_LEASE_MS), lastStartedAt: t })
      .where("name", "=", job.name)
      .where("leaseUntil", "<=", t);
    if (!force) update = update.where("nextRunAt", "<=", t);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return true;
    const row = await db
      .selectFrom("jobLease")
      .select(["leaseUntil", "nextRunAt"])
      .where("name", "=", job.name)
      .executeTakeFirst();
    dueAt.set(job.name, Math.max(row?.leaseUntil ?? 0, row?.nextRunAt ?? 0));
    return false;
  }

  async function execute(job: Job) {
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    const heartbeat = setInterval(
      () => {
        db.updateTable("jobLease")
          .set({ leaseUntil: now() + leaseMs })
          .where("name", "=", job.name)
          .where("holder", "=", holder)
          .execute()
          .catch((error: unknown) => logger.warn({ err: error, job: job.name }, "job lease not extended"));
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    let failure: unknown;
    try {
      await observe(job.name, () => job.run({ now, signal: stopping.signal }));
    } catch (error) {
      failure = error;
      logger.error({ err: error, job: job.name }, "job failed");
    } finally {
      clearInterval(heartbeat);
    }
    const t = now();
    const next = t + (failure ? Math.min(job.everyMs, MAX_RETRY_MS) : job.everyMs);
    await db
      .updateTable("jobLease")
      .set({
        holder: null,
        leaseUntil: 0,
        nextRunAt: next,
        lastFinishedAt: t,
        lastError: failure ? String((failure as Error)?.message ?? failure).slice(0, 2000) : null,
      })
      .where("name", "=", job.name)
      .where("holder", "=", holder)
      .execute();
    dueAt.set(job.name, next);
  }

  async function attempt(job: Job, force: boolean): Promise<boolean> {
    if (running.has(job.name)) return false;
    // Reserve the slot before the first await, so a tick and runNow never both claim for this runner.
    let release!: () => void;
    running.set(
      job.name,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    try {
      if (!(await claim(job, force))) return false;
      await execute(job);
      return true;
    } finally {
      running.delete(job.name);
      release();
    }
  }

  async function tick() {
    if (ticking) return;
    ticking = true;
    try {
      for (const job of jobs.values()) {
        if (stopping.signal.aborted) break;
        if ((dueAt.get(job.name) ?? 0) > now() || running.has(job.name)) continue;
        attempt(job, false).catch((error: unknown) =>
          logger.error({ err: error, job: job.name }, "job could not be claimed"),
        );
      }
    } finally {
      ticking = false;
    }
  }

  function schedule() {
    if (stopping.signal.aborted) return;
    // A little jitter, so instances started together do not all ask at the same moment.
    timer = setTimeout(
      () => {
        void tick().finally(schedule);
      },
      tickMs + Math.floor(Math.random() * (tickMs / 5)),
    );
    timer.unref();
  }

  return {
    holder,
    register(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`);
      jobs.set(job.name, job);
    },
    start() {
      if (!timer && !stopping.signal.aborted) schedule();
    },
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await Promise.allSettled([...running.values()]);
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      if (running.has(name)) await running.get(name);
      return attempt(job, true);
    },
  };
}
