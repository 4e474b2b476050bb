// npm run restore -- <backup dir> [--force]: restores a backup made by `npm run backup` into the configured
// DATA_DIR and database (see tooling/backup/backup.restore.server.ts). Stop the server first. Reads the
// same environment as the server (DATA_DIR, DATABASE_URL, PORT, ...) through app/config.server.ts.
import { parseArgs } from "node:util";
import { restoreBackup } from "#tooling/backup/backup.restore.server.ts";

// As the server (server.ts): whatever this process writes is readable by its user only.
process.umask(0o077);

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
const from = positionals[0];
if (!from || positionals.length > 1) {
  console.error("usage: npm run restore -- <backup dir> [--force]");
  process.exit(2);
}

try {
  const manifest = await restoreBackup({ from, force: values.force, log: (line) => console.log(line) });
  console.log(`restored the backup of ${manifest.createdAt}; start the server`);
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
