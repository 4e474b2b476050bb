import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { logger } from "#app/logger.server.ts";
import { DatabaseUnavailableError, isConnectionLost } from "./db.error.ts";

// A statement that only reads: a SELECT that locks no rows and calls no function with an effect. Kysely's
// selects, better-auth's lookups and the health check all are; anything else is never sent twice.
const READ = /^\s*select\b/i;
const NOT_A_PLAIN_READ =
  /\bfor\s+(?:no\s+key\s+)?(?:update|share|key\s+share)\b|\b(?:nextval|setval|set_config|pg_advisory\w*|pg_notify|pg_terminate_backend|pg_cancel_backend|lo_\w+)\s*\(/i;

/** Whether sending `sql` a second time cannot change anything. */
export function isPlainRead(sql: string) {
  return READ.test(sql) && !NOT_A_PLAIN_READ.test(sql);
}

/**
 * `pool` as Kysely's PostgresDialect uses it, made to live through dropped connections:
 * - every connection has an "error" listener while it is in use too (pg-pool listens only while it is
 *   idle): a connection the server cuts under a statement would otherwise be an unhandled "error" event,
 *   which ends the process;
 * - a connection that failed is handed back with its error, so the pool discards it instead of lending it
 *   to the next request;
 * - a read outside a transaction whose connection dropped is sent once more, on a fresh connection;
 * - a connection that cannot be had, or that dropped under anything else, is a DatabaseUnavailableError
 *   (a 503 with Retry-After), never an answer of its own.
 */
export function dialectPool(pool: pg.Pool): PostgresPool {
  pool.on("connect", (client) => {
    let reported = false;
    client.on("error", (error) => {
      if (reported) return;
      reported = true;
      logger.warn({ err: error }, "PostgreSQL dropped a connection");
    });
  });
  // pg-pool repeats an idle connection's error here after dropping it; the listener above has logged it.
  pool.on("error", () => {});
  return {
    options: pool.options,
    connect: async () => new Lease(pool, await connect(pool)),
    end: () => pool.end(),
  };
}

async function connect(pool: pg.Pool) {
  try {
    return await pool.connect();
  } catch (error) {
    throw new DatabaseUnavailableError(error);
  }
}

/** One connection lent to Kysely; after a dropped read it stands for the fresh connection the read ran on. */
class Lease implements PostgresPoolClient {
  #pool: pg.Pool;
  // Null once handed back early: its read dropped and no fresh connection could be had.
  #client: pg.PoolClient | null;
  #failure: Error | undefined;

  constructor(pool: pg.Pool, client: pg.PoolClient) {
    this.#pool = pool;
    this.#client = client;
  }

  get processID(): number | undefined {
    return (this.#client as { processID?: number } | null)?.processID;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    statement: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof statement !== "string") {
      const client = this.#client as unknown as { query(cursor: PostgresCursor<R>): PostgresCursor<R> };
      return client.query(statement);
    }
    return this.#run<R>(statement, parameters);
  }

  async #run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const client = this.#client;
    if (!client || this.#failure) throw this.#fail(this.#failure);
    // "I": no transaction is open on this connection, so the statement stands alone.
    const alone = client.getTransactionStatus() === "I";
    try {
      return await send<R>(client, sql, parameters);
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      if (!alone || !isPlainRead(sql)) throw this.#fail(error);
      client.release(error as Error);
      this.#client = null;
      let fresh: pg.PoolClient;
      try {
        fresh = await connect(this.#pool);
      } catch (unavailable) {
        throw this.#fail(unavailable);
      }
      this.#client = fresh;
      try {
        return await send<R>(fresh, sql, parameters);
      } catch (again) {
        throw isConnectionLost(again) ? this.#fail(again) : again;
      }
    }
  }

  /** Keeps the first failure, to hand the connection back with it; the error for the caller. */
  #fail(error: unknown) {
    this.#failure ??= error as Error;
    return error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
  }

  release(destroy?: boolean) {
    this.#client?.release(this.#failure ?? destroy);
    this.#client = null;
  }
}

async function send<R>(client: pg.PoolClient, sql: string, parameters: ReadonlyArray<unknown>) {
  const result = await client.query(sql, parameters as unknown[]);
  return result as unknown as PostgresQueryResult<R>;
}
