import type { Db } from "#app/db/db.server.ts";
import type { ListingRuleSet } from "#app/modules/listing/listing.country-rules.ts";
import {
  ALL_COUNTRY_DETAILS,
  COUNTRY_DETAILS,
  COUNTRY_RULES,
} from "#app/modules/listing/listing.country-rules.ts";
import { onScale } from "#app/modules/listing/listing.energy.ts";
import { generateListing, type PhotoPool } from "./demo-data.listing-generator.ts";
import type { PhotoStudio } from "./demo-data.photo-studio.server.ts";
import { EXTERIOR_PHOTOS, INTERIOR_PHOTOS } from "./demo-data.photos.ts";
import { createRandom, stableId, stableUuid } from "./demo-data.random.ts";
import {
  findExistingListingIds,
  insertListingsWithImages,
  toImageRows,
  toListingRow,
} from "./demo-data.rows.server.ts";

/** How many demo listings a fresh install shows. */
export const DEMO_LISTING_COUNT = 36;

/** Every demo photo: a cover of its own for each demo listing, the rooms shared among them. */
export const DEMO_PHOTO_POOL: PhotoPool = { exteriors: EXTERIOR_PHOTOS, interiors: INTERIOR_PHOTOS };

const HOUR = 60 * 60 * 1000;
// Newest an hour old, oldest about six weeks: newest-first order mixes cities and categories.
const SPACING = 28 * HOUR;
// Two listings at a time: each one's photos are processed in parallel already, and a small machine has few cores.
const CONCURRENCY = 2;

/** The id of demo listing `index` (0-based): stable, but not guessable from the index. */
export function demoListingId(index: number): string {
  return stableId("demo-listing", index);
}

/**
 * Creates the demo listings that do not exist yet, each with its photos stored through the upload pipeline,
 * spread among `ownerIds`, rated on the scale of `rules` and with that country's own details only. Each listing is written with its images in one transaction once its photos are
 * stored, so a page never shows a listing without them. Returns how many listings and images it created.
 */
export async function seedDemoListings(
  db: Db,
  studio: PhotoStudio,
  ownerIds: string[],
  onProgress: (done: number, total: number) => void = () => {},
  rules: ListingRuleSet = "none",
): Promise<{ listings: number; images: number }> {
  const { scale } = COUNTRY_RULES[rules];
  const now = Date.now();
  const ids = Array.from({ length: DEMO_LISTING_COUNT }, (_, index) => demoListingId(index));
  const existing = await findExistingListingIds(db, ids);
  const missing = ids.map((id, index) => ({ id, index })).filter(({ id }) => !existing.has(id));
  let listings = 0;
  let images = 0;
  await forEachWithConcurrency(missing, CONCURRENCY, async ({ id, index }) => {
    const random = createRandom(1000 + index);
    // Each demo listing has a cover of its own, which decides what kind of home it is.
    const cover = EXTERIOR_PHOTOS[index % EXTERIOR_PHOTOS.length]!;
    const listing = generateListing(random, DEMO_PHOTO_POOL, cover);
    const owner = ownerIds[index % ownerIds.length]!;
    const timestamp = now - HOUR - index * SPACING - random.int(0, 6 * HOUR);
    const photos = await Promise.all(
      listing.photos.map((photo, position) =>
        studio.store(owner, photo, stableUuid("demo-photo", index, position)),
      ),
    );
    const imageRows = toImageRows(id, owner, photos, timestamp);
    const row = toListingRow(id, owner, listing, timestamp);
    // The homes are rated A to G; on the site's own scale (LISTING_RULES), so that they are complete there.
    if (row.energyRating) row.energyRating = onScale(row.energyRating, scale);
    // Another country's details would read oddly on this site's pages (a council tax band in Melbourne):
    // only the site's own country's are kept.
    for (const field of ALL_COUNTRY_DETAILS) {
      if (!(COUNTRY_DETAILS[rules] as readonly string[]).includes(field)) row[field] = null;
    }
    await insertListingsWithImages(db, [row], imageRows);
    listings += 1;
    images += imageRows.length;
    onProgress(listings, missing.length);
  });
  return { listings, images };
}

async function forEachWithConcurrency<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
