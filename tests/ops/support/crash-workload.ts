import { createRandom } from "#tooling/demo-data/demo-data.random.ts";
import {
  type ListingFields,
  type ListingType,
  postListing,
  RefusedError,
  uploadPhoto,
} from "./crash-client.ts";

/**
 * The stream of saves the crash test runs against a server until it is killed, and the ledger of what the
 * client was told. A save is either acknowledged (the redirect arrived: it must survive the crash) or cut
 * off by the kill (it may or may not have committed, but never in part).
 */

/** What one save set on a listing. */
export type Snapshot = Pick<ListingFields, "regularPrice" | "imageIds">;

/** A listing the client saw created. Each belongs to one worker, so its saves never race each other. */
export type TrackedListing = {
  id: string;
  type: ListingType;
  worker: number;
  /** The state of the last acknowledged save. */
  acked: Snapshot;
  /** An edit sent but never answered: the listing shows either it or `acked`. */
  unanswered?: Snapshot;
};

export type Ledger = {
  listings: Map<string, TrackedListing>;
  /** Photos (in form order) of creates sent but never answered: each may exist, whole, or not at all. */
  unansweredCreates: string[][];
  counts: {
    createsAcked: number;
    editsAcked: number;
    savesUnanswered: number;
    photosUploaded: number;
  };
};

export function newLedger(): Ledger {
  return {
    listings: new Map(),
    unansweredCreates: [],
    counts: { createsAcked: 0, editsAcked: 0, savesUnanswered: 0, photosUploaded: 0 },
  };
}

export type Workload = {
  baseUrl: string;
  cookie: string;
  jpegs: Buffer[];
  ledger: Ledger;
  random: () => number;
  /** Set just before the kill: from then on a failed request is the crash, not a bug. */
  killed: () => boolean;
};

/**
 * Runs one worker's saves until the server dies under one of them. A refusal, or a network error before
 * the kill, is a bug and rejects.
 */
export async function runWorker(load: Workload, worker: number): Promise<void> {
  for (;;) {
    const own = [...load.ledger.listings.values()].filter((listing) => listing.worker === worker);
    try {
      if (own.length > 0 && load.random() < 0.5) await edit(load, pick(load.random, own));
      else await create(load, worker);
    } catch (error) {
      if (error instanceof RefusedError || !load.killed()) throw error;
      return;
    }
  }
}

async function create(load: Workload, worker: number) {
  const count = 1 + Math.floor(load.random() * 3);
  const imageIds = await Promise.all(Array.from({ length: count }, () => upload(load)));
  const fields: ListingFields = {
    type: load.random() < 0.5 ? "rent" : "sale",
    name: `Crash test home ${Math.floor(load.random() * 1e6)}`,
    regularPrice: price(load.random),
    imageIds,
  };
  const { ledger } = load;
  ledger.unansweredCreates.push(imageIds);
  ledger.counts.savesUnanswered += 1;
  const saved = await postListing(load.baseUrl, load.cookie, fields);
  ledger.unansweredCreates = ledger.unansweredCreates.filter((ids) => ids !== imageIds);
  ledger.counts.savesUnanswered -= 1;
  ledger.counts.createsAcked += 1;
  ledger.listings.set(saved.id, {
    id: saved.id,
    type: saved.type,
    worker,
    acked: { regularPrice: fields.regularPrice, imageIds },
  });
}

/** A new price, and every other time one photo replaced by a new upload (the old one is deleted). */
async function edit(load: Workload, listing: TrackedListing) {
  const imageIds = [...listing.acked.imageIds];
  if (load.random() < 0.5) {
    const slot = Math.floor(load.random() * imageIds.length);
    imageIds[slot] = await upload(load);
  }
  const next: Snapshot = { regularPrice: price(load.random), imageIds };
  listing.unanswered = next;
  load.ledger.counts.savesUnanswered += 1;
  const saved = await postListing(
    load.baseUrl,
    load.cookie,
    { type: listing.type, name: "Crash test home edited", ...next },
    listing.id,
  );
  if (saved.id !== listing.id) throw new RefusedError(`edit of ${listing.id} redirected to ${saved.id}`);
  listing.acked = next;
  listing.unanswered = undefined;
  load.ledger.counts.savesUnanswered -= 1;
  load.ledger.counts.editsAcked += 1;
}

async function upload(load: Workload) {
  const id = await uploadPhoto(load.baseUrl, load.cookie, pick(load.random, load.jpegs));
  load.ledger.counts.photosUploaded += 1;
  return id;
}

function price(random: () => number) {
  return 500 + Math.floor(random() * 5000);
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/**
 * A seeded generator (the demo data's mulberry32): a failing run's printed seed draws the same kill times and
 * choices again (how the workers' requests interleave still varies from run to run).
 */
export function seededRandom(seed: number): () => number {
  return createRandom(seed).next;
}
