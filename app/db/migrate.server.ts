import type { Migration, MigrationProvider } from "kysely/migration";
import { Migrator } from "kysely/migration";
import * as createTables from "#app/db/migrations/2026_11_23_0130_create_tables.ts";
import * as indexImageStorageKey from "#app/db/migrations/2026_11_23_0250_index_image_storage_key.ts";
import type { Db } from "./db.server.ts";

// Listed here, not read from disk, so the migrations travel inside the server bundle.
const migrations: Record<string, Migration> = {
  "2026_11_23_0130_create_tables": createTables,
  "2026_11_23_0250_index_image_storage_key": indexImageStorageKey,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; run on every start. Kysely's lock keeps two starting processes apart. */
export async function migrateToLatest(db: Db) {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
  }
  return results?.filter((result) => result.status === "Success").map((result) => result.migrationName) ?? [];
}
