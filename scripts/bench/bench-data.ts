import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { createDb, type DbTarget, isPostgres } from "#app/db/db.server.ts";
import { migrateToLatest } from "#app/db/migrate.server.ts";
import { REPO_ROOT } from "#tests/support/app-server.ts";

/** A database holding the bench listings, and how it came to be. */
export type BenchData = {
  /** Environment that points the app (and the seed) at it. */
  env: Record<string, string>;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  /** Seconds the seed reported, or null when an earlier run's data was reused. */
  seedSeconds: number | null;
};

/** A SQLite data folder with `listings` bulk listings (plus the demo data): reused when already filled. */
export async function prepareSqliteData(dataDir: string, listings: number): Promise<BenchData> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "homestead.sqlite");
  const env = { DATA_DIR: dataDir };
  const database = { kind: "sqlite" as const, file };
  return reuseOrSeed(env, database, listings, existsSync(file) && countSqliteBulkListings(file) >= listings);
}

/**
 * A PostgreSQL database named after the listing count (and `suffix`, when given) on the server of
 * `serverUrl`, created and seeded unless an earlier run left it filled. Its photos live in `dataDir`.
 */
export async function preparePostgresData(
  serverUrl: string,
  dataDir: string,
  listings: number,
  suffix = "",
): Promise<BenchData> {
  const name = `homestead_bench_${listings}${suffix ? `_${suffix}` : ""}`;
  const admin = new URL(serverUrl);
  admin.pathname = "/postgres";
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.href };
  const database = { kind: "postgres" as const, url: url.href };
  const exists = await withClient(admin.href, async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
    return (found.rowCount ?? 0) > 0;
  });
  const count = exists
    ? await withClient(url.href, (client) =>
        client
          .query<{ n: string }>(`select count(*) as n from listing where "userRef" like 'bench-user-%'`)
          .then(
            (result) => Number(result.rows[0]?.n ?? 0),
            () => 0,
          ),
      )
    : 0;
  return reuseOrSeed(env, database, listings, count >= listings);
}

/** An earlier run's data when `reusable` (brought up to this version's schema), else a new seed; then dated. */
async function reuseOrSeed(
  env: Record<string, string>,
  database: DbTarget,
  listings: number,
  reusable: boolean,
): Promise<BenchData> {
  const seedSeconds = reusable ? null : await runSeed(env, listings);
  if (reusable) await migrateReused(database);
  await keepBenchListingsConfirmed(database);
  return { env, database, seedSeconds };
}

/** Data an earlier run left is brought up to this version's schema, as the app does when it starts. */
async function migrateReused(database: DbTarget) {
  const db = createDb(database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

// The bulk listings' dates span a year, and LISTING_TTL_DAYS (60 by default) asks an owner about a listing
// unconfirmed that long: four in five bench listings would be a backlog of reminders, which the server's
// freshness job e-mails in batches all through a run (0.6 of a core beside the pages it measures, and 54,000
// files in the outbox over a day of runs). A site in use has none: its owners confirm or are reminded a few at a
// time. So before each run every bench listing counts as confirmed within the last 45 days, and what a reminder
// or an expiry of an earlier run changed is undone (unchanged rows are left alone: a reused database is only
// written where it aged).
const CONFIRMED_WITHIN_MS = 45 * 24 * 60 * 60 * 1000;

async function keepBenchListingsConfirmed(database: DbTarget) {
  const db = createDb(database);
  try {
    const now = Date.now();
    const spread = isPostgres(db)
      ? sql<number>`(random() * ${CONFIRMED_WITHIN_MS})::bigint`
      : sql<number>`abs(random()) % ${CONFIRMED_WITHIN_MS}`;
    const changed = await db
      .updateTable("listing")
      .set({ confirmedAt: sql<number>`${now} - ${spread}`, reminderSentAt: null, expiredAt: null })
      .where("userRef", "like", "bench-user-%")
      .where((eb) =>
        eb.or([
          eb("confirmedAt", "is", null),
          eb("confirmedAt", "<", now - CONFIRMED_WITHIN_MS),
          eb("reminderSentAt", "is not", null),
          eb("expiredAt", "is not", null),
        ]),
      )
      .executeTakeFirst();
    // As autovacuum would, in time: a run right after rewriting many rows would read their dead versions.
    if (isPostgres(db) && Number(changed.numUpdatedRows) > 0) await sql`VACUUM ANALYZE "listing"`.execute(db);
  } finally {
    await db.destroy();
  }
}

function countSqliteBulkListings(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const row = db.prepare(`select count(*) as n from listing where userRef like 'bench-user-%'`).get();
    return Number(row?.n ?? 0);
  } catch {
    return 0; // not migrated yet
  } finally {
    db.close();
  }
}

/** Runs `npm run seed -- --listings N` in a child process, echoing it; returns the seconds it reported. */
async function runSeed(env: Record<string, string>, listings: number): Promise<number> {
  const child = spawn(process.execPath, ["scripts/seed.ts", "--listings", String(listings)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk.toString().replace(/^(?=.)/gm, "    "));
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`seeding failed (exit ${code})`);
  return Number(/ in ([\d.]+) s/.exec(output)?.[1] ?? Number.NaN);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
