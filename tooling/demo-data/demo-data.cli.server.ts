import { loadConfig } from "#app/config.server.ts";
import { startServices, stopServices } from "#app/services.server.ts";
import { DEMO_SIGN_IN, seed } from "./demo-data.server.ts";

const USAGE = `Usage: npm run seed [-- --listings N]

Adds the demo users and 36 demo listings with photos to the database the environment configures
(DATA_DIR or DATABASE_URL); with --listings N also N bulk listings for benchmarks. Safe to re-run:
whatever exists is skipped.`;

/** Reads `--listings N` (also 100k, 100_000) from the command line; null after --help. */
export function parseSeedArguments(args: string[]): { listings: number } | null {
  if (args.includes("--help") || args.includes("-h")) return null;
  const at = args.findIndex((arg) => arg === "--listings" || arg.startsWith("--listings="));
  if (at === -1) return { listings: 0 };
  const raw = args[at]!.includes("=") ? args[at]!.split("=")[1] : args[at + 1];
  const match = /^(\d[\d_]*)(k?)$/i.exec(raw ?? "");
  if (!match) throw new Error(`--listings needs a number, got ${raw ?? "nothing"}`);
  return { listings: Number(match[1]!.replaceAll("_", "")) * (match[2] ? 1000 : 1) };
}

/** `npm run seed`: seeds the configured database, prints progress and the time taken. */
export async function runSeedCommand(args: string[]): Promise<void> {
  const options = parseSeedArguments(args);
  if (!options) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const where = config.database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : config.database.file;
  console.log(`seeding ${where}`);
  const services = await startServices(config);
  const started = performance.now();
  try {
    const report = await seed(services, {
      listings: options.listings,
      onProgress: (line) => console.log(`  ${line}`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `created ${report.listings} demo listings (${report.images} images) and ${report.bulkListings} bulk ` +
        `listings (${report.bulkImages} images) in ${seconds} s`,
    );
    console.log(
      `the demo lister (${DEMO_SIGN_IN.email}) has no password: on this machine, Sign in → "Sign in as the demo lister"`,
    );
  } finally {
    await stopServices(services);
  }
}
