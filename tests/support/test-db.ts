import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type Db, type DbKind } from "#app/db/db.server.ts";
import { migrateToLatest } from "#app/db/migrate.server.ts";
import { adminQuery, createTestDatabase, postgresUrlFromEnv } from "./pg.ts";

export type TestDb = { db: Db; kind: DbKind; url: string; destroy: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: a SQLite file in a temp folder by default, or a new database
 * on the PostgreSQL server of DATABASE_URL (CI's second run), dropped afterwards. Never shared between runs.
 *
 * Migrating takes 0.5 s on SQLite and 1-4 s on PostgreSQL, and some sixty files each need a database, so the
 * migrations run once per version of them into a template (a SQLite file in the temp folder, a PostgreSQL
 * template database), and each test's database is a copy. The migrations themselves are still run from scratch
 * by their own tests (app/db) and by every server the server and browser tiers start.
 */
export async function createTestDb(): Promise<TestDb> {
  const serverUrl = postgresUrlFromEnv();
  if (serverUrl) {
    const database = await createTestDatabase("homestead_test", serverUrl, await postgresTemplate(serverUrl));
    const db = createDb({ kind: "postgres", url: database.url });
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
  copyFileSync(await sqliteTemplate(), file);
  const db = createDb({ kind: "sqlite", file });
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

/** Names the migrations' current text: a changed or added migration makes a new template. */
function migrationsKey(): string {
  const hash = createHash("sha256");
  const dbDir = path.join(import.meta.dirname, "..", "..", "app", "db");
  const migrationsDir = path.join(dbDir, "migrations");
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  hash.update(readFileSync(path.join(dbDir, "migrate.server.ts")));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The migrated SQLite file for this version of the migrations. Built in a folder of its own and renamed into
 * place, so a parallel worker sees either no template or a whole one (two may build it; the last rename wins,
 * with the same content). Closing the database checkpoints its WAL into the file, which is all a copy needs.
 */
async function sqliteTemplate(): Promise<string> {
  const template = path.join(tmpdir(), `homestead-test-template-${migrationsKey()}.sqlite`);
  if (existsSync(template)) return template;
  const dir = mkdtempSync(path.join(tmpdir(), "homestead-template-"));
  try {
    const file = path.join(dir, "template.sqlite");
    const db = createDb({ kind: "sqlite", file });
    await migrateToLatest(db);
    await db.destroy();
    renameSync(file, template);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return template;
}

const TEMPLATE_PREFIX = "homestead_template_";

/**
 * The name of a migrated template database on the server for this version of the migrations. Built under a
 * random name and renamed, so a parallel worker finds either none or a whole one (a lost race drops its own).
 * Templates of other versions of the migrations are dropped when a new one is built; one still being copied
 * from by another run refuses the drop, which is ignored.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsKey()}`;
  const existing = await databaseNames(serverUrl);
  if (existing.includes(name)) return name;

  const building = await createTestDatabase("homestead_building_template", serverUrl);
  const db = createDb({ kind: "postgres", url: building.url });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  try {
    await adminQuery(`ALTER DATABASE "${building.name}" RENAME TO "${name}"`, serverUrl);
  } catch (error) {
    await building.drop();
    if (!(await databaseNames(serverUrl)).includes(name)) throw error;
    return name;
  }
  for (const stale of existing.filter((other) => other.startsWith(TEMPLATE_PREFIX))) {
    await adminQuery(`DROP DATABASE IF EXISTS "${stale}"`, serverUrl).catch(() => {});
  }
  return name;
}

async function databaseNames(serverUrl: string): Promise<string[]> {
  const rows = await adminQuery<{ datname: string }>("SELECT datname FROM pg_database", serverUrl);
  return rows.map((row) => row.datname);
}
