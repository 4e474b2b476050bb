import path from "node:path";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { startTileServer } from "#tests/support/tile-server.ts";

export type SeededApp = {
  url: string;
  /** A demo listing's page, e.g. /category/rent/<id>. */
  listingPath: string;
  stop(): Promise<void>;
};

/** Drawing and processing the demo photos takes seconds on a quiet machine; a loaded one needs longer. */
const SEED_TIMEOUT_MS = 10 * 60_000;
const LISTING_LINK = /href="(\/category\/rent\/[^"/?#]+)"/g;

/**
 * The production build (`node server.ts`) on a fresh data folder with the demo data, as `npm start` serves a
 * new install, except that map tiles come from a loopback tile server: nothing leaves the machine, and the
 * audit measures this app rather than OpenStreetMap. Resolves once seeding has finished, so the server is
 * not drawing photos while Lighthouse measures it.
 */
export async function startSeededApp(logFile: string): Promise<SeededApp> {
  const tiles = await startTileServer();
  let app: AppServer;
  try {
    app = await startAppServer({
      // LOG_LEVEL info: the seed reports "demo data seeded" at that level.
      env: { SEED: "true", TILE_URL: tiles.urlTemplate, LOG_LEVEL: "info" },
      logFile,
    });
  } catch (error) {
    await tiles.stop();
    throw error;
  }
  const stop = async () => {
    await app.cleanup();
    await tiles.stop();
  };
  try {
    const listingPath = await waitForDemoListings(app);
    return { url: app.url, listingPath, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message} (server log: ${path.relative(process.cwd(), logFile)})`);
  }
}

/** Polls until the seed has finished and /category/rent lists demo listings; returns the first one's path. */
async function waitForDemoListings(app: AppServer): Promise<string> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  let seeded = false;
  let listings: string[] = [];
  while (Date.now() < deadline) {
    const output = app.output();
    if (output.includes("demo data seeding stopped")) throw new Error("the demo data seeding failed");
    seeded ||= output.includes("demo data seeded");
    if (seeded) {
      const html = await (await fetch(`${app.url}/category/rent`)).text();
      listings = [...html.matchAll(LISTING_LINK)].map((match) => match[1]!);
      if (listings.length > 0) return listings[0]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(
    seeded
      ? "the demo data was seeded but /category/rent lists no listing"
      : `no "demo data seeded" from the server after ${SEED_TIMEOUT_MS / 1000} s`,
  );
}
