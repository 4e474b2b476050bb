import { randomUUID } from "node:crypto";
import { InvalidError } from "#app/http/errors.ts";
import { fetchRemote, RemoteFetchError } from "#app/http/remote-fetch.server.ts";
import { logger } from "#app/logger.server.ts";
import { requireAgencyManager } from "#app/modules/agency/agency.service.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import type { Job, JobContext } from "#app/modules/jobs/jobs.server.ts";
import {
  countImportFeeds,
  deleteImportFeed,
  findAgencyOwnerUser,
  findDueImportFeeds,
  finishImportRun,
  IMPORT_FORMATS,
  type ImportFormat,
  insertImportFeed,
  insertImportRun,
  markImportFeedRun,
} from "./exchange.import.repo.server.ts";
import { type ImportDeps, runImport } from "./exchange.import.server.ts";
import { FEED_MAX_BYTES } from "./exchange.model.ts";

// "Import from a feed URL": an agency's owners and admins name feed URLs (with their format, and whether each
// is the agency's whole stock); a job fetches each one every IMPORT_FEED_INTERVAL_MINUTES (hourly by default)
// with the remote fetcher's limits (time, 100 MB, public addresses only) and imports it as the agency's owner,
// recording every run. A scheduled run never confirms a large withdrawal: a full feed that would withdraw more
// than a fifth of the agency's listings is not applied, and its run says why. An empty, broken or unreachable
// feed records its error and changes nothing.

/** How many feed URLs an agency may have. */
const MAX_IMPORT_FEEDS = 10;
/** How long one feed may take to fetch. */
const FEED_FETCH_TIMEOUT_MS = 120_000;
/** How often the job looks for feeds that are due (each runs once per interval). */
const LOOK_EVERY_MS = 5 * 60 * 1000;

export const IMPORT_FEED_MESSAGES = {
  added: msg("Feed URL added: its first import starts within a few minutes"),
  removed: msg("Feed URL removed"),
  badUrl: msg("Enter a web address that starts with http:// or https://"),
  badFormat: msg("Choose the feed's format"),
  tooMany: msg("An agency can have at most 10 feed URLs"),
  notFound: msg("This feed URL no longer exists"),
  unreachable: msg("The feed could not be fetched: {reason}"),
} as const;

const FETCH_REASONS: Record<RemoteFetchError["reason"], string> = {
  "bad-url": "not an http(s) URL",
  "private-host": "not on the public internet",
  "too-large": "larger than 100 MB",
  timeout: "it took too long",
  status: "the server refused",
  unreachable: "the server could not be reached",
  "too-many-redirects": "too many redirects",
};

/** Adds a feed URL to the agency (its owners and admins only). */
export async function addImportFeed(
  db: ImportDeps["db"],
  user: Pick<SessionUser, "id">,
  agencyId: string,
  input: { url?: unknown; format?: unknown; full?: unknown },
  now = Date.now(),
) {
  await requireAgencyManager(db, agencyId, user);
  const url = typeof input.url === "string" ? input.url.trim() : "";
  const parsed = URL.parse(url);
  if (!parsed || !/^https?:$/.test(parsed.protocol) || url.length > 2000) {
    throw new InvalidError({ url: IMPORT_FEED_MESSAGES.badUrl }, IMPORT_FEED_MESSAGES.badUrl);
  }
  if (!IMPORT_FORMATS.includes(input.format as ImportFormat)) {
    throw new InvalidError({ format: IMPORT_FEED_MESSAGES.badFormat }, IMPORT_FEED_MESSAGES.badFormat);
  }
  if ((await countImportFeeds(db, agencyId)) >= MAX_IMPORT_FEEDS) {
    throw new InvalidError({}, IMPORT_FEED_MESSAGES.tooMany);
  }
  await insertImportFeed(db, {
    id: randomUUID(),
    agencyId,
    url: parsed.href,
    format: input.format as ImportFormat,
    full: input.full === true || input.full === "on" || input.full === "true",
    createdBy: user.id,
    createdAt: now,
  });
  return IMPORT_FEED_MESSAGES.added;
}

/** Removes one of the agency's feed URLs (its owners and admins only); its past runs stay listed. */
export async function removeImportFeed(
  db: ImportDeps["db"],
  user: Pick<SessionUser, "id">,
  agencyId: string,
  feedId: string,
) {
  await requireAgencyManager(db, agencyId, user);
  if (!(await deleteImportFeed(db, agencyId, feedId))) {
    throw new InvalidError({}, IMPORT_FEED_MESSAGES.notFound);
  }
  return IMPORT_FEED_MESSAGES.removed;
}

/**
 * One pass of the job: every feed not run for `intervalMs` is fetched and imported, one after the other, each
 * marked as run before it starts (a feed that fails is tried again an interval later, not at once).
 */
export async function runDueImportFeeds(deps: ImportDeps, intervalMs: number, { now, signal }: JobContext) {
  const started = now();
  let ran = 0;
  for (const feed of await findDueImportFeeds(deps.db, started - intervalMs)) {
    if (signal.aborted) break;
    await markImportFeedRun(deps.db, feed.id, now());
    const owner = await findAgencyOwnerUser(deps.db, feed.agencyId);
    if (!owner) continue;
    const request = {
      agencyId: feed.agencyId,
      user: owner,
      fileName: feed.url,
      source: "feed" as const,
      feedId: feed.id,
      full: feed.full,
      format: feed.format,
      dryRun: false,
      confirmWithdrawals: false,
    };
    let bytes: Uint8Array;
    try {
      ({ body: bytes } = await fetchRemote(feed.url, {
        allowPrivateHosts: deps.config.imports.allowPrivateHosts,
        maxBytes: FEED_MAX_BYTES,
        timeoutMs: FEED_FETCH_TIMEOUT_MS,
      }));
    } catch (error) {
      if (!(error instanceof RemoteFetchError)) throw error;
      await recordUnreachable(deps, request, FETCH_REASONS[error.reason], now());
      continue;
    }
    try {
      await runImport(deps, { ...request, bytes, now: now() });
      ran++;
    } catch (error) {
      // Recorded with its run (runImport); the other feeds still run.
      logger.error({ err: error, feedId: feed.id }, "a scheduled import failed");
    }
  }
  return ran;
}

/** A feed that could not be fetched: its run records why, and nothing changed. */
async function recordUnreachable(
  deps: ImportDeps,
  request: { agencyId: string; user: SessionUser; fileName: string; feedId: string; full: boolean },
  reason: string,
  now: number,
) {
  const id = randomUUID();
  await insertImportRun(deps.db, {
    id,
    agencyId: request.agencyId,
    userId: request.user.id,
    source: "feed",
    fileName: request.fileName.slice(0, 300),
    feedId: request.feedId,
    full: request.full,
    startedAt: now,
  });
  const error = deps.i18n.t(IMPORT_FEED_MESSAGES.unreachable, { reason });
  await finishImportRun(deps.db, id, {
    created: 0,
    changed: 0,
    withdrawn: 0,
    unchanged: 0,
    refused: 0,
    finishedAt: now,
    summary: error,
    refusals: "[]",
    error,
  });
}

/** The job that imports the agencies' feed URLs, each every `intervalMs`. */
export function importFeedsJob(deps: ImportDeps, intervalMs: number): Job {
  return {
    name: "import-feeds",
    // The shortest interval allowed (IMPORT_FEED_INTERVAL_MINUTES=5): a due feed waits at most this long.
    everyMs: LOOK_EVERY_MS,
    run: (ctx) => runDueImportFeeds(deps, intervalMs, ctx),
  };
}
