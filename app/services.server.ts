import { type Cookie, createContext } from "react-router";
import { createDb, type Db } from "#app/db/db.server.ts";
import { migrateToLatest, pendingMigrations } from "#app/db/migrate.server.ts";
import { createMetrics, type Metrics } from "#app/metrics/metrics.server.ts";
import { createPendingSignUpCookie } from "#app/modules/auth/auth.pending-sign-up.server.ts";
import { type Auth, createAuth } from "#app/modules/auth/auth.server.ts";
import { importFeedsJob } from "#app/modules/exchange/exchange.import-feeds.server.ts";
import { importSweepJob, importUploadsJob } from "#app/modules/exchange/exchange.import-queue.server.ts";
import { createServerI18n } from "#app/modules/i18n/i18n.server.ts";
import type { I18n, I18nSettings } from "#app/modules/i18n/i18n.ts";
import { countPendingImages } from "#app/modules/image/image.repo.server.ts";
import {
  createUploadServer,
  createUploadStaging,
  startUploadSweeper,
  type UploadServer,
} from "#app/modules/image/image.tus.server.ts";
import { createJobRunner, type JobRunner } from "#app/modules/jobs/jobs.server.ts";
import { createWorkQueue } from "#app/modules/limits/limits.queue.server.ts";
import { createLimitRules, type LimitRules, sweepLimitHits } from "#app/modules/limits/limits.server.ts";
import { freshnessJob } from "#app/modules/listing/listing.freshness.server.ts";
import { LISTING_LIMITS } from "#app/modules/listing/listing.schema.ts";
import { createMailOutbox, type MailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { sendReportDigest } from "#app/modules/moderation/moderation.digest.server.ts";
import { syncAdminRoles } from "#app/modules/moderation/moderation.repo.server.ts";
import { createPageCache, type PageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { searchAlertsJob } from "#app/modules/saved/alerts.job.server.ts";
import { pauseSavedSearchesOfAddress } from "#app/modules/saved/alerts.repo.server.ts";
import { deleteViewStateBefore } from "#app/modules/stats/stats.repo.server.ts";
import { dayOf } from "#app/modules/stats/stats.rules.ts";
import { createViewCounter, type ViewCounter } from "#app/modules/stats/stats.views.server.ts";
import { createToastCookie } from "#app/modules/toast/toast.server.ts";
import { viewingDeps, viewingsJob } from "#app/modules/viewing/viewing.service.server.ts";
import { createGeocoder, type Geocoder } from "#app/providers/geocoding/geocoding.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { createStorage, type Storage } from "#app/providers/storage/storage.server.ts";
import type { Config } from "./config.server.ts";
import { logger } from "./logger.server.ts";

// The composition root (decision 018): the one place that turns the parsed configuration into the objects the
// app works with. Nothing below it looks them up: server/app.ts hands them to every request as
// `servicesContext`, route loaders, actions and middleware read them from `context`, and modules take what
// they use as arguments.

/** Everything a request may need that outlives it: built once per process at start. */
export type Services = {
  config: Config;
  /** The primary database: every write, and the reads of requests that write or just wrote. */
  db: Db;
  /**
   * Where a page's loaders read when nothing was written lately: the replica of DATABASE_READ_URL, or the
   * primary itself when there is none (server/app.ts chooses per request; decision 024).
   */
  readDb: Db;
  /** Prometheus metrics (/metrics); the page cache counts its hits and misses on `metrics.cache`. */
  metrics: Metrics;
  auth: Auth;
  /**
   * The outbox every e-mail goes through (app/modules/mail): `send` queues it, or `queueMail(trx, ...)` in a
   * write's transaction then `kick()`; only its drain talks to SMTP or the outbox folder.
   */
  mailer: MailOutbox;
  storage: Storage;
  geocoder: Geocoder;
  /** The tus endpoint behind /api/uploads. */
  uploads: UploadServer;
  /** Carries a toast over a redirect (toast.server.ts). */
  toastCookie: Cookie;
  /** Holds the address just signed up with, for "Check your inbox" (auth.pending-sign-up.server.ts). */
  pendingSignUpCookie: Cookie;
  /** The named abuse limits (LIMIT_*), for `takeLimit(db, limits.<rule>, key)` (app/modules/limits). */
  limits: LimitRules;
  /** Background jobs, claimed in the database so several instances run each once (app/modules/jobs). */
  jobs: JobRunner;
  /** The server's own texts and formats (toasts, errors, e-mails, feeds) in LOCALE and CURRENCY. */
  i18n: I18n;
  /** What the root loader gives every page to show the same texts and formats (app/components/use-i18n.ts). */
  i18nSettings: I18nSettings;
  /** Visitors' pages, kept while the data's version in `readDb` stays the same (decision 041). */
  pageCache: PageCache;
  /** Listing views for listers' statistics, buffered and written to the primary every few seconds (decision 063). */
  views: ViewCounter;
};

/** This process's services, on every request's context (set by server/app.ts). */
export const servicesContext = createContext<Services>();

const stopSweepers = new WeakMap<Services, () => void>();

/** How startServices runs beside its caller. */
export type StartOptions = {
  /**
   * Whether the background work starts: the jobs, the upload sweeper, the outbox's first drain (default true).
   * Tests that call loaders and actions turn it off, so nothing writes but the requests they make.
   */
  background?: boolean;
};

/**
 * Builds the services from `config` and brings the database schema up to date; with MIGRATE_ON_START=false it
 * refuses to start on a database that lacks migrations (they run apart, `npm run migrate up`).
 */
export async function startServices(
  config: Config,
  { background = true }: StartOptions = {},
): Promise<Services> {
  logger.level = config.logLevel;
  const metrics = createMetrics();
  const db = createDb(config.database, metrics.database("primary"));
  try {
    await bringSchemaUpToDate(db, config.migrateOnStart);
    // ADMIN_EMAILS may have changed since the accounts it names were created.
    await syncAdminRoles(db, config.auth.adminEmails);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const readDb =
    config.database.kind === "postgres" && config.database.readUrl
      ? createDb({ kind: "postgres", url: config.database.readUrl }, metrics.database("replica"))
      : db;
  metrics.watchPendingUploads(() => countPendingImages(db));
  const mailer = createMailOutbox({
    db,
    transport: createMailer(config.mail),
    // A bounced address gets no more alerts until its owner turns them on again (Profile says why).
    onUndeliverable: async (address) => {
      await pauseSavedSearchesOfAddress(db, address, Date.now());
    },
  });
  const limits = createLimitRules(config.limits);
  const auth = createAuth({ config, db, mailer, limits });
  const storage = createStorage(config.storage);
  // Not warmed up: the offline gazetteer loads in its own thread on the first save, and leaves when idle.
  const geocoder = createGeocoder(config.geocoder, { maxWaiting: config.limits.geocoderQueue });
  const uploads = createUploadServer({
    db,
    storage,
    staging: createUploadStaging(config.storage, storage),
    maxUploadBytes: config.storage.maxUploadBytes,
    quota: {
      // Never below one whole listing's images, or a site allowing 40 photos could not save one.
      maxPhotos: Math.max(
        config.limits.pendingPhotos,
        config.listingPhotosMax + LISTING_LIMITS.maxFloorPlans,
      ),
      maxBytes: config.limits.pendingPhotoBytes,
    },
    decodeQueue: createWorkQueue({
      concurrency: config.limits.imageDecodes,
      maxWaiting: config.limits.imageDecodes * 10,
      busyMessage: "Many photos are being processed right now. Please try again in a moment.",
    }),
    // Photos are part of publishing: only a verified user may upload (others get 401, as a visitor does).
    resolveUserId: async (request) => {
      const user = (await auth.api.getSession({ headers: request.headers }))?.user;
      return user?.emailVerified ? user.id : null;
    },
  });
  const toastCookie = createToastCookie({ secret: config.auth.secret, secure: config.secureCookies });
  const pendingSignUpCookie = createPendingSignUpCookie({
    secret: config.auth.secret,
    secure: config.secureCookies,
  });
  const jobs = createJobRunner({ db, observe: metrics.runJob });
  const { i18n, settings: i18nSettings } = createServerI18n(config.i18n);
  const services: Services = {
    config,
    db,
    readDb,
    metrics,
    auth,
    mailer,
    storage,
    geocoder,
    uploads,
    toastCookie,
    pendingSignUpCookie,
    limits,
    jobs,
    i18n,
    i18nSettings,
    // The version is read where the pages read: a replica's pages and version move together.
    pageCache: createPageCache({ db: readDb, settings: config.pageCache, metrics: metrics.cache }),
    views: createViewCounter({ db }),
  };
  registerJobs(services);
  if (!background) return services;
  stopSweepers.set(services, startUploadSweeper(uploads, metrics.runJob));
  jobs.start();
  services.views.start();
  // Mail a stopped (or killed) process left queued goes now, not at the job's first turn.
  mailer.kick();
  return services;
}

/** Every background job of the app (app/modules/jobs/jobs.server.ts says how to write one). */
function registerJobs(services: Services) {
  const { jobs, db, mailer, config } = services;
  // Every e-mail: sent at once by the sender's kick, every 5 seconds here for other instances' and retries.
  jobs.register(mailer.job);
  jobs.register(
    freshnessJob({
      db,
      mailer,
      secret: config.auth.secret,
      publicUrl: config.publicUrl,
      siteName: config.site.name,
      ttlDays: config.listingTtlDays,
      i18n: config.i18n,
    }),
  );
  // Limit hits older than the longest window (a day) count for nothing: swept hourly.
  jobs.register({
    name: "limit-sweep",
    everyMs: 60 * 60 * 1000,
    run: async (ctx) => {
      await sweepLimitHits(db, ctx.now());
    },
  });
  // Instant alerts within 5 minutes of publication, and saved homes' price drops, lets and sales at each user's
  // frequency: a sweep and the sending every minute (saved/alerts.job.server.ts).
  jobs.register(searchAlertsJob({ db, mailer, config }, config.alertIntervalMs));
  // A past day's view salt and hashes are deleted within the hour after it ends (decision 063).
  jobs.register({
    name: "listing-stats",
    everyMs: 60 * 60 * 1000,
    run: async (ctx) => {
      await deleteViewStateBefore(db, dayOf(ctx.now()));
    },
  });
  // Every minute: cancels the bookings of homes no longer listed, and sends the day-before reminders.
  jobs.register(viewingsJob(viewingDeps(services)));
  // Each agency's feed URLs, every IMPORT_FEED_INTERVAL_MINUTES.
  jobs.register(importFeedsJob(services, config.imports.feedIntervalMs));
  // The imports of uploads queued on /agency/import, every few seconds: a large file takes minutes, longer than
  // a request may (exchange.import-queue.server.ts).
  jobs.register(importUploadsJob(services));
  // Hourly: dry runs never imported, and their kept uploads, after a day.
  jobs.register(importSweepJob(services));
  // Looks every 5 minutes; sends at most one digest an hour (moderation.digest.server.ts).
  jobs.register({
    name: "report-digest",
    everyMs: 5 * 60 * 1000,
    run: async (ctx) => {
      await sendReportDigest({ db, mailer, config }, ctx.now());
    },
  });
}

async function bringSchemaUpToDate(db: Db, migrateOnStart: boolean) {
  if (migrateOnStart) {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ applied }, "database migrated");
    return;
  }
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    throw new Error(
      `The database lacks ${pending.length} migration(s) this version needs (${pending.join(", ")}), and ` +
        "MIGRATE_ON_START=false: run `npm run migrate -- up` with the same DATABASE_URL, then start again.",
    );
  }
}

/** Closes what startServices opened: the upload sweeper, the geocoder's worker, the database pool or file. */
export async function stopServices(services: Services) {
  stopSweepers.get(services)?.();
  await services.jobs.stop();
  await services.views.stop();
  await services.mailer.stop();
  await services.geocoder.stop?.();
  if (services.readDb !== services.db) await services.readDb.destroy();
  await services.db.destroy();
}
