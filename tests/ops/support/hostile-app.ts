import { type AppServer, startAppServer } from "../../support/app-server";
import { type GeocoderPeer, nominatimResult, startGeocoderServer } from "../../support/geocoder-server";
import { createTestDatabase, postgresUrlFromEnv, type TestDatabase } from "../../support/pg";
import { OPS_ENV } from "../ops-support";
import { type AppState, openAppState } from "./app-state";

/**
 * The production server on a fresh data folder, for tests that attack it over HTTP: SQLite by default, a
 * fresh PostgreSQL database when DATABASE_URL is a postgres:// URL. Geocoding goes to a loopback Nominatim
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

export async function startHostileApp(prefix: string): Promise<HostileApp> {
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
      },
    });
    state = await openAppState(database?.url, server.dataDir);
    return { url: server.url, engine: database ? "postgres" : "sqlite", server, state, close };
  } catch (error) {
    await close();
    throw error;
  }
}
