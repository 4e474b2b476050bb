import { TooManyRequestsError } from "#app/http/errors.ts";

// A bounded work queue for one process: at most `concurrency` jobs run at once, at most `maxWaiting` wait;
// one more is refused at once with TooManyRequestsError (429) rather than piling up memory. Used where the
// cost is this machine's (decoding photos: tens of MB of pixels each), not a count shared between instances.

export type WorkQueue = {
  /** Runs `work` when a slot is free; throws TooManyRequestsError when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now. */
  size(): { running: number; waiting: number };
};

export function createWorkQueue({
  concurrency,
  maxWaiting,
  busyMessage,
  retryAfterSeconds = 10,
}: {
  concurrency: number;
  maxWaiting: number;
  busyMessage: string;
  retryAfterSeconds?: number;
}): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new TooManyRequestsError(busyMessage, retryAfterSeconds);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    size: () => ({ running, waiting: waiting.length }),
  };
}
