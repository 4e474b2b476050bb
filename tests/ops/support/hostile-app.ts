import { OPS_ENV } from "#tests/ops/ops-support.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { type GeocoderPeer, nominatimResult, startGeocoderServer } from "#tests/support/geocoder-server.ts";
import { createTestDatabase, postgresUrlFromEnv, type TestDatabase } from "#tests/support/pg.ts";
import { type AppState, openAppState } from "./app-state.ts";

/**
 * The production server on a fresh data folder, for tests that attack it over HTTP: SQLite by default, a
 * fresh PostgreSQL database when DATABASE_URL is a postgres:// URL (one that does not answer fails the start). Geocoding goes to a loopback Nominatim
 * that finds every address: these tests are about what is refused before and around it, not about resolving
 * addresses, and every valid save gets the same answer at once.
 */
export type HostileApp = {
  url: string;
  engine: "sqlite" | "postgres";
  server: AppServer;
  state: AppState;
  close(): Promise<void>;
};

export async function startHostileApp(prefix: string, env: Record<string, string> = {}): Promise<HostileApp> {
  const postgres = postgresUrlFromEnv();
  let geocoder: GeocoderPeer | undefined;
  let database: TestDatabase | undefined;
  let server: AppServer | undefined;
  let state: AppState | undefined;
  const close = async () => {
    await state?.close();
    await server?.cleanup();
    await database?.drop();
    await geocoder?.stop();
  };
  try {
    geocoder = await startGeocoderServer();
    geocoder.setResponse(
      "nominatim",
      nominatimResult({ lat: "48.8566", lon: "2.3522", displayName: "Paris, Île-de-France, France" }),
    );
    database = postgres ? await createTestDatabase(`homestead_${prefix}`, postgres) : undefined;
    server = await startAppServer({
      env: {
        ...OPS_ENV,
        GEOCODER: "nominatim",
        GEOCODER_URL: geocoder.url,
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
    });
    state = await openAppState(server.env);
    return { url: server.url, engine: database ? "postgres" : "sqlite", server, state, close };
  } catch (error) {
    await close();
    throw error;
  }
}
