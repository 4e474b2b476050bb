import { createHash } from "node:crypto";
import { isbot } from "isbot";
import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { addViews, findOrCreateViewSalt } from "./stats.repo.server.ts";
import { dayOf, startOfDay } from "./stats.rules.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

// Listing views without a cookie or anything personal kept (decision 063). A view is remembered for its day as
// a hash of (the day's random salt, client address, user agent, listing); the salt is shared by every instance
// through the database and deleted, with the day's hashes, once the day is over (the "listing-stats" job).
// Counting is on the path of every listing page, cached ones included, so it only looks at two headers and
// adds to a bounded buffer in memory; the buffer goes to the database in one transaction every second or two.
// A process that dies loses its last second of views: they are statistics, not records.

/** Reads one request header (a Fetch `Headers` or Node's headers object, behind one shape). */
export type HeaderOf = (name: string) => string | null | undefined;

export type ViewCounter = {
  /** Counts a view of `listingId` by the request's browser, unless a bot or a prefetch asked. Never waits. */
  count(listingId: string, header: HeaderOf): void;
  /** Counts a page answered from the page cache: a view when `path` is a listing page or its data. */
  countCachedPage(path: string, header: HeaderOf): void;
  /** Writes what is buffered now; resolves to the number of views that counted (not seen before that day). */
  flush(): Promise<number>;
  /** Flushes every `flushMs` from now on. */
  start(): void;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
};

type Options = {
  db: Db;
  now?: () => number;
  /** How often the buffer is written (default 2 s): the most a lister waits to see a view. */
  flushMs?: number;
  /** Views kept in memory between writes; past it the buffer is written at once and views wait for no one. */
  maxBuffered?: number;
};

// A listing's page (`/category/rent/<id>`) or its data on a client-side navigation (`.data`).
const LISTING_PAGE = /^\/category\/[^/]+\/([^/.]+)(?:\.data)?$/;

// isbot's verdict per user agent: a site sees the same few hundred agents again and again.
const botVerdicts = new Map<string, boolean>();
const MAX_VERDICTS = 1_000;

function isBotAgent(agent: string) {
  let verdict = botVerdicts.get(agent);
  if (verdict === undefined) {
    verdict = isbot(agent);
    if (botVerdicts.size >= MAX_VERDICTS) botVerdicts.clear();
    botVerdicts.set(agent, verdict);
  }
  return verdict;
}

/** Whether the request is a person's browser showing the page: a user agent that is no bot's, no prefetch. */
export function isCountedView(header: HeaderOf) {
  const agent = header("user-agent");
  if (!agent || isBotAgent(agent)) return false;
  const purpose = `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""}`;
  return !/prefetch|prerender/i.test(purpose);
}

/** The listing whose page `path` is, or null. */
export function listingIdOfPage(path: string) {
  return LISTING_PAGE.exec(path)?.[1] ?? null;
}

export function createViewCounter({
  db,
  now = Date.now,
  flushMs = 2_000,
  maxBuffered = 10_000,
}: Options): ViewCounter {
  // Views waiting to be written, each once: the same browser's repeated views within one flush are one entry.
  let buffer = new Map<string, { day: string; listingId: string; address: string; agent: string }>();
  const salts = new Map<string, Promise<string>>();
  let writing: Promise<number> = Promise.resolve(0);
  let batchesWaiting = 0;
  let timer: NodeJS.Timeout | undefined;
  let day = "";
  let dayEndsAt = 0;

  function saltOf(day: string) {
    let salt = salts.get(day);
    if (!salt) {
      salt = findOrCreateViewSalt(db, day);
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
      // Only today's (and, just past midnight, yesterday's) salt is asked for.
      if (salts.size > 2) salts.delete(salts.keys().next().value as string);
    }
    return salt;
  }

  async function write(batch: typeof buffer) {
    const byDay = new Map<string, { hash: string; listingId: string }[]>();
    for (const view of batch.values()) {
      const salt = await saltOf(view.day);
      const hash = createHash("sha256")
        .update(`${salt}\0${view.address}\0${view.agent}\0${view.listingId}`)
        .digest("base64url");
      const views = byDay.get(view.day) ?? [];
      views.push({ hash, listingId: view.listingId });
      byDay.set(view.day, views);
    }
    let counted = 0;
    for (const [day, views] of byDay) counted += await addViews(db, day, views);
    return counted;
  }

  function flush() {
    const batch = buffer;
    buffer = new Map();
    batchesWaiting += 1;
    writing = writing.then(async () => {
      try {
        return batch.size === 0 ? 0 : await write(batch);
      } catch (error) {
        logger.warn({ err: error, views: batch.size }, "listing views not counted");
        return 0;
      } finally {
        batchesWaiting -= 1;
      }
    });
    return writing;
  }

  function count(listingId: string, header: HeaderOf) {
    if (!isCountedView(header)) return;
    if (buffer.size >= maxBuffered) {
      // While the database is slow to take a batch, the views past one more full buffer are not counted.
      if (batchesWaiting > 0) return;
      void flush();
    }
    const at = now();
    // The day's string is worked out once a day, not per view.
    if (at >= dayEndsAt || at < dayEndsAt - DAY_MS) {
      day = dayOf(at);
      dayEndsAt = startOfDay(at) + DAY_MS;
    }
    const address = header(CLIENT_IP_HEADER) ?? "";
    const agent = header("user-agent") ?? "";
    buffer.set(`${day}\0${listingId}\0${address}\0${agent}`, { day, listingId, address, agent });
  }

  return {
    count,
    countCachedPage(path, header) {
      const listingId = listingIdOfPage(path);
      if (listingId) count(listingId, header);
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
