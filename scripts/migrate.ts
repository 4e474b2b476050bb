// `npm run migrate -- status|up|down`: schema migrations as a step of their own (tooling/migrate/).
import { runMigrateCommand } from "#tooling/migrate/migrate.cli.server.ts";

process.exitCode = await runMigrateCommand(process.argv.slice(2));
