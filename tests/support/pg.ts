import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * PostgreSQL for tests. A run is asked to test on PostgreSQL by DATABASE_URL naming a server (CI's second
 * pass); then each suite gets databases of its own on it, created fresh and dropped at the end, and a server
 * that does not answer fails the suite: a pass meant to prove PostgreSQL must never go green without it.
 */
const LOCAL_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = {
  name: string;
  url: string;
  drop(): Promise<void>;
};

/** The environment's DATABASE_URL when it names PostgreSQL (the run is asked to use it), else undefined. */
export function postgresUrlFromEnv(): string | undefined {
  const value = process.env.DATABASE_URL;
  return value && /^postgres(ql)?:\/\//.test(value) ? value : undefined;
}

/**
 * The maintenance database of the server `serverUrl` points at (default: DATABASE_URL when it names
 * PostgreSQL, else the local server), where CREATE/DROP DATABASE run.
 */
export function adminUrl(serverUrl = postgresUrlFromEnv() ?? LOCAL_SERVER_URL): string {
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  return url.href;
}

/**
 * The PostgreSQL server for a suite that needs one whatever the run's engine (several instances on one
 * database, a database outage): DATABASE_URL's when the run names one, which must then answer (this throws
 * when it does not); else the local server when one answers; else undefined, and the suite may skip.
 */
export async function postgresServerForSuite(): Promise<string | undefined> {
  const requested = postgresUrlFromEnv();
  if (requested) {
    await adminQuery("SELECT 1", requested);
    return requested;
  }
  try {
    await adminQuery("SELECT 1", LOCAL_SERVER_URL, 2000);
    return LOCAL_SERVER_URL;
  } catch {
    return undefined;
  }
}

/**
 * Creates a database named `<prefix>_<random>` on the server `serverUrl` points at (default: see adminUrl),
 * empty or a copy of the database `template`, and returns its URL (same credentials and host). `drop()` removes it, closing any connection
 * still open to it. Throws, naming the server, when the server does not answer.
 */
export async function createTestDatabase(
  prefix = "homestead_test",
  serverUrl?: string,
  template?: string,
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name: ${name}`);
  await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`, serverUrl);
  const url = new URL(adminUrl(serverUrl));
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.href,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, serverUrl);
    },
  };
}

/**
 * Runs one statement as the server's superuser on its maintenance database and returns its rows; throws,
 * naming the server.
 */
export async function adminQuery<Row extends object = object>(
  statement: string,
  serverUrl?: string,
  timeoutMs = 5000,
): Promise<Row[]> {
  const url = adminUrl(serverUrl);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    const why = (error as Error).message || (error as { code?: string }).code || String(error);
    const hint = postgresUrlFromEnv()
      ? ": DATABASE_URL asks for a run on PostgreSQL; start the server, or unset DATABASE_URL to test on SQLite"
      : "";
    throw new Error(`PostgreSQL at ${new URL(url).host} does not answer (${why})${hint}`, { cause: error });
  }
  try {
    return (await client.query<Row>(statement)).rows;
  } finally {
    await client.end();
  }
}
