import { randomUUID } from "node:crypto";
import { Server, type Upload } from "@tus/server";
import type { Config } from "#app/config.server.ts";
import { TooManyRequestsError } from "#app/http/errors.ts";
import { logger } from "#app/logger.server.ts";
import type { WorkQueue } from "#app/modules/limits/limits.queue.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import { ImageRejectedError } from "./image.pipeline.server.ts";
import { findImagesByIds } from "./image.repo.server.ts";
import { type ImageServiceDeps, imageRejectionMessage, storeUploadedImage } from "./image.service.server.ts";
import { createDiskStaging } from "./image.staging.disk.server.ts";
import { createS3Staging } from "./image.staging.s3.server.ts";
import type { UploadStaging } from "./image.staging.server.ts";
import { sweepUploads } from "./image.sweeper.server.ts";
import { IMAGE_ID_HEADER, UPLOADS_PATH } from "./image.upload.ts";
import { claimUpload, releaseUploadClaim, type UploadQuota } from "./image.upload-quota.server.ts";

/**
 * The staging that goes with the storage: with S3, the bucket itself (under "uploads/"), shared by every
 * instance so that a photo's requests may reach different ones; with the disk, DATA_DIR/uploads.
 */
export function createUploadStaging(config: Config["storage"], storage: Storage): UploadStaging {
  return config.kind === "s3" ? createS3Staging(storage) : createDiskStaging(config.uploadDir);
}

export type UploadServerOptions = ImageServiceDeps & {
  staging: UploadStaging;
  maxUploadBytes: number;
  /** Caps on a user's unfinished and pending photos (count and declared bytes); none when absent. */
  quota?: UploadQuota;
  /** Where finished uploads wait to be decoded (a bounded queue, LIMIT_IMAGE_DECODES); none: at once. */
  decodeQueue?: WorkQueue;
  /** The signed-in user's id for a request, or null for a visitor. */
  resolveUserId: (request: Request) => Promise<string | null>;
};

/** The tus endpoint and its upkeep. */
export type UploadServer = {
  /** Answers one tus request (POST, HEAD, PATCH, DELETE, OPTIONS, GET). */
  handle(request: Request): Promise<Response>;
  /** Deletes what abandoned or crashed uploads left, older than 24 hours (see image.sweeper.server.ts). */
  sweep(now?: number): Promise<void>;
};

/** tus turns a thrown { status_code, body } into the response; anything else becomes a 500. */
type TusFailure = { status_code: number; body: string };
const failure = (status_code: number, body: string): TusFailure => ({ status_code, body });

/** How long a client refused with 429 is told to wait (tus cannot set the header itself: see handle). */
const retryAfterSeconds = new WeakMap<Request, number>();
const tooMany = (request: Request, error: TooManyRequestsError): TusFailure => {
  retryAfterSeconds.set(request, error.retryAfterSeconds);
  return failure(429, error.message);
};

/**
 * The resumable upload endpoint. Only signed-in users may upload, and only to uploads they created; a
 * finished upload is processed at once (decoded, WebP variants stored, a pending image row written), its
 * staging file removed, and the image id returned in the Homestead-Image-Id header.
 */
