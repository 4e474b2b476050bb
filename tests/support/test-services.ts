import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "#app/config.server.ts";
import { type Services, startServices, stopServices } from "#app/services.server.ts";
import { rememberedCheck, rememberedHash } from "./password-hashes.ts";
import { createTestDb, type TestDb } from "./test-db.ts";

/**
 * The app's real services (the composition root, app/services.server.ts) on a fresh test database: what a
 * loader or action gets from `servicesContext` in production. Images and the mail outbox go to a temp folder,
 * addresses to the offline geocoder, and no background job runs: only the requests a test makes write.
 * `testDb.db` is a second connection to the same database, for the test's own reads and setup.
 */
export type TestServices = {
  services: Services;
  testDb: TestDb;
  /** The temp data folder (DATA_DIR): images/, uploads/, outbox/. */
  dataDir: string;
  destroy(): Promise<void>;
};

/** `env` adds to or overrides the test settings (ADMIN_EMAILS, LIMIT_*, ...), as the server's environment would. */
export async function createTestServices(env: Record<string, string> = {}): Promise<TestServices> {
  const testDb = await createTestDb();
  const dataDir = mkdtempSync(path.join(tmpdir(), "homestead-services-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    DATABASE_URL: testDb.url,
    GEOCODER: "offline",
    STORAGE: "disk",
    SEED: "false",
    LOG_LEVEL: "warn",
    ...env,
  });
  let services: Services;
  try {
    services = await startServices(config, { background: false });
  } catch (error) {
    await testDb.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // The same scrypt, once per password and per (hash, password) in this process (password-hashes.ts).
  const auth = await services.auth.$context;
  auth.password = { ...auth.password, hash: rememberedHash, verify: rememberedCheck };
  return {
    services,
    testDb,
    dataDir,
    destroy: async () => {
      await stopServices(services);
      await testDb.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
