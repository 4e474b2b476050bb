import type { Services } from "#app/services.server.ts";
import { seedBulkListings } from "./demo-data.bulk.server.ts";
import { seedDemoListings } from "./demo-data.listings.server.ts";
import { createPhotoStudio } from "./demo-data.photo-studio.server.ts";
import { seedDemoStats } from "./demo-data.stats.server.ts";
import { ensureBenchUsers, ensureDemoUsers } from "./demo-data.users.server.ts";

export { DEMO_SIGN_IN } from "./demo-data.users.server.ts";

/** What seeding needs from the running services. */
export type SeedServices = Pick<Services, "db" | "storage"> & {
  /** LISTING_RULES: the demo homes are rated on its scale (A to G when absent). */
  config?: Pick<Services["config"], "listingRules">;
};

export type SeedOptions = {
  /** Also make sure this many bulk (benchmark) listings exist. Default 0. */
  listings?: number;
  /** Progress lines for a person watching; default none. */
  onProgress?: (message: string) => void;
};

/** What a seeding run created (existing rows are never counted nor touched). */
export type SeedReport = { listings: number; images: number; bulkListings: number; bulkImages: number };

/**
 * Adds the demo users and the 36 demo listings with their photos and the last 30 days' statistics, then `listings` bulk listings when asked.
 * Everything has a stable id, so a second run adds nothing and a run cut short is completed by the next.
 */
export async function seed(services: SeedServices, options: SeedOptions = {}): Promise<SeedReport> {
  const { db, storage } = services;
  const progress = options.onProgress ?? (() => {});
  const studio = createPhotoStudio(storage);
  const ownerIds = await ensureDemoUsers(db);
  const demo = await seedDemoListings(
    db,
    studio,
    ownerIds,
    (done, total) => {
      if (done % 6 === 0 || done === total) progress(`demo listings: ${done}/${total}`);
    },
    services.config?.listingRules,
  );
  await seedDemoStats(db, Date.now());
  const report = { listings: demo.listings, images: demo.images, bulkListings: 0, bulkImages: 0 };
  if (options.listings && options.listings > 0) {
    const benchOwners = await ensureBenchUsers(db);
    const bulk = await seedBulkListings(db, studio, benchOwners, options.listings, (done, total) => {
      if (done % 10_000 === 0 || done === total) progress(`bulk listings: ${done}/${total}`);
    });
    report.bulkListings = bulk.listings;
    report.bulkImages = bulk.images;
  }
  return report;
}
