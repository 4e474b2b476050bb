import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * PostgreSQL helpers for tests: each test run (or test) gets a database of its own, created fresh and
 * dropped at the end, so runs never see each other's rows.
 */
export const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = {
  name: string;
  url: string;
  drop(): Promise<void>;
};

/**
 * The maintenance database of the server `serverUrl` points at (default: DATABASE_URL when it is a
 * PostgreSQL URL, else the local server), where CREATE/DROP DATABASE run.
 */
export function adminUrl(serverUrl = postgresUrlFromEnv() ?? DEFAULT_ADMIN_URL): string {
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  return url.href;
}

/** The environment's DATABASE_URL when it names PostgreSQL, else undefined. */
export function postgresUrlFromEnv(): string | undefined {
  const value = process.env.DATABASE_URL;
  return value && /^postgres(ql)?:\/\//.test(value) ? value : undefined;
}

/** Whether a PostgreSQL server answers at `serverUrl` (within two seconds). */
export async function pgAvailable(serverUrl?: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(serverUrl), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates an empty database named `<prefix>_<random>` on the server `serverUrl` points at and returns its
 * URL (same credentials and host). `drop()` removes it, closing any connection still open to it.
 */
export async function createTestDatabase(
  prefix = "homestead_test",
  serverUrl?: string,
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name: ${name}`);
  const admin = adminUrl(serverUrl);
  await withClient(admin, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.href,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
