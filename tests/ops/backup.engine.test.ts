import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db/db.server.ts";
import type { ImageRow } from "#app/db/schema.ts";
import { imageUrl, storedWidths } from "#app/modules/image/image.rules.ts";
import { newAccount, postSignIn, postSignUp } from "#tests/support/accounts.ts";
import { type AppData, databaseIntegrity, insertTestListing, openAppData } from "#tests/support/app-data.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { createTestDatabase, postgresUrlFromEnv, type TestDatabase } from "#tests/support/pg.ts";
import { OPS_ENV, runScript, SKIP_REASON } from "./ops-support.ts";

// SQLite always; PostgreSQL too when DATABASE_URL names a PostgreSQL server (pg_dump / pg_restore).
const engines = postgresUrlFromEnv() ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

// About 10 s on an idle machine (two server starts); the margin is for a loaded CI runner.
const SLOW_TEST_MS = 60_000;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function freshDatabase(engine: "sqlite" | "postgres"): Promise<Record<string, string>> {
  if (engine === "sqlite") return {};
  const database: TestDatabase = await createTestDatabase("homestead_ops", postgresUrlFromEnv());
  cleanups.push(database.drop);
  return { DATABASE_URL: database.url };
}

async function start(env: Record<string, string>, dataDir: string): Promise<AppServer> {
  const server = await startAppServer({ env: { ...OPS_ENV, ...env }, dataDir });
  cleanups.push(server.cleanup);
  return server;
}

async function openData(server: AppServer): Promise<AppData> {
  const data = await openAppData(server.env);
  cleanups.push(() => data.close());
  return data;
}

/** Every row of the tables a backup must carry, each ordered by id. */
async function allRows(db: Db) {
  return {
    user: await db.selectFrom("user").selectAll().orderBy("id").execute(),
    listing: await db.selectFrom("listing").selectAll().orderBy("id").execute(),
    image: await db.selectFrom("image").selectAll().orderBy("id").execute(),
  };
}

/** The permission bits of `dir` ("./") and of everything under it, by relative path (folders end in "/"). */
async function modesUnder(dir: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = { "./": ((await stat(dir)).mode & 0o777).toString(8) };
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(dir, file) + (entry.isDirectory() ? "/" : "");
    modes[name] = ((await stat(file)).mode & 0o777).toString(8);
  }
  return modes;
}

/** The files (relative to the images folder) that the image rows reference. */
function referencedFiles(images: ImageRow[]): string[] {
  return images.flatMap((image) =>
    storedWidths(image.width).map((width) => imageUrl(image.storageKey, width).slice(1)),
  );
}

