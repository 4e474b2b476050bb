import { createDb, type Db } from "#app/db/db.server.ts";
import { migrateToLatest } from "#app/db/migrate.server.ts";
import { type Auth, createAuth } from "#app/modules/auth/auth.server.ts";
import {
  createUploadServer,
  createUploadStaging,
  startUploadSweeper,
  type UploadServer,
} from "#app/modules/image/image.tus.server.ts";
import { createGeocoder, type Geocoder } from "#app/providers/geocoding/geocoding.server.ts";
import { createMailer, type Mailer } from "#app/providers/mail/mail.server.ts";
import { createStorage, type Storage } from "#app/providers/storage/storage.server.ts";
import { type Config, config as loadProcessConfig } from "./config.server.ts";
import { logger } from "./logger.server.ts";

/** Everything a request may need that outlives it: built once per process at start. */
export type Services = {
  config: Config;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  geocoder: Geocoder;
  /** The tus endpoint behind /api/uploads. */
  uploads: UploadServer;
};

let current: Services | undefined;
let stopUploadSweeper: (() => void) | undefined;

/** Builds the services and brings the database schema up to date. */
export async function startServices(config: Config = loadProcessConfig()): Promise<Services> {
  const db = createDb(config.database);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ applied }, "database migrated");
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
  stopUploadSweeper?.();
  stopUploadSweeper = startUploadSweeper(uploads);
  current = { config, db, auth, mailer, storage, geocoder, uploads };
  return current;
}

/** Closes what startServices opened (the database pool or file). */
export async function stopServices() {
  stopUploadSweeper?.();
  stopUploadSweeper = undefined;
  await current?.geocoder.stop?.();
  await current?.db.destroy();
  current = undefined;
}

/** The running process's services; only valid after startServices. */
export function services(): Services {
  if (!current) throw new Error("services() called before startServices()");
  return current;
}
