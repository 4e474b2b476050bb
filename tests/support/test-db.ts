import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type Db, type DbKind } from "#app/db/db.server.ts";
import { migrateToLatest } from "#app/db/migrate.server.ts";
import { createTestDatabase, postgresUrlFromEnv } from "./pg.ts";

export type TestDb = { db: Db; kind: DbKind; url: string; destroy: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: a SQLite file in a temp folder by default, or a new database
 * on the PostgreSQL server of DATABASE_URL (CI's second run), dropped afterwards. Never shared between runs.
 */
export async function createTestDb(): Promise<TestDb> {
  if (postgresUrlFromEnv()) {
    const database = await createTestDatabase();
    const db = createDb({ kind: "postgres", url: database.url });
    await migrateToLatest(db);
    return {
      db,
      kind: "postgres",
      url: database.url,
      destroy: async () => {
        await db.destroy();
        await database.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "homestead-test-"));
  const file = path.join(dir, "test.sqlite");
  const db = createDb({ kind: "sqlite", file });
  await migrateToLatest(db);
  return {
    db,
    kind: "sqlite",
    url: `file:${file}`,
    destroy: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
