import { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Config } from "~/config.server";
import { assertValidStorageKey } from "./storage.key.server";
import type { Storage } from "./storage.server";

// DeleteObjects accepts at most 1000 keys per request.
const DELETE_BATCH = 1000;

/** Objects in one bucket of an S3-compatible service (AWS, MinIO, R2, ...). */
export function createS3Storage(config: Config["storage"]["s3"]): Storage {
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
