import { globSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Three tiers, so a run pays only for what it needs (docs/testing.md):
 * - `unit`: rules, schemas, texts; no database, no server. Milliseconds a file.
 * - `db`: data access on a real database: a SQLite file, or PostgreSQL when DATABASE_URL names one (CI's second
 *   pass runs this tier again there).
 * - `server`: a real server process started from the production build (tests/ops). Suites whose outcome depends
 *   on the configured engine are named `*.engine.test.ts`; CI's PostgreSQL pass runs only those.
 *
 * A file's tier follows from what it opens, so a new test cannot land in the wrong one: every file outside
 * tests/ops that creates a database (createTestDb, createTestServices, the PostgreSQL test helpers, createDb)
 * is in `db`, and so are the route tests of tests/routes (loaders and actions on the app's services).
 */
const SOURCE_TESTS = [
  "app/**/*.test.ts",
  "server/**/*.test.ts",
  "tooling/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/**/*.test.ts",
];
const SERVER_TESTS = ["tests/ops/**/*.test.ts"];
const NOT_SOURCE = ["node_modules/**", "tests/ops/**", "tests/e2e/**"];
const OPENS_A_DATABASE =
  /\b(createTestDb|createTestServices|createTestDatabase|postgresServerForSuite|createDb)\b/;

const dbTests = [
  ...globSync("tests/routes/**/*.test.ts"),
  ...SOURCE_TESTS.flatMap((pattern) => globSync(pattern, { exclude: NOT_SOURCE })).filter((file) =>
    OPENS_A_DATABASE.test(readFileSync(file, "utf8")),
  ),
];

const shared = { environment: "node", testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on a 2-CPU machine. Most files here wait on a
    // database, a child process or a socket more than they compute, so two run side by side even there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { ...shared, name: "unit", include: SOURCE_TESTS, exclude: [...NOT_SOURCE, ...dbTests] } },
      { test: { ...shared, name: "db", include: dbTests.length > 0 ? dbTests : ["no-db-tests"] } },
      { test: { ...shared, name: "server", include: SERVER_TESTS } },
    ],
  },
});
