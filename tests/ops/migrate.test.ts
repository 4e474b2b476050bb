import { describe, expect, it } from "vitest";
import { loadDatabaseConfig } from "#app/config.server.ts";
import { createDb } from "#app/db/db.server.ts";
import { migrateDown } from "#app/db/migrate.server.ts";
import { startAppServer } from "#tests/support/app-server.ts";
import { createTestDatabase, postgresServerForSuite } from "#tests/support/pg.ts";
import {
  cleanupAfterAll,
  OPS_ENV,
  runScript,
  SKIP_REASON,
  startOpsServer,
  tempFolder,
} from "./ops-support.ts";

// `npm run migrate` on both engines: PostgreSQL is the run's (DATABASE_URL; one that does not answer fails this
// file), or on a SQLite run the local server when one answers.
const postgresServer = await postgresServerForSuite();
if (!postgresServer) console.warn("tests/ops/migrate: the PostgreSQL case is skipped: no server answers");

const defer = cleanupAfterAll();

/** The database settings of a fresh, empty database of `engine`. */
async function emptyDatabase(engine: "sqlite" | "postgres"): Promise<Record<string, string>> {
  if (engine === "postgres") {
    const database = await createTestDatabase("homestead_ops_migrate", postgresServer);
    defer(database.drop);
    return { DATABASE_URL: database.url };
  }
  return { DATA_DIR: await tempFolder(defer, "homestead-migrate-") };
}

const migrate = async (env: Record<string, string>, ...args: string[]) => {
  const result = await runScript("migrate", args, env);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
};

/** "applied" or "pending" for each migration of a status listing, by name. */
const states = (status: string) =>
  Object.fromEntries(
    [...status.matchAll(/^(applied|pending)\s.*?\s(\d{4}_\d{2}_\d{2}_\d{4}_\w+)$/gm)].map((m) => [
      m[2],
      m[1],
    ]),
  );

describe("npm run migrate", () => {
  for (const engine of ["sqlite", "postgres"] as const) {
    it.skipIf(engine === "postgres" && !postgresServer)(
      `goes up, down and up again on ${engine}`,
      async () => {
        const env = await emptyDatabase(engine);
        const before = await migrate(env, "status");
        const names = Object.keys(states(before));
        expect(names.length).toBeGreaterThanOrEqual(3);
        expect(Object.values(states(before)).every((state) => state === "pending")).toBe(true);
        expect(before).toContain(`${names.length} pending: run \`npm run migrate -- up\``);

        const up = await migrate(env, "up");
        expect(up).toContain(`applied  ${names[0]}`);
        expect(up).toMatch(/up to date$/m);
        expect(Object.values(states(up)).every((state) => state === "applied")).toBe(true);

        const newest = names.at(-1)!;
        const down = await migrate(env, "down");
        expect(down).toContain(`reverted ${newest}`);
        expect(states(down)).toEqual({ ...states(up), [newest]: "pending" });
        expect(down).toContain("1 pending");

        const again = await migrate(env, "up");
        expect(again).toContain(`applied  ${newest}`);
        expect(states(await migrate(env, "status"))).toEqual(states(up));
      },
    );
  }

  it("will not drop the first migration's tables without --force", async () => {
    const env = await emptyDatabase("sqlite");
    await migrate(env, "up");
    const count = Object.keys(states(await migrate(env, "status"))).length;
    // Down to the first migration in this process (what `down` does is proved above): one script process per
    // migration, each a Node start-up, cost more than the rest of the file.
    const db = createDb(loadDatabaseConfig(env));
    try {
      for (let step = 1; step < count; step++) await migrateDown(db);
    } finally {
      await db.destroy();
    }
    expect(await migrate(env, "status")).toContain(`${count - 1} pending`);
    const refused = await runScript("migrate", ["down"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("drops every table and all their rows: add --force to do it");
    expect(await migrate(env, "down", "--force")).toContain(`${count} pending`);
  });
});

describe.skipIf(SKIP_REASON)("MIGRATE_ON_START=false", () => {
  it("refuses to start on a database that lacks a migration, and starts once it is migrated", async () => {
    const env = await emptyDatabase("sqlite");
    await migrate(env, "up");
    const lacking = /reverted (\S+)/.exec(await migrate(env, "down"))![1]!;
    const options = { dataDir: env.DATA_DIR!, timeoutMs: 15_000 };
    const settings = { MIGRATE_ON_START: "false" };

    const refusal = await startAppServer({ ...options, env: { ...OPS_ENV, ...settings } }).then(
      (server) => server.cleanup().then(() => "started"),
      (error: Error) => error.message,
    );
    expect(refusal).toContain("exited before it was healthy (code 1");
    expect(refusal).toContain(`The database lacks 1 migration(s) this version needs (${lacking})`);
    expect(refusal).toContain("run `npm run migrate -- up`");

    await migrate(env, "up");
    const server = await startOpsServer(defer, settings, options);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
