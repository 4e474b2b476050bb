import type { Readable } from "node:stream";
import type { Config } from "#app/config.server.ts";
import { createDiskStorage } from "./storage.disk.server.ts";
import { createS3Storage } from "./storage.s3.server.ts";

/** A stored object, streamed: images can be megabytes and are served as they are read. */
export type StoredObject = {
  body: NodeJS.ReadableStream | Readable;
  contentType: string;
  /** Bytes. */
  size: number;
};

/** One stored object as a listing shows it. */
export type StoredEntry = {
  key: string;
  /** When the object was last written (epoch ms). */
  lastModified: number;
};

/**
 * Where processed images live. Keys are relative, slash-separated paths such as
 * "images/<userId>-<fileName>-<uuid>-800.webp" (see storage.key.server.ts for what is accepted).
 */
export interface Storage {
  /** Stores `body` under `key`, replacing any previous object; readers never see a partial object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes every key; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Whether an object exists under `key`. */
  exists(key: string): Promise<boolean>;
  /**
   * Every object whose key starts with `prefix` (and that `put` would accept as a key), in no particular
   * order. Objects put or deleted while the listing runs may or may not show up; every other shows up once.
   */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /**
   * Deletes what puts cut short by a crash left behind, untouched since `cutoff` (epoch ms), and returns
   * how many. Such leftovers are never objects: `list`, `get` and `exists` do not see them.
   */
  deleteIncomplete(cutoff: number): Promise<number>;
}

/** The storage chosen by configuration: local disk (default) or S3-compatible object storage. */
export function createStorage(config: Config["storage"]): Storage {
  switch (config.kind) {
    case "disk":
      return createDiskStorage(config.diskDir);
    case "s3":
      return createS3Storage(config.s3);
  }
}

/** A stored object's whole body, for the few readers that need it in memory (a photo to re-encode, an upload). */
export async function readStoredBytes(body: StoredObject["body"]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
