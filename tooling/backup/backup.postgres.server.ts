import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import pg from "pg";

/** The full path of `command` on PATH, or undefined when it is not installed. */
export function findOnPath(command: string, searchPath = process.env.PATH ?? ""): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** pg_dump of the database at `url` into `file`, in the custom format pg_restore reads. */
export async function pgDump(pgDumpPath: string, url: string, file: string) {
  await run(pgDumpPath, ["--format=custom", "--no-owner", `--file=${file}`], url);
}

/** pg_restore of a custom-format dump into the database at `url`, replacing the objects it contains. */
export async function pgRestore(pgRestorePath: string, url: string, file: string) {
  // pg_restore writes a script to stdout unless --dbname is given; the name alone is no secret.
  const database = libpqEnv(url).PGDATABASE ?? "postgres";
  await run(
    pgRestorePath,
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${database}`,
      file,
    ],
    url,
  );
}

/** The number of tables in the public schema of the database at `url` (0: a fresh database). */
export async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** The shell command an operator would type, with the password left out. */
export function describeCommand(tool: string, args: string[], url: string) {
  const safe = new URL(url);
  if (safe.password) safe.password = "***";
  return `${tool} ${args.join(" ")} --dbname=${safe.href}`;
}

/**
 * Runs a libpq tool. The connection goes through PG* variables, not the command line, so the password never
 * shows in the process list.
 */
async function run(tool: string, args: string[], url: string) {
  const child = spawn(tool, args, {
    env: { ...process.env, ...libpqEnv(url) },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim()}`);
}

/** libpq's environment variables for a postgres:// URL (host, port, user, password, database, sslmode). */
export function libpqEnv(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  if (parsed.hostname) env.PGHOST = decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, ""));
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const sslmode = parsed.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}
