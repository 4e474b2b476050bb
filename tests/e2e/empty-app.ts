import { startAppServer } from "#tests/support/app-server.ts";
import { createTestDatabase, postgresUrlFromEnv } from "#tests/support/pg.ts";

/**
 * Another instance of the app, with the global setup's peers but a database of its own (a new PostgreSQL
 * database when the run uses one), for what only an empty marketplace shows, or what only another
 * configuration (`extraEnv`) shows.
 */
export async function startEmptyApp(databasePrefix: string, extraEnv: Record<string, string> = {}) {
  const env = JSON.parse(process.env.E2E_APP_ENV ?? "{}") as Record<string, string | undefined>;
  const server = postgresUrlFromEnv();
  const database = server ? await createTestDatabase(databasePrefix, server) : undefined;
  const app = await startAppServer({ env: { ...env, DATABASE_URL: database?.url, ...extraEnv } });
  return {
    url: app.url,
    /** The instance's environment (its DATA_DIR and DATABASE_URL), for openAppData. */
    env: app.env,
    cleanup: async () => {
      await app.cleanup();
      await database?.drop();
    },
  };
}
