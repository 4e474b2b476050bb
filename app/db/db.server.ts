import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, type LogEvent, PostgresAdapter, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Config } from "#app/config.server.ts";
import { dialectPool } from "./postgres-pool.server.ts";
import type { Database } from "./schema.ts";
import { openSqliteDatabase } from "./sqlite-database.server.ts";

export type Db = Kysely<Database>;
export type DbKind = Config["database"]["kind"];

/** Where a database is: a SQLite file, or a PostgreSQL URL. */
export type DbTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/** What the database tells whoever watches it (the metrics): each statement's time, and its pool. */
export type DbObserver = {
  query(sql: string, seconds: number, failed: boolean): void;
  pool(pool: pg.Pool): void;
};

// int8 (our epoch-millisecond timestamps and COUNT results) would otherwise arrive as strings from pg.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Whether `db` talks to PostgreSQL (else SQLite), for the few places where the engines differ. */
export function isPostgres(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The one place that chooses the SQL engine: SQLite file by default, PostgreSQL for a postgres URL. */
export function createDb(database: DbTarget, observer?: DbObserver): Db {
  const log = observer
    ? (event: LogEvent) =>
        observer.query(event.query.sql, event.queryDurationMillis / 1000, event.level === "error")
    : undefined;
  if (database.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: database.url, max: 10, connectionTimeoutMillis: 5000 });
    observer?.pool(pool);
    // Connections the server drops (restart, failover, pg_terminate_backend), idle or in use, never end the
    // process; until the database answers again, requests and /healthz answer 503 (decision 048).
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: dialectPool(pool) }), log });
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqliteDatabase(database.file) }),
    log,
  });
}