describe.skipIf(SKIP_REASON)("npm run backup / npm run restore", () => {
  it.each(engines)(
    "restores a backup taken during writes (%s)",
    async (engine) => {
      const original = await start(await freshDatabase(engine), await tempDir("homestead-ops-data-"));
      const live = await openData(original);

      // Data that exists before the backup starts: users through the sign-up form, listings with photos.
      const accounts = [newAccount("Before One"), newAccount("Before Two"), newAccount("Before Three")];
      const cookies = await Promise.all(accounts.map((account) => postSignUp(original.url, account)));
      const before = await allRows(live.db);
      const userIds = before.user.map((user) => user.id);
      for (const userId of userIds) await insertTestListing(live, userId);
      const usersBefore = before.user;
      const listingsBefore = (await allRows(live.db)).listing;

      // A stream of writes for as long as the backup runs: sign-ups over HTTP and listings with photos.
      let writing = true;
      let writesDuringBackup = 0;
      const writers = [
        (async () => {
          while (writing) {
            // Unverified: marking an address verified is a second write of the row, which a backup taken
            // between the two would hold in its first state.
            await postSignUp(original.url, newAccount(), { verified: false });
            writesDuringBackup++;
          }
        })(),
        (async () => {
          for (let i = 0; writing; i++) {
            await insertTestListing(live, userIds[i % userIds.length]!);
            writesDuringBackup++;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        })(),
      ];
      const backupDir = path.join(await tempDir("homestead-ops-backup-"), "backup");
      const started = Date.now();
      const backup = await runScript("backup", ["--out", backupDir], original.env);
      const backupMs = Date.now() - started;
      writing = false;
      await Promise.all(writers);
      expect(backup.code, backup.stderr + backup.stdout).toBe(0);
      expect(writesDuringBackup).toBeGreaterThan(0);
      console.log(`backup (${engine}) took ${backupMs} ms with ${writesDuringBackup} writes alongside`);

      const originalRows = await allRows(live.db);
      await live.close();
      expect(await original.stop()).toEqual({ code: 0, signal: null });

      // Restore into a fresh data folder (and database), then serve it.
      const target = {
        ...original.env,
        ...(await freshDatabase(engine)),
        DATA_DIR: await tempDir("homestead-ops-restored-"),
      };
      const restore = await runScript("restore", [backupDir], target);
      expect(restore.code, restore.stderr + restore.stdout).toBe(0);
      // Private as the server keeps them, before any server start would fix them: the folder and every file.
      const modes = await modesUnder(target.DATA_DIR);
      const names = Object.keys(modes);
      expect(modes).toEqual(
        Object.fromEntries(names.map((name) => [name, name.endsWith("/") ? "700" : "600"])),
      );
      expect(names).toEqual(
        expect.arrayContaining(["./", "auth-secret", expect.stringMatching(/^images\/.+\.webp$/)]),
      );
      if (engine === "sqlite") expect(names).toContain("homestead.sqlite");
      const restored = await start(
        Object.fromEntries(Object.entries(target).filter(([key]) => key === "DATABASE_URL")),
        target.DATA_DIR,
      );
      const data = await openData(restored);
      const restoredRows = await allRows(data.db);

      // Everything committed before the backup is back, unchanged; everything else is a row that existed in
      // the original (written during the backup), also unchanged: nothing invented, nothing torn.
      expect(restoredRows.user).toEqual(expect.arrayContaining(usersBefore));
      expect(restoredRows.listing).toEqual(expect.arrayContaining(listingsBefore));
      expect(originalRows.user).toEqual(expect.arrayContaining(restoredRows.user));
      expect(originalRows.listing).toEqual(expect.arrayContaining(restoredRows.listing));
      expect(originalRows.image).toEqual(expect.arrayContaining(restoredRows.image));
      const manifest = JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8"));
      if (engine === "sqlite") {
        expect(manifest.database.rows.user).toBe(restoredRows.user.length);
        expect(manifest.database.rows.listing).toBe(restoredRows.listing.length);
      }
      const missing = referencedFiles(restoredRows.image).filter(
        (file) => !existsSync(path.join(target.DATA_DIR, "images", file)),
      );
      expect(missing).toEqual([]);
      expect(await databaseIntegrity(data)).toBe("ok");

      // Passwords and sessions survive: the auth secret came back with the data.
      expect(await postSignIn(restored.url, accounts[0]!)).toBeTruthy();
      const profile = await fetch(`${restored.url}/profile`, {
        headers: { cookie: cookies[1]! },
        redirect: "manual",
      });
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(accounts[1]!.email);
      expect(restoredRows.user.map((user) => user.email)).toEqual(
        expect.arrayContaining(accounts.map((account) => account.email)),
      );
    },
    SLOW_TEST_MS,
  );

  it(
    "refuses to restore while the server runs",
    async () => {
      const server = await start({}, await tempDir("homestead-ops-data-"));
      const backupDir = path.join(await tempDir("homestead-ops-backup-"), "backup");
      expect((await runScript("backup", ["--out", backupDir], server.env)).code).toBe(0);
      const refused = await runScript("restore", [backupDir, "--force"], server.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/a server answers at .*\/healthz: stop it first/);
    },
    SLOW_TEST_MS,
  );
});
