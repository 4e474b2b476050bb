import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { DataStore, ERRORS, Upload } from "@tus/server";
import { z } from "zod";
import type { Storage, StoredEntry } from "#app/providers/storage/storage.server.ts";
import { ABANDONED_UPLOAD_AGE_MS } from "./image.service.server.ts";
import { UPLOAD_ID, type UploadStaging } from "./image.staging.server.ts";

/** Where unfinished uploads live in the bucket, beside the processed photos under "images/". */
export const S3_STAGING_PREFIX = "uploads/";

// One upload is a few objects under "uploads/<id>/", each written once and never changed:
//   info.json               the upload's length, metadata and creation date (POST);
//   part-<offset>-<length>  the bytes one PATCH brought, starting at <offset>.
// The upload's offset is how far the parts reach from byte 0 without a gap. Every part holds the same file's
// bytes at its own offset, so parts can only add to that reach: two PATCHes of one upload racing on two
// instances (a client that retried on another instance while its first request was still being written)
// store two parts that agree where they overlap, and the offset never goes back. That is why a lock shared
// between instances is not needed; tus's per-process lock still orders the requests reaching one instance,
// and tus-js-client sends one PATCH at a time per upload anyway.
//
// Not @tus/s3-store: it keeps a per-process cache of each upload's info, has no key prefix, reads, deletes and
// re-uploads a shared ".part" object (the bytes short of S3's 5 MiB minimum part, i.e. a whole photo) on every
// PATCH, which two instances could interleave (so it needs a shared locker), and it calls ListParts and
// AbortMultipartUpload, which s3rver, the loopback S3 server of the tests, does not implement. This store needs
// only what the photo storage offers: put, get, list and delete whole objects.

const INFO = "info.json";
const PART = /^part-(\d+)-(\d+)$/;
const OCTETS = "application/octet-stream";

const InfoSchema = z.object({
  size: z.number().int().nonnegative(),
  metadata: z.record(z.string(), z.string().nullable()).optional(),
  creation_date: z.string(),
});

export type StagedPart = { key: string; offset: number; length: number };

/**
 * Staging in the photo storage of STORAGE=s3 (the bucket), under "uploads/": shared by every instance that
 * uses the bucket. Any Storage whose `put` takes any content type would do; the disk's does not.
 */
export function createS3Staging(storage: Storage): UploadStaging {
  const store = new S3StagingStore(storage);
  return {
    datastore: store,
    read: (id) => store.readFinished(id),
    remove: async (id) => {
      await store.removeObjects(id);
    },
    sweep: (cutoff) => store.sweep(cutoff),
  };
}

/** The tus DataStore over whole objects of the storage (see the layout above). */
class S3StagingStore extends DataStore {
  readonly #storage: Storage;

  constructor(storage: Storage) {
    super();
    this.#storage = storage;
    // No creation-defer-length: an upload's length is known when it is created, so info.json never changes.
    this.extensions = ["creation", "creation-with-upload", "termination", "expiration"];
  }

  override getExpiration() {
    return ABANDONED_UPLOAD_AGE_MS;
  }

  override async create(upload: Upload) {
    const info = { size: upload.size, metadata: upload.metadata, creation_date: upload.creation_date };
    await this.#storage.put(`${folderOf(upload.id)}${INFO}`, Buffer.from(JSON.stringify(info)), OCTETS);
    upload.storage = { type: "s3", path: folderOf(upload.id) };
    return upload;
  }

