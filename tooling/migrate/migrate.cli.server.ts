import type { Config } from "#app/config.server.ts";
import { loadDatabaseConfig } from "#app/config.server.ts";
import { createDb } from "#app/db/db.server.ts";
import {
  type MigrationState,
  migrateDown,
  migrateToLatest,
  migrationStatus,
} from "#app/db/migrate.server.ts";

// `npm run migrate -- status|up|down`: the schema migrations by hand, for deployments that run them as a step
// of their own (MIGRATE_ON_START=false); the server refuses to start on a database that lacks one.

const USAGE = `Usage: npm run migrate -- <command>

  status          every migration of this version, applied (and when) or pending
  up              applies the pending ones
  down [--force]  reverts the newest applied one; reverting the first (the tables themselves,
                  every row lost) needs --force

The database is the one the environment (and .env) configures: DATABASE_URL, or the SQLite file in DATA_DIR.`;

type Output = { log: (line: string) => void; error: (line: string) => void };

/** Runs one migrate command; returns the process exit code. */
export async function runMigrateCommand(args: string[], out: Output = console): Promise<number> {
  const [command, ...flags] = args;
  if (command !== "status" && command !== "up" && command !== "down") {
    (command ? out.error : out.log)(
      command && command !== "--help" ? `unknown command: ${command}\n\n${USAGE}` : USAGE,
    );
    return command && command !== "--help" ? 2 : 0;
  }
  const database = loadDatabaseConfig();
  const db = createDb(database);
  try {
    out.log(`database: ${databaseLabel(database)}`);
    if (command === "up") {
      const applied = await migrateToLatest(db);
      out.log(applied.length ? applied.map((name) => `applied  ${name}`).join("\n") : "nothing to apply");
    } else if (command === "down") {
      const states = await migrationStatus(db);
      const appliedCount = states.filter((state) => state.appliedAt).length;
      const newest = states.filter((state) => state.appliedAt).at(-1);
      if (newest && !newest.known) {
        out.error(
          `the newest applied migration, ${newest.name}, is unknown to this version: revert it with the version that has it`,
        );
        return 1;
      }
      if (appliedCount === 1 && !flags.includes("--force")) {
        out.error(`reverting ${newest?.name} drops every table and all their rows: add --force to do it`);
        return 1;
      }
      const reverted = await migrateDown(db);
      out.log(reverted.length ? reverted.map((name) => `reverted ${name}`).join("\n") : "nothing to revert");
    }
    out.log(formatStatus(await migrationStatus(db)));
    return 0;
  } catch (error) {
    out.error(`migrate ${command} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

/** One line per migration, oldest first, then how many are pending. */
export function formatStatus(states: MigrationState[]) {
  const lines = states.map((state) => {
    const when = state.appliedAt ? `applied  ${state.appliedAt.toISOString()}` : `pending  ${" ".repeat(24)}`;
    return `${when}  ${state.name}${state.known ? "" : "  (unknown to this version)"}`;
  });
  const pending = states.filter((state) => !state.appliedAt).length;
  lines.push(pending === 0 ? "up to date" : `${pending} pending: run \`npm run migrate -- up\``);
  return lines.join("\n");
}

/** Where the database is, without its password. */
function databaseLabel(database: Config["database"]) {
  if (database.kind === "sqlite") return `SQLite ${database.file}`;
  const url = new URL(database.url);
  return `PostgreSQL ${url.username ? `${decodeURIComponent(url.username)}@` : ""}${url.host}${url.pathname}`;
}
