import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "#app/db/db.server.ts";
import { adminQuery, createTestDatabase, postgresServerForSuite } from "#tests/support/pg.ts";
import { DatabaseUnavailableError } from "./db.error.ts";
import { isPlainRead } from "./postgres-pool.server.ts";

// On real PostgreSQL: the connection a statement runs on is cut by the server before it is sent.
const server = await postgresServerForSuite();
const database = server ? await createTestDatabase("homestead_pool", server) : undefined;
const db: Db | undefined = database ? createDb({ kind: "postgres", url: database.url }) : undefined;
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** Runs `use` on one pinned connection after the server has terminated it. */
async function afterDrop<T>(use: (connection: Db) => Promise<T>): Promise<T> {
  if (!db || !database) throw new Error("no database");
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
    await adminQuery(`SELECT pg_terminate_backend(${rows[0]?.pid})`, server);
    return use(connection);
  });
}

describe("isPlainRead", () => {
  it("accepts selects and refuses writes, locks and functions with effects", () => {
    expect(isPlainRead('select "id" from "listing" where "id" = $1')).toBe(true);
    expect(isPlainRead('insert into "listing" values ($1)')).toBe(false);
    expect(isPlainRead('select "id" from "job" for update skip locked')).toBe(false);
    expect(isPlainRead("select pg_advisory_lock(1)")).toBe(false);
    expect(isPlainRead("with x as (delete from job returning id) select * from x")).toBe(false);
  });
});

describe.skipIf(!db)("a dropped PostgreSQL connection", () => {
  it("is retried once for a read, on a fresh connection", async () => {
    const rows = await afterDrop((connection) => sql<{ one: number }>`select 1 as one`.execute(connection));
    expect(rows.rows).toEqual([{ one: 1 }]);
  });

  it("is never retried for a write: DatabaseUnavailableError", async () => {
    await expect(
      afterDrop((connection) => sql`create table dropped_write (id int)`.execute(connection)),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const { rows } = await sql<{ name: string | null }>`select to_regclass('dropped_write') as name`.execute(
      db!,
    );
    expect(rows[0]?.name).toBeNull();
  });

  it("is never retried inside a transaction", async () => {
    await expect(
      db!.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await adminQuery(`SELECT pg_terminate_backend(${rows[0]?.pid})`, server);
        return sql`select 1`.execute(trx);
      }),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError);
    // The pool lends healthy connections afterwards.
    expect((await sql<{ one: number }>`select 1 as one`.execute(db!)).rows).toEqual([{ one: 1 }]);
  });
});