export function createUploadServer(options: UploadServerOptions): UploadServer {
  const { staging, resolveUserId } = options;
  // The hooks of one request ask for the user several times; the session is read once.
  const users = new WeakMap<Request, Promise<string | null>>();
  const userOf = (request: Request) => {
    let user = users.get(request);
    if (!user) {
      user = resolveUserId(request);
      users.set(request, user);
    }
    return user;
  };
  const requireUploader = async (request: Request) => {
    const userId = await userOf(request);
    if (!userId) throw failure(401, "Please sign in to upload images");
    return userId;
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: staging.datastore,
    // No `locker`: tus's default locks per process, which is enough even with several instances (why: in
    // image.staging.s3.server.ts).
    relativeLocation: true,
    maxSize: options.maxUploadBytes,
    exposedHeaders: [IMAGE_ID_HEADER],
    // Uploads come from our own pages only; no other origin gets CORS access.
    allowedOrigins: () => false,
    namingFunction: async (request) => {
      await requireUploader(request as Request);
      return randomUUID();
    },
    async onIncomingRequest(request, uploadId) {
      const userId = await requireUploader(request as Request);
      if (request.method === "POST") return;
      const upload = await staging.datastore.getUpload(uploadId);
      // Someone else's upload answers exactly like a missing one.
      if (upload.metadata?.userId !== userId) throw failure(404, "The file for this url was not found\n");
    },
    async onUploadCreate(request, upload) {
      const userId = await requireUploader(request as Request);
      if (options.quota) {
        try {
          await claimUpload(options.db, options.quota, { id: upload.id, userId, bytes: upload.size ?? 0 });
        } catch (error) {
          if (error instanceof TooManyRequestsError) throw tooMany(request as Request, error);
          throw error;
        }
      }
      // Only what we set is kept: the owner comes from the session, never from the client's metadata.
      return { metadata: { userId, filename: String(upload.metadata?.filename ?? "photo").slice(0, 200) } };
    },
    async onUploadFinish(request, upload) {
      const imageId = await processFinishedUpload(request as Request, upload);
      return { headers: { [IMAGE_ID_HEADER]: imageId } };
    },
    onResponseError(_request, error) {
      if ("status_code" in error && error.status_code === 413) {
        const megabytes = Math.round(options.maxUploadBytes / (1024 * 1024));
        return failure(413, `This image is larger than ${megabytes} MB`);
      }
      if (!("status_code" in error)) logger.error({ err: error }, "upload failed");
      return undefined;
    },
  });

  async function processFinishedUpload(request: Request, upload: Upload) {
    const userId = upload.metadata?.userId;
    const decode = options.decodeQueue ?? { run: <T>(work: () => Promise<T>) => work() };
    try {
      if (!userId) throw failure(403, "This upload has no owner");
      const image = await decode.run(async () =>
        storeUploadedImage(options, {
          id: upload.id,
          userId,
          fileName: upload.metadata?.filename ?? "photo",
          data: await staging.read(upload.id),
        }),
      );
      return image.id;
    } catch (error) {
      // Two instances can finish the same upload at once (a client that timed out resends its last PATCH,
      // and the balancer picks the other one). The one that loses the race finds the image the other stored.
      const [stored] = userId ? await findImagesByIds(options.db, [upload.id]).catch(() => []) : [];
      if (stored && stored.userId === userId) {
        logger.info({ uploadId: upload.id }, "upload already finished by another request");
        return stored.id;
      }
      // Refused: the photo counts toward the user's pending caps no more.
      await releaseUploadClaim(options.db, upload.id).catch(() => undefined);
      if (error instanceof TooManyRequestsError) throw tooMany(request, error);
      if (error instanceof ImageRejectedError) throw failure(422, imageRejectionMessage(error.reason));
      if (error && typeof error === "object" && "status_code" in error) throw error;
      logger.error({ err: error, uploadId: upload.id }, "could not process an upload");
      throw failure(500, "The image could not be saved");
    } finally {
      // Processed or refused, the original (with its EXIF, GPS included) is not kept.
      await staging.remove(upload.id).catch((error: unknown) => {
        logger.warn({ err: error, uploadId: upload.id }, "could not remove a staging file");
      });
    }
  }

  return {
    async handle(request) {
      const response = await tus.handleWeb(request);
      const wait = retryAfterSeconds.get(request);
      if (response.status === 429 && wait !== undefined) response.headers.set("Retry-After", String(wait));
      return response;
    },
    async sweep(now = Date.now()) {
      const report = await sweepUploads({ db: options.db, storage: options.storage, staging }, now);
      if (Object.values(report).some((count) => count > 0)) logger.info(report, "deleted abandoned uploads");
    },
  };
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Runs one pass of a named background job (the metrics count it); by default just runs it. */
type JobRunner = (job: string, work: () => Promise<void>) => Promise<void>;

/** Runs `sweep` shortly after start and then hourly; unref'd, so it never keeps the process alive. */
export function startUploadSweeper(
  uploads: Pick<UploadServer, "sweep">,
  runJob: JobRunner = (_job, work) => work(),
) {
  const run = () => {
    runJob("upload-sweep", () => uploads.sweep()).catch((error: unknown) =>
      logger.error({ err: error }, "upload sweep failed"),
    );
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
