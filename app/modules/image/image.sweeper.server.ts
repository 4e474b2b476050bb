import type { Db } from "#app/db/db.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import { findUsedStorageKeys } from "./image.repo.server.ts";
import { parseVariantKey } from "./image.rules.ts";
import { ABANDONED_UPLOAD_AGE_MS, deleteAbandonedImages } from "./image.service.server.ts";
import type { UploadStaging } from "./image.staging.server.ts";
import { deleteSpentUploadClaims, UNFINISHED_UPLOAD_AGE_MS } from "./image.upload-quota.server.ts";

// What uploads leave behind when nobody finishes them or the process dies half-way, and how it goes:
// - a pending image row (uploaded, never saved in a listing): the row, then its files;
// - variant files with no row: written just before a crash stopped the row's insert, or kept when a listing
//   edit or delete committed and the process died before deleting the files (or the delete failed);
// - a storage put cut short before its file was complete (the disk's temporary files);
// - staging files of an upload never finished, or being processed when the process died.
// Each is deleted once ABANDONED_UPLOAD_AGE_MS old, but staging files of unfinished uploads once
// UNFINISHED_UPLOAD_AGE_MS old (they count toward the user's upload caps only that long). The age is also what keeps the sweep from racing a save
// in progress: files are written milliseconds before their row, never a day.

export type SweepDeps = { db: Db; storage: Storage; staging: Pick<UploadStaging, "sweep"> };

/** How many of each were deleted. */
export type SweepReport = { images: number; orphanFiles: number; incompleteFiles: number; staged: number };

/** Deletes everything abandoned uploads left behind, as of `now` (see above); safe beside live traffic. */
export async function sweepUploads(deps: SweepDeps, now = Date.now()): Promise<SweepReport> {
  const cutoff = now - ABANDONED_UPLOAD_AGE_MS;
  // Rows before files: a pending row whose files then fail to go leaves orphans, which come next.
  const images = await deleteAbandonedImages(deps, now);
  const orphanFiles = await deleteOrphanImageFiles(deps, cutoff);
  const incompleteFiles = await deps.storage.deleteIncomplete(cutoff);
  const staged = await deps.staging.sweep(now - UNFINISHED_UPLOAD_AGE_MS);
  await deleteSpentUploadClaims(deps.db, cutoff - UNFINISHED_UPLOAD_AGE_MS);
  return { images, orphanFiles, incompleteFiles, staged };
}

// Files are checked against the rows this many image keys at a time.
const BATCH = 500;

/** Deletes image variant files written before `cutoff` whose key no image row uses; returns how many. */
export async function deleteOrphanImageFiles(deps: Pick<SweepDeps, "db" | "storage">, cutoff: number) {
  let deleted = 0;
  let batch = new Map<string, string[]>();
  const flush = async () => {
    const used = await findUsedStorageKeys(deps.db, [...batch.keys()]);
    const orphans = [...batch].filter(([baseKey]) => !used.has(baseKey)).flatMap(([, keys]) => keys);
    await deps.storage.delete(orphans);
    deleted += orphans.length;
    batch = new Map();
  };
  for await (const entry of deps.storage.list("images/")) {
    // Keys of another shape were not written by an upload: not ours to judge.
    const baseKey = parseVariantKey(entry.key)?.storageKey;
    if (!baseKey || entry.lastModified >= cutoff) continue;
    batch.set(baseKey, [...(batch.get(baseKey) ?? []), entry.key]);
    if (batch.size >= BATCH) await flush();
  }
  await flush();
  return deleted;
}
