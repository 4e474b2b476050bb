import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Config } from "#app/config.server.ts";
import { logger } from "#app/logger.server.ts";
import type { Database } from "./schema.ts";
import { openSqliteDatabase } from "./sqlite-database.server.ts";

export type Db = Kysely<Database>;
export type DbKind = Config["database"]["kind"];

// int8 (our epoch-millisecond timestamps and COUNT results) would otherwise arrive as strings from pg.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The one place that chooses the SQL engine: SQLite file by default, PostgreSQL for a postgres URL. */
export function createDb(database: Config["database"]): Db {
  if (database.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: database.url, max: 10, connectionTimeoutMillis: 5000 });
    // When the server closes an idle connection (restart, failover, pg_terminate_backend) the pool drops it
    // and emits "error"; unhandled, that event would crash the process. The next query connects anew, and
    // until one succeeds /healthz answers 503.
    pool.on("error", (error) => logger.warn({ err: error }, "PostgreSQL closed an idle connection"));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqliteDatabase(database.file) }),
  });
}
