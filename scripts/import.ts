// `npm run import -- FILE --agency SLUG [--full] [--yes] [--confirm-withdrawals]`: imports listings into an
// agency from a feed file (tooling/import/).
import { runImportCommand } from "#tooling/import/import.cli.server.ts";

process.exitCode = await runImportCommand(process.argv.slice(2));
