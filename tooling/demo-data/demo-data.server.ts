import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import type { Services } from "#app/services.server.ts";
import { seedBulkListings } from "./demo-data.bulk.server.ts";
import { seedDemoListings } from "./demo-data.listings.server.ts";
import { createPhotoStudio } from "./demo-data.photo-studio.server.ts";
import { DEMO_EMAILS, ensureBenchUsers, ensureDemoUsers } from "./demo-data.users.server.ts";

export { DEMO_SIGN_IN } from "./demo-data.users.server.ts";

/** What seeding needs from the running services. */
export type SeedServices = Pick<Services, "db" | "storage">;

export type SeedOptions = {
  /** Also make sure this many bulk (benchmark) listings exist. Default 0. */
  listings?: number;
  /** Progress lines for a person watching; default none. */
  onProgress?: (message: string) => void;
};

/** What a seeding run created (existing rows are never counted nor touched). */
export type SeedReport = { listings: number; images: number; bulkListings: number; bulkImages: number };

/**
 * Adds the demo users and the 36 demo listings with their photos, then `listings` bulk listings when asked.
 * Everything has a stable id, so a second run adds nothing and a run cut short is completed by the next.
 */
export async function seed(services: SeedServices, options: SeedOptions = {}): Promise<SeedReport> {
  const { db, storage } = services;
  const progress = options.onProgress ?? (() => {});
  const studio = createPhotoStudio(storage);
  try {
    const ownerIds = await ensureDemoUsers(db);
    const demo = await seedDemoListings(db, studio, ownerIds, (done, total) => {
      if (done % 6 === 0 || done === total) progress(`demo listings: ${done}/${total}`);
    });
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
  } finally {
    await studio.close();
  }
}

/**
 * At server start: seeds the demo data when SEED is not false and the database is empty. Drawing and
 * processing the photos takes 5 to 15 seconds on a small machine, so it runs in the background once the
 * server listens; listings appear one by one as their photos are stored.
 */
export function seedEmptyDatabaseInBackground(services: Services): void {
  if (!services.config.seed) return;
  setImmediate(async () => {
    try {
      if (!(await isEmpty(services.db))) return;
      const started = performance.now();
      logger.info("empty database: seeding demo data in the background (SEED=false turns this off)");
      const report = await seed(services, { onProgress: (message) => logger.info(message) });
      logger.info({ ...report, ms: Math.round(performance.now() - started) }, "demo data seeded");
    } catch (error) {
      // Seeding is a convenience: a failure (or a shutdown in the middle) must never take the server down.
      // `npm run seed` completes whatever is missing.
      logger.warn({ err: error }, "demo data seeding stopped");
    }
  });
}

/** No listings and no users but demo ones: a start cut short during seeding still counts as empty. */
async function isEmpty(db: Db): Promise<boolean> {
  const listing = await db.selectFrom("listing").select("id").limit(1).executeTakeFirst();
  if (listing) return false;
  const user = await db
    .selectFrom("user")
    .select("id")
    .where("email", "not in", DEMO_EMAILS)
    .limit(1)
    .executeTakeFirst();
  return !user;
}
