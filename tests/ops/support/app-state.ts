import { type AppData, openAppData } from "#tests/support/app-data.ts";
import { type DbState, dbState } from "#tests/support/db-state.ts";

export type { StateSnapshot } from "#tests/support/db-state.ts";

/** What a running server's requests could have written (tests/support/db-state.ts), read beside it. */
export type AppState = DbState & { close(): Promise<void> };

/** Opens the data of the app started with `env`, read-only: these tests watch its writes, never make one. */
export async function openAppState(env: Record<string, string>): Promise<AppState> {
  const data: AppData = await openAppData(env, { readOnly: true });
  return { ...dbState(data.db, data.config.storage), close: data.close };
}
