import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { DRAW_HEIGHT, DRAW_WIDTH, drawPhotoPixels, type PhotoRequest } from "./photos.draw.ts";
import type { DrawReply, DrawRequest } from "./photos.draw.worker.ts";

// The demo's photo generator: draws a house or a room for a seed and returns it as the JPEG a phone would
// upload, so the seed sends it through the same pipeline as a user's photo. Drawing happens in worker threads
// (one per CPU, at most 4); sharp's upscale and JPEG encoding run on libuv's own threads.

export type { PhotoRequest } from "./photos.draw.ts";

/** Every generated photo is a 3:2 landscape as large as the widest stored variant. */
export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 1067;

const JPEG_QUALITY = 85;
// Started from source, resolved from the working directory like the geocoder's worker (decision 011): the
// server bundle does not hold it. Without it (a server started elsewhere) photos are drawn on this thread.
const WORKER_FILE = path.resolve("tooling/demo-data/photos/photos.draw.worker.ts");

/** Renders demo photos; close() ends its threads. */
export type PhotoRenderer = {
  /** The photo `request` describes, as a JPEG: the same request always gives the same bytes. */
  render(request: PhotoRequest): Promise<Buffer>;
  close(): Promise<void>;
};

/** A renderer drawing on `threads` worker threads (0: on the calling thread). */
export function createPhotoRenderer(
  threads = existsSync(WORKER_FILE) ? Math.min(4, availableParallelism()) : 0,
): PhotoRenderer {
  if (threads === 0) {
    return { render: async (request) => toJpeg(drawPhotoPixels(request)), close: async () => {} };
  }
  const pending = new Map<
    number,
    { resolve: (pixels: Uint8Array) => void; reject: (error: Error) => void }
  >();
  const idle: Worker[] = [];
  const queue: DrawRequest[] = [];
  let nextId = 0;
  // A thread that crashed fails what it held; from then on photos are drawn on this thread.
  let broken = false;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(WORKER_FILE);
    worker.on("message", (reply: DrawReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if ("error" in reply) waiting?.reject(new Error(`drawing a demo photo failed: ${reply.error}`));
      else waiting?.resolve(reply.pixels);
      dispatch(worker);
    });
    worker.on("error", (error) => {
      broken = true;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      queue.length = 0;
    });
    return worker;
  });
  idle.push(...workers);

  function dispatch(worker: Worker) {
    const job = queue.shift();
    if (job) worker.postMessage(job);
    else idle.push(worker);
  }

  return {
    async render(request) {
      if (broken) return toJpeg(drawPhotoPixels(request));
      const id = nextId++;
      const pixels = new Promise<Uint8Array>((resolve, reject) => pending.set(id, { resolve, reject }));
      queue.push({ id, request });
      const worker = idle.pop();
      if (worker) dispatch(worker);
      return toJpeg(await pixels);
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

function toJpeg(pixels: Uint8Array): Promise<Buffer> {
  return sharp(pixels, { raw: { width: DRAW_WIDTH, height: DRAW_HEIGHT, channels: 3 } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: "lanczos3", fit: "fill" })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}
