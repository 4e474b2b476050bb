// `npm run seed [-- --listings N]`: demo data (and bulk data for benchmarks) in the configured database.
// The logic lives in app/modules/seed/ and runs here through Vite's SSR loader (see bench/app-module.ts).
import { withAppModule } from "./bench/app-module.ts";

type SeedCli = { runSeedCommand(args: string[]): Promise<void> };

try {
  await withAppModule<SeedCli, void>("/app/modules/seed/seed.cli.server.ts", (cli) =>
    cli.runSeedCommand(process.argv.slice(2)),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
