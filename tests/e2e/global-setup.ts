import { randomBytes } from "node:crypto";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startAppServer } from "#tests/support/app-server.ts";
import { startOidcProvider } from "#tests/support/oidc-provider.ts";
import { createTestDatabase, postgresUrlFromEnv } from "#tests/support/pg.ts";
import { startSmtpServer } from "#tests/support/smtp-server.ts";
import { startTileServer } from "#tests/support/tile-server.ts";

/**
 * Starts what the end-to-end tests run against, once per `playwright test`:
 *   - loopback peers for everything outside: SMTP (with an HTTP inbox), an OpenID provider standing in for
 *     Google, a map-tile server;
 *   - the app itself from the production build (`node server.ts`) with a fresh data folder and, when
 *     DATABASE_URL names a PostgreSQL server, a fresh database on it (otherwise SQLite in the data folder).
 * The peers live in this process; tests (in worker processes) reach everything through the E2E_* variables
 * set below, which Playwright hands to its workers. Returns the teardown.
 */
const E2E_ADMIN_EMAIL = `admin-${randomBytes(6).toString("hex")}@example.com`;

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error("e2e teardown:", error);
      }
    }
  };

  try {
    const [smtp, oidc, tiles] = await Promise.all([
      startSmtpServer(),
      startOidcProvider({ clientId: "test-client" }),
      startTileServer(),
    ]);
    cleanups.push(smtp.stop, oidc.stop, tiles.stop);

    const postgresServer = postgresUrlFromEnv();
    if (process.env.DATABASE_URL && !postgresServer) {
      console.warn(
        "e2e: DATABASE_URL is not a PostgreSQL URL; ignored, the app uses SQLite in its data folder",
      );
    }
    let databaseUrl: string | undefined;
    if (postgresServer) {
      const database = await createTestDatabase("homestead_e2e", postgresServer);
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }

    // Everything but PORT, PUBLIC_URL and DATA_DIR, which each instance gets for itself: a test that starts
    // a sibling instance passes E2E_APP_ENV back to startAppServer to join the same database and peers.
    const appEnv: Record<string, string> = {
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      TILE_URL: tiles.urlTemplate,
      SEED: "false",
      // Search alerts within seconds, so tests/e2e/saved.spec.ts waits for one briefly.
      ALERT_INTERVAL_SECONDS: "2",
      AUTH_RATE_LIMIT_MAX: "1000",
      LOG_LEVEL: "warn",
      // The administrator of this run (tests/support/sessions.ts signedInAsAdmin creates it and signs it in).
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const outputDir = config.projects[0]?.outputDir ?? path.join(config.rootDir, "..", "..", "test-results");
    const app = await startAppServer({ env: appEnv, logFile: path.join(outputDir, "app-server.log") });
    cleanups.push(app.cleanup);

    Object.assign(process.env, {
      E2E_BASE_URL: app.url,
      E2E_DATA_DIR: app.dataDir,
      E2E_DATABASE_URL: databaseUrl ?? "",
      E2E_APP_ENV: JSON.stringify(appEnv),
      E2E_SMTP_URL: smtp.url,
      E2E_SMTP_INBOX_URL: smtp.inboxUrl,
      E2E_OIDC_ISSUER_URL: oidc.issuerUrl,
      E2E_OIDC_DISCOVERY_URL: oidc.discoveryUrl,
      E2E_OIDC_CLIENT_ID: oidc.clientId,
      E2E_TILE_URL: tiles.urlTemplate,
      E2E_TILE_STATS_URL: tiles.statsUrl,
      E2E_ADMIN_EMAIL,
    });
    const database = databaseUrl ? `postgres ${new URL(databaseUrl).pathname.slice(1)}` : "sqlite";
    console.log(
      `e2e: app ${app.url} (${database}, data ${app.dataDir}); log ${path.join(outputDir, "app-server.log")}`,
    );
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
