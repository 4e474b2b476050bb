import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { spawnServer } from "./server-process.ts";

/** Goals of a newcomer's first start: demo listings on Explore within 10 s, a server bundle under 60 KB. */
export const FIRST_START_GOAL_MS = 10_000;
export const SERVER_BUNDLE_GOAL_KB = 60;

export type FirstStart = {
  /** From spawning `node server.ts` on an empty data folder to an Explore page that shows demo listings. */
  listingsVisibleMs: number;
  /** build/server/index.js, the bundle every start loads. */
  serverBundleKb: number;
};

// A listing card links to its page: /category/<rent|sale>/<id>.
const LISTING_LINK = /href="\/category\/(rent|sale)\/[\w-]+"/;

/**
 * What `npm start` costs a newcomer after the build: the server on a fresh data folder (SQLite file, demo seed,
 * offline geocoder, outbox), polled every 100 ms until Explore lists a demo home. Needs the production build.
 */
export async function benchFirstStart(): Promise<FirstStart> {
  const serverBundleKb =
    Math.round(statSync(path.join(REPO_ROOT, "build/server/index.js")).size / 102.4) / 10;
  const dataDir = mkdtempSync(path.join(tmpdir(), "homestead-first-start-"));
  const started = performance.now();
  const { url, child, exited, output } = await spawnServer({ DATA_DIR: dataDir });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
      if (performance.now() - started > 120_000)
        throw new Error(`no demo listing within 120 s:\n${output()}`);
      const html = await fetch(`${url}/`).then(
        (response) => (response.ok ? response.text() : ""),
        () => "",
      );
      if (LISTING_LINK.test(html)) break;
      await sleep(100);
    }
    return { listingsVisibleMs: Math.round(performance.now() - started), serverBundleKb };
  } finally {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
