import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db, type DbKind } from "#app/db/db.server.ts";
import { migrateToLatest } from "#app/db/migrate.server.ts";

export type TestDb = { db: Db; kind: DbKind; url: string; destroy: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: a SQLite file in a temp folder by default, or a new database
 * on the PostgreSQL server of DATABASE_URL (CI's second run), dropped afterwards. Never shared between runs.
 */
export async function createTestDb(): Promise<TestDb> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl?.startsWith("postgres")) {
    const name = `homestead_test_${randomBytes(6).toString("hex")}`;
    const admin = new URL(serverUrl);
    admin.pathname = "/postgres";
    await withClient(admin.toString(), (client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = createDb({ kind: "postgres", url: url.toString() });
    await migrateToLatest(db);
    return {
      db,
      kind: "postgres",
      url: url.toString(),
      destroy: async () => {
        await db.destroy();
        await withClient(admin.toString(), (client) =>
          client.query(`drop database if exists ${name} with (force)`),
        );
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

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
