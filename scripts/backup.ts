// npm run backup [-- --out <dir>]: backs up the database, the images and the auth secret while the server
// runs (see tooling/backup/backup.server.ts). Reads the same environment as the server (DATA_DIR,
// DATABASE_URL, STORAGE, ...) through app/config.server.ts, so run it with the server's environment.
import { parseArgs } from "node:util";
import { createBackup } from "#tooling/backup/backup.server.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const log = (line: string) => console.log(line);

try {
  const { dir, manifest } = await createBackup({ out: values.out, log });
  console.log(`backup written to ${dir} in ${manifest.durationMs} ms`);
  console.log(JSON.stringify({ database: manifest.database, images: manifest.images }, null, 2));
  if (manifest.database.kind === "postgres" && !manifest.database.dump) {
    console.error("the database was NOT backed up (pg_dump missing): the backup is incomplete");
    process.exitCode = 1;
  }
  if (manifest.images.kind === "disk" && manifest.images.missing?.length) {
    console.error(
      `warning: ${manifest.images.missing.length} referenced image files were deleted before they could be copied`,
    );
  }
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