  override async getUpload(id: string) {
    const info = await this.#info(id);
    const { reach } = contiguousParts(await this.#parts(id), info.size);
    return new Upload({
      id,
      size: info.size,
      offset: reach,
      metadata: info.metadata,
      creation_date: info.creation_date,
      storage: { type: "s3", path: folderOf(id) },
    });
  }

  // tus checked the offset before calling; the bytes are held in memory (at most UPLOAD_MAX_MB, as the image
  // pipeline holds the whole file anyway) because an S3 object needs its length before it is sent.
  override async write(stream: Readable, id: string, offset: number) {
    const bytes = await buffer(stream);
    if (bytes.length === 0) return offset;
    await this.#storage.put(`${folderOf(id)}part-${offset}-${bytes.length}`, bytes, OCTETS);
    return offset + bytes.length;
  }

  override async remove(id: string) {
    if ((await this.removeObjects(id)) === 0) throw ERRORS.FILE_NOT_FOUND;
  }

  /** The whole file of a finished upload; throws if a part is missing. */
  async readFinished(id: string) {
    const info = await this.#info(id);
    const { chain, reach } = contiguousParts(await this.#parts(id), info.size);
    if (reach !== info.size) throw new Error(`upload ${id} has ${reach} of ${info.size} bytes`);
    const file = Buffer.alloc(info.size);
    const pieces = await Promise.all(
      chain.map(async (part) => ({ part, bytes: await this.#read(part.key) })),
    );
    for (const { part, bytes } of pieces) {
      if (bytes?.length !== part.length) throw new Error(`upload ${id}: ${part.key} is missing or short`);
      bytes.copy(file, part.offset);
    }
    return file;
  }

  /** Deletes every object of the upload; returns how many there were. */
  async removeObjects(id: string) {
    const keys = (await this.#list(folderOf(id))).map((entry) => entry.key);
    await this.#storage.delete(keys);
    return keys.length;
  }

  /** Deletes the uploads whose newest object is older than `cutoff`; returns how many. */
  async sweep(cutoff: number) {
    const newest = new Map<string, number>();
    const keys = new Map<string, string[]>();
    for (const entry of await this.#list(S3_STAGING_PREFIX)) {
      const id = entry.key.slice(S3_STAGING_PREFIX.length).split("/")[0] ?? "";
      // Anything under the prefix that is not "<id>/..." is not ours to delete.
      if (!UPLOAD_ID.test(id) || !entry.key.startsWith(folderOf(id))) continue;
      newest.set(id, Math.max(newest.get(id) ?? 0, entry.lastModified));
      keys.set(id, [...(keys.get(id) ?? []), entry.key]);
    }
    const stale = [...newest].filter(([, modified]) => modified < cutoff).map(([id]) => id);
    await this.#storage.delete(stale.flatMap((id) => keys.get(id) ?? []));
    return stale.length;
  }

  async #info(id: string) {
    const body = await this.#read(`${folderOf(id)}${INFO}`);
    if (!body) throw ERRORS.FILE_NOT_FOUND;
    return InfoSchema.parse(JSON.parse(body.toString("utf8")));
  }

  async #parts(id: string): Promise<StagedPart[]> {
    const folder = folderOf(id);
    return (await this.#list(`${folder}part-`)).flatMap(({ key }) => {
      const match = PART.exec(key.slice(folder.length));
      return match ? [{ key, offset: Number(match[1]), length: Number(match[2]) }] : [];
    });
  }

  async #read(key: string) {
    const object = await this.#storage.get(key);
    return object ? buffer(object.body) : null;
  }

  async #list(prefix: string) {
    const entries: StoredEntry[] = [];
    for await (const entry of this.#storage.list(prefix)) entries.push(entry);
    return entries;
  }
}

/** "uploads/<id>/", after checking the id cannot step out of it. */
function folderOf(id: string) {
  if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
  return `${S3_STAGING_PREFIX}${id}/`;
}

/**
 * The parts that cover the file from byte 0 without a gap, and how far they reach: at each step the part
 * that starts within the reach and ends furthest. Parts ending past the file's length are not ours: ignored.
 */
export function contiguousParts(parts: StagedPart[], size: number) {
  const end = (part: StagedPart) => part.offset + part.length;
  const sorted = parts.filter((part) => end(part) <= size).sort((a, b) => a.offset - b.offset);
  const chain: StagedPart[] = [];
  let reach = 0;
  let next = 0;
  for (;;) {
    let best: StagedPart | undefined;
    for (; next < sorted.length && sorted[next]!.offset <= reach; next++) {
      const part = sorted[next]!;
      if (end(part) > Math.max(reach, best ? end(best) : 0)) best = part;
    }
    if (!best) return { chain, reach };
    chain.push(best);
    reach = end(best);
  }
}
