import { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Config } from "#app/config.server.ts";
import { assertValidStorageKey, assertValidStoragePrefix, isValidStorageKey } from "./storage.key.server.ts";
import type { Storage, StoredEntry } from "./storage.server.ts";

// DeleteObjects accepts at most 1000 keys per request.
const DELETE_BATCH = 1000;

export type S3StorageOptions = {
  /** Keys per ListObjects page; S3's own maximum (1000) unless a test wants to see several pages. */
  listPageSize?: number;
};

/** Objects in one bucket of an S3-compatible service (AWS, MinIO, R2, ...). */
export function createS3Storage(config: Config["storage"]["s3"], options: S3StorageOptions = {}): Storage {
  const bucket = config.bucket;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without explicit keys the SDK's default chain applies (environment, instance role, ...).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Many S3-compatible services reject the SDK's newer default checksum headers; send them only where
    // the S3 API requires one (DeleteObjects).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // The SDK waits forever by default; an unreachable store must fail the request instead.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });

  return {
    async put(key, body, contentType) {
      assertValidStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          // Keys are never rewritten (a new photo gets a new key): a bucket or CDN serving them straight
          // (IMAGE_BASE_URL) lets browsers keep them for a year, as the /images route does.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },

    async get(key) {
      assertValidStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage, i.e. a Readable.
        if (!(object.Body instanceof Readable)) throw new Error(`s3 storage: ${key} has no readable body`);
        return {
          body: object.Body,
          contentType: object.ContentType ?? "application/octet-stream",
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(keys) {
      for (const key of keys) assertValidStorageKey(key);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
          }),
        );
        // DeleteObjects answers 200 even when some keys failed; missing keys are not errors in S3.
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const detail = failed.map((entry) => `${entry.Key}: ${entry.Code}`).join(", ");
          throw new Error(`s3 storage: could not delete ${detail}`);
        }
      }
    },

    async exists(key) {
      assertValidStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async *list(prefix): AsyncGenerator<StoredEntry> {
      assertValidStoragePrefix(prefix);
      // ListObjects (V1), each page starting after the last key of the one before (keys come in UTF-8 binary
      // order): the same pages as V2 on every S3-compatible service, and the one s3rver, the peer the tests
      // run against, can page through (it encrypts V2 continuation tokens with DES, gone from OpenSSL 3).
      let marker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({
            Bucket: bucket,
            Prefix: prefix,
            MaxKeys: options.listPageSize,
            Marker: marker,
          }),
        );
        const objects = page.Contents ?? [];
        for (const object of objects) {
          // A key no put of ours could write (another tool's object in a shared bucket) is not ours to list.
          if (object.Key && object.LastModified && isValidStorageKey(object.Key)) {
            yield { key: object.Key, lastModified: object.LastModified.getTime() };
          }
        }
        marker = objects.at(-1)?.Key;
        if (!page.IsTruncated || !marker) return;
      }
    },

    async deleteIncomplete() {
      // PutObject stores an object whole or not at all, and puts here are never multipart: a crash leaves
      // nothing partial behind.
      return 0;
    },
  };
}

/**
 * GetObject says NoSuchKey; HeadObject has no body, so only its 404 tells. A missing bucket is a
 * misconfiguration, not a missing object, and must surface.
 */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === "NoSuchBucket") return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
}
