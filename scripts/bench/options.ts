import { tmpdir } from "node:os";
import path from "node:path";

/** How a bench run is shaped; `npm run bench -- --help` lists the flags. */
export type BenchOptions = {
  listings: number;
  /** Seconds of each single-page run (50 connections, as the throughput goals are stated). */
  pageSeconds: number;
  pageConnections: number;
  /** Seconds of the mixed run (200 connections). */
  mixedSeconds: number;
  mixedConnections: number;
  build: boolean;
  postgres: boolean;
  /** PostgreSQL server to create the bench database on. */
  postgresUrl: string;
  nginx: boolean;
  /** Where the SQLite bench data lives; reused by later runs. */
  dataDir: string;
  /** Only measure a newcomer's first start (demo listings visible, server bundle size), then stop. */
  firstStart: boolean;
  /** Only bench an import of this many Kyero listings (scripts/bench/import.ts), then stop; 0: not. */
  importListings: number;
};

export const USAGE = `Usage: npm run bench [-- options]

  --quick            smoke run: 10,000 listings, 3 s per page, 10 s mixed (under 2 minutes)
  --listings N       listings in the bench database (default 100000; 10000 with --quick)
  --duration S       seconds of the 200-connection mixed run (default 60; 10 with --quick)
  --page-duration S  seconds of each 50-connection single-page run (default 10; 3 with --quick)
  --postgres         also bench on PostgreSQL (on by default when DATABASE_URL is a postgres:// URL)
  --no-postgres      never bench on PostgreSQL
  --no-build         use the existing production build instead of running react-router build first
  --no-nginx         skip the static nginx comparison
  --data-dir DIR     SQLite bench data folder (default: <tmp>/homestead-bench/sqlite-<listings>)
  --first-start      only time \`npm start\` on an empty data folder until Explore shows demo listings (3 runs)
                     and report the server bundle's size
  --import           only bench an import of a Kyero file (10,000 listings, or --listings N) through a
                     feed URL, photos from a loopback server: time, peak RSS, GET / latency meanwhile`;

/** Parses the command line; null after --help. */
export function parseBenchOptions(args: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions | null {
  if (args.includes("--help") || args.includes("-h")) return null;
  const quick = args.includes("--quick");
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args[at + 1];
  };
  const number = (flag: string, fallback: number) => {
    const raw = value(flag);
    if (raw === undefined) return fallback;
    const parsed = Number(raw.replaceAll("_", ""));
    if (!Number.isFinite(parsed) || parsed <= 0)
      throw new Error(`${flag} needs a positive number, got ${raw}`);
    return parsed;
  };
  const listings = Math.round(number("--listings", quick ? 10_000 : 100_000));
  const envPostgres = env.DATABASE_URL?.startsWith("postgres") ? env.DATABASE_URL : undefined;
  return {
    listings,
    pageSeconds: number("--page-duration", quick ? 3 : 10),
    pageConnections: 50,
    mixedSeconds: number("--duration", quick ? 10 : 60),
    mixedConnections: 200,
    build: !args.includes("--no-build"),
    postgres: !args.includes("--no-postgres") && (args.includes("--postgres") || envPostgres !== undefined),
    postgresUrl: envPostgres ?? "postgres://postgres@127.0.0.1:5432/postgres",
    nginx: !args.includes("--no-nginx"),
    dataDir: path.resolve(
      value("--data-dir") ?? path.join(tmpdir(), "homestead-bench", `sqlite-${listings}`),
    ),
    firstStart: args.includes("--first-start"),
    importListings: args.includes("--import") ? Math.round(number("--listings", 10_000)) : 0,
  };
}
