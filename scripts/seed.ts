// `npm run seed [-- --listings N]`: demo data (and bulk data for benchmarks) in the configured database.
import { runSeedCommand } from "#tooling/demo-data/demo-data.cli.server.ts";

try {
  await runSeedCommand(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
