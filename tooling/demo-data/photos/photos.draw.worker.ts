// A drawing thread of the demo photo renderer (photos.render.server.ts starts it from this source file; Node
// strips the types). Drawing is pure JavaScript, a few hundred milliseconds per photo: in a thread of its own it
// never holds up the requests the server answers while it seeds in the background.
import { parentPort } from "node:worker_threads";
import { drawPhotoPixels, type PhotoRequest } from "./photos.draw.ts";

/** A drawing request from the main thread, and its answer: the pixels, or why drawing failed. */
export type DrawRequest = { id: number; request: PhotoRequest };
export type DrawReply = { id: number; pixels: Uint8Array } | { id: number; error: string };

if (!parentPort) throw new Error("photos.draw.worker.ts runs as a worker thread only");
const port = parentPort;

port.on("message", ({ id, request }: DrawRequest) => {
  try {
    const pixels = drawPhotoPixels(request);
    port.postMessage({ id, pixels } satisfies DrawReply, [pixels.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies DrawReply);
  }
});
