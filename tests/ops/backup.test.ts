import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { createTestDatabase, postgresUrlFromEnv, type TestDatabase } from "#tests/support/pg.ts";
import { openOpsData, type Row, referencedFiles } from "./ops-data.ts";
import { newAccount, OPS_ENV, runScript, SKIP_REASON, signIn, signUp } from "./ops-support.ts";

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

describe.skipIf(SKIP_REASON)("npm run backup / npm run restore", () => {
  it.each(engines)(
    "restores a backup taken during writes (%s)",
    async (engine) => {
      const original = await start(await freshDatabase(engine), await tempDir("homestead-ops-data-"));
      const imagesDir = path.join(original.dataDir, "images");
      const live = await openOpsData(original.env);
      cleanups.push(() => live.close());

      // Data that exists before the backup starts: users through the sign-up form, listings with photos.
      const accounts = [newAccount("Before One"), newAccount("Before Two"), newAccount("Before Three")];
      const cookies = await Promise.all(accounts.map((account) => signUp(original.url, account)));
      const userIds = (await live.rows("user")).map((user) => String(user.id));
      for (const userId of userIds) await live.insertListing(userId, imagesDir);
      const usersBefore = await live.rows("user");
      const listingsBefore = await live.rows("listing");

      // A stream of writes for as long as the backup runs: sign-ups over HTTP and listings with photos.
      let writing = true;
      let writesDuringBackup = 0;
      const writers = [
        (async () => {
          while (writing) {
            await signUp(original.url);
            writesDuringBackup++;
          }
        })(),
        (async () => {
          for (let i = 0; writing; i++) {
            await live.insertListing(userIds[i % userIds.length]!, imagesDir);
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

      const originalRows = {
        user: await live.rows("user"),
        listing: await live.rows("listing"),
        image: await live.rows("image"),
      };
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
      const restored = await start(
        Object.fromEntries(Object.entries(target).filter(([key]) => key === "DATABASE_URL")),
        target.DATA_DIR,
      );
      const data = await openOpsData(restored.env);
      cleanups.push(() => data.close());
      const restoredRows = {
        user: await data.rows("user"),
        listing: await data.rows("listing"),
        image: await data.rows("image"),
      };

      // Everything committed before the backup is back, unchanged; everything else is a row that existed in
      // the original (written during the backup), also unchanged: nothing invented, nothing torn.
      expect(restoredRows.user).toEqual(expect.arrayContaining(usersBefore));
      expect(restoredRows.listing).toEqual(expect.arrayContaining(listingsBefore));
      for (const table of ["user", "listing", "image"] as const) {
        expect(originalRows[table]).toEqual(expect.arrayContaining(restoredRows[table]));
      }
      const manifest = JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8"));
      if (engine === "sqlite") {
        expect(manifest.database.rows.user).toBe(restoredRows.user.length);
        expect(manifest.database.rows.listing).toBe(restoredRows.listing.length);
      }
      const missing = referencedFiles(restoredRows.image).filter(
        (file) => !existsSync(path.join(target.DATA_DIR, "images", file)),
      );
      expect(missing).toEqual([]);
      expect(await data.integrity()).toBe("ok");

      // Passwords and sessions survive: the auth secret came back with the data.
      expect(await signIn(restored.url, accounts[0]!)).toBeTruthy();
      const profile = await fetch(`${restored.url}/profile`, {
        headers: { cookie: cookies[1]! },
        redirect: "manual",
      });
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(accounts[1]!.email);
      expect(restoredRows.user.map((user: Row) => user.email)).toEqual(
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
