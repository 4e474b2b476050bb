import { randomUUID } from "node:crypto";
import { readStoredBytes, type Storage } from "#app/providers/storage/storage.server.ts";

// An uploaded import file kept between its dry run and the user's "Import": in the storage the images use
// (local disk or S3), so whichever instance answers the confirmation finds it. Its key names the agency and a
// random id, so only that agency's page can name it; it is deleted when imported, and the import job deletes
// any left behind after a day.

const PREFIX = "imports";

/** A kept upload is deleted after this long. */
export const IMPORT_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function keyOf(agencyId: string, uploadId: string) {
  return `${PREFIX}/${agencyId}/${uploadId}.bin`;
}

/** Keeps an upload of the agency's; returns its id (for the confirmation's form). */
export async function keepImportUpload(storage: Storage, agencyId: string, bytes: Uint8Array) {
  const uploadId = randomUUID();
  await storage.put(keyOf(agencyId, uploadId), Buffer.from(bytes), "application/octet-stream");
  return uploadId;
}

/** The bytes of the agency's kept upload `uploadId`, or null when it is gone (or never was). */
export async function readImportUpload(storage: Storage, agencyId: string, uploadId: string) {
  if (!UPLOAD_ID.test(uploadId) || !/^[A-Za-z0-9][\w-]*$/.test(agencyId)) return null;
  const stored = await storage.get(keyOf(agencyId, uploadId));
  if (!stored) return null;
  return new Uint8Array(await readStoredBytes(stored.body));
}

/** Deletes the agency's kept upload (imported, or refused as a whole). */
export async function dropImportUpload(storage: Storage, agencyId: string, uploadId: string) {
  if (!UPLOAD_ID.test(uploadId) || !/^[A-Za-z0-9][\w-]*$/.test(agencyId)) return;
  await storage.delete([keyOf(agencyId, uploadId)]);
}

/** Deletes kept uploads older than `maxAgeMs` (dry runs never confirmed); returns how many. */
export async function sweepImportUploads(storage: Storage, now: number, maxAgeMs = IMPORT_UPLOAD_MAX_AGE_MS) {
  const old: string[] = [];
  for await (const entry of storage.list(`${PREFIX}/`)) {
    if (entry.lastModified < now - maxAgeMs) old.push(entry.key);
  }
  if (old.length > 0) await storage.delete(old);
  return old.length;
}
