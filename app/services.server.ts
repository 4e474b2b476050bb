import { type Cookie, createContext } from "react-router";
import { createDb, type Db } from "#app/db/db.server.ts";
import { migrateToLatest, pendingMigrations } from "#app/db/migrate.server.ts";
import { createMetrics, type Metrics } from "#app/metrics/metrics.server.ts";
import { type Auth, createAuth } from "#app/modules/auth/auth.server.ts";
import { countPendingImages } from "#app/modules/image/image.repo.server.ts";
import {
  createUploadServer,
  createUploadStaging,
  startUploadSweeper,
  type UploadServer,
} from "#app/modules/image/image.tus.server.ts";
import { createToastCookie } from "#app/modules/toast/toast.server.ts";
import { createGeocoder, type Geocoder } from "#app/providers/geocoding/geocoding.server.ts";
import { createMailer, type Mailer } from "#app/providers/mail/mail.server.ts";
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
  mailer: Mailer;
  storage: Storage;
  geocoder: Geocoder;
  /** The tus endpoint behind /api/uploads. */
  uploads: UploadServer;
  /** Carries a toast over a redirect (toast.server.ts). */
  toastCookie: Cookie;
};

/** This process's services, on every request's context (set by server/app.ts). */
export const servicesContext = createContext<Services>();

const stopSweepers = new WeakMap<Services, () => void>();

/**
 * Builds the services from `config` and brings the database schema up to date; with MIGRATE_ON_START=false it
 * refuses to start on a database that lacks migrations (they run apart, `npm run migrate up`).
 */
export async function startServices(config: Config): Promise<Services> {
  logger.level = config.logLevel;
  const metrics = createMetrics();
  const db = createDb(config.database, metrics.database("primary"));
  try {
    await bringSchemaUpToDate(db, config.migrateOnStart);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const readDb =
    config.database.kind === "postgres" && config.database.readUrl
      ? createDb({ kind: "postgres", url: config.database.readUrl }, metrics.database("replica"))
      : db;
  metrics.watchPendingUploads(() => countPendingImages(db));
  const mailer = createMailer(config.mail);
  const auth = createAuth({ config, db, mailer });
  const storage = createStorage(config.storage);
  // Not warmed up: the offline gazetteer loads in its own thread on the first save, and leaves when idle.
  const geocoder = createGeocoder(config.geocoder);
  const uploads = createUploadServer({
    db,
    storage,
    staging: createUploadStaging(config.storage, storage),
    maxUploadBytes: config.storage.maxUploadBytes,
    resolveUserId: async (request) =>
      (await auth.api.getSession({ headers: request.headers }))?.user.id ?? null,
  });
  const toastCookie = createToastCookie({ secret: config.auth.secret, secure: config.secureCookies });
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
  };
  stopSweepers.set(services, startUploadSweeper(uploads, metrics.runJob));
  return services;
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
  await services.geocoder.stop?.();
  if (services.readDb !== services.db) await services.readDb.destroy();
  await services.db.destroy();
}
