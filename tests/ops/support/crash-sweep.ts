import { createDiskStaging } from "#app/modules/image/image.staging.disk.server.ts";
import { createUploadServer } from "#app/modules/image/image.tus.server.ts";
import type { AppData } from "#tests/support/app-data.ts";

/**
 * Runs the upload sweep the server's hourly timer runs (UploadServer.sweep, wired as in services.server.ts)
 * on the crashed server's data, with the clock at `now`.
 */
export async function sweepAsOf(data: AppData, now: number) {
  const uploads = createUploadServer({
    db: data.db,
    storage: data.storage,
    // The server under test runs on disk storage (DATA_DIR), so its staging is DATA_DIR/uploads.
    staging: createDiskStaging(data.config.storage.uploadDir),
    maxUploadBytes: data.config.storage.maxUploadBytes,
    // The sweep answers no request.
    resolveUserId: async () => null,
  });
  await uploads.sweep(now);
}
