import type { DataStore } from "@tus/server";

/**
 * Where unfinished uploads wait between requests: with STORAGE=s3 the bucket (image.staging.s3.server.ts),
 * shared by every instance so that each PATCH of a photo may reach a different one; with STORAGE=disk a
 * folder of this machine (image.staging.disk.server.ts).
 */
export interface UploadStaging {
  /** What the tus server reads and writes. */
  datastore: DataStore;
  /** The bytes of a finished upload. */
  read(id: string): Promise<Buffer>;
  /** Deletes an upload; a missing one is ignored. */
  remove(id: string): Promise<void>;
  /** Deletes uploads nothing has written to since `cutoff` (epoch ms); returns how many. */
  sweep(cutoff: number): Promise<number>;
}

/** Upload ids are our UUIDs; anything else is refused before it can name a file or an object key. */
export const UPLOAD_ID = /^[A-Za-z0-9-]+$/;
