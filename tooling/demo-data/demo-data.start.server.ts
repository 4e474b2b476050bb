import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import type { Services } from "#app/services.server.ts";
import { DEMO_EMAILS } from "./demo-data.users.server.ts";

// What every server start runs: a look at whether the database is empty. The seeder itself (and the photo
// pipeline it drives) is imported only when it will seed, so the server bundle does not carry it.

/**
 * At server start: seeds the demo data when SEED is not false and the database is empty. Processing the photos
 * takes a few seconds on a small machine, so it runs in the background once the server listens; listings
 * appear one by one as their photos are stored.
 */
export function seedEmptyDatabaseInBackground(services: Services): void {
  if (!services.config.seed) return;
  setImmediate(async () => {
    try {
      if (!(await isEmpty(services.db))) return;
      const started = performance.now();
      logger.info("empty database: seeding demo data in the background (SEED=false turns this off)");
      const { seed } = await import("./demo-data.server.ts");
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
