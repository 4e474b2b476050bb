import { loadConfig } from "#app/config.server.ts";
import { createDb, type Db } from "#app/db/db.server.ts";
import { createDiskStaging } from "#app/modules/image/image.staging.disk.server.ts";
import { createUploadServer } from "#app/modules/image/image.tus.server.ts";
import { createStorage } from "#app/providers/storage/storage.server.ts";

/** The crashed server's database, opened from the environment it ran with. */
export function openServerDb(env: Record<string, string>): Db {
  return createDb(loadConfig(env).database);
}

/**
 * Runs the upload sweep the server's hourly timer runs (UploadServer.sweep, wired as in services.server.ts),
 * with the clock at `now`.
 */
export async function sweepAsOf(db: Db, env: Record<string, string>, now: number) {
  const config = loadConfig(env);
  const uploads = createUploadServer({
    db,
    storage: createStorage(config.storage),
    // The server under test runs on disk storage (DATA_DIR), so its staging is DATA_DIR/uploads.
    staging: createDiskStaging(config.storage.uploadDir),
    maxUploadBytes: config.storage.maxUploadBytes,
    // The sweep answers no request.
    resolveUserId: async () => null,
  });
  await uploads.sweep(now);
}
