import { opendir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Db } from "#app/db/db.server.ts";
import { storedWidths } from "#app/modules/image/image.rules.ts";
import type { Ledger, Snapshot } from "./crash-workload.ts";

/**
 * What must hold after a crash, a restart and a sweep: acknowledged saves are there whole, no listing is
 * half-written, every image row has its files and every file its row, and staging is empty.
 */
export type CrashCheck = {
  problems: string[];
  listings: number;
  images: number;
  files: number;
  /** Saves the client never heard back from that committed anyway (allowed: the kill came after COMMIT). */
  unansweredCommitted: number;
};

type ImageRow = { id: string; listingId: string | null; position: number; storageKey: string; width: number };

/**
 * Checks the database and the data folder against the ledger, then makes the ledger agree with what was
 * found (an unanswered save either happened or not; the next round builds on the outcome).
 */
export async function checkAfterCrash(db: Db, dataDir: string, ledger: Ledger): Promise<CrashCheck> {
  const problems: string[] = [];
  const listings = await db.selectFrom("listing").select(["id", "type", "regularPrice"]).execute();
  const images: ImageRow[] = (
    await db.selectFrom("image").select(["id", "listingId", "position", "storageKey", "width"]).execute()
  ).map((row) => ({ ...row, position: Number(row.position), width: Number(row.width) }));

  const byListing = new Map<string, ImageRow[]>();
  for (const image of images) {
    if (image.listingId === null) {
      problems.push(`image ${image.id} is still pending after a sweep far in the future`);
      continue;
    }
    byListing.set(image.listingId, [...(byListing.get(image.listingId) ?? []), image]);
  }

  let unansweredCommitted = 0;
  for (const listing of listings) {
    const photos = (byListing.get(listing.id) ?? []).sort((a, b) => a.position - b.position);
    const positions = photos.map((photo) => photo.position).join(",");
    const contiguous = photos.map((_, index) => index).join(",");
    if (photos.length === 0) problems.push(`listing ${listing.id} has no images`);
    else if (positions !== contiguous) problems.push(`listing ${listing.id} has positions ${positions}`);
    const found: Snapshot = {
      regularPrice: Number(listing.regularPrice),
      imageIds: photos.map((photo) => photo.id),
    };
    const tracked = ledger.listings.get(listing.id);
    if (!tracked) {
      // Not acknowledged: it must be exactly one create that was cut off, photos and all.
      const attempt = ledger.unansweredCreates.find((ids) => same(ids, found.imageIds));
      if (!attempt) problems.push(`listing ${listing.id} matches no save the client sent`);
      else {
        unansweredCommitted += 1;
        ledger.listings.set(listing.id, { id: listing.id, type: listing.type, worker: 0, acked: found });
      }
      continue;
    }
    const candidates = [tracked.acked, ...(tracked.unanswered ? [tracked.unanswered] : [])];
    const match = candidates.find((snapshot) => sameSnapshot(snapshot, found));
    if (!match || listing.type !== tracked.type) {
      problems.push(
        `listing ${listing.id} is ${describeSnapshot(found)}, expected ${candidates.map(describeSnapshot).join(" or ")}`,
      );
    } else if (match !== tracked.acked) unansweredCommitted += 1;
    tracked.acked = found;
    tracked.unanswered = undefined;
  }
  const present = new Set(listings.map((listing) => listing.id));
  for (const id of ledger.listings.keys()) {
    if (!present.has(id)) problems.push(`acknowledged listing ${id} is missing`);
  }
  ledger.unansweredCreates = [];

  const referenced = await checkImageFiles(dataDir, images, problems);
  const files = await filesUnder(path.join(dataDir, "images"));
  for (const file of files) {
    if (!referenced.has(file)) problems.push(`orphan file images/${file}`);
  }
  for (const file of await filesUnder(path.join(dataDir, "uploads"))) {
    problems.push(`staging file uploads/${file} left behind`);
  }
  return {
    problems,
    listings: listings.length,
    images: images.length,
    files: files.length,
    unansweredCommitted,
  };
}

/** Every variant file of every row exists and decodes as WebP; returns those files (relative to images/). */
async function checkImageFiles(dataDir: string, images: ImageRow[], problems: string[]) {
  const referenced = new Set<string>();
  await Promise.all(
    images.flatMap((image) =>
      storedWidths(image.width).map(async (width) => {
        // Disk storage keeps key "images/x-400.webp" as DATA_DIR/images/images/x-400.webp.
        const file = `${image.storageKey}-${width}.webp`;
        referenced.add(file);
        try {
          const metadata = await sharp(path.join(dataDir, "images", file)).metadata();
          if (metadata.format !== "webp" || !(metadata.width > 0)) {
            problems.push(`images/${file} is ${metadata.format}, ${metadata.width} px wide`);
          }
        } catch (error) {
          problems.push(`image ${image.id}: images/${file} unreadable (${(error as Error).message})`);
        }
      }),
    ),
  );
  return referenced;
}

/** Every file below `dir` (temporary and hidden ones included), relative to it; none if it is missing. */
async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  const handle = await opendir(dir).catch(() => undefined);
  if (!handle) return found;
  for await (const entry of handle) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), relative)));
    else found.push(relative);
  }
  return found;
}

function same(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

function sameSnapshot(a: Snapshot, b: Snapshot) {
  return a.regularPrice === b.regularPrice && same(a.imageIds, b.imageIds);
}

function describeSnapshot(snapshot: Snapshot) {
  return `$${snapshot.regularPrice} [${snapshot.imageIds.map((id) => id.slice(0, 8)).join(" ")}]`;
}
