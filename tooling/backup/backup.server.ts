import { chmod, copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { copyTree, dirEntries, exists, sha256File, treeStats } from "./backup.files.server.ts";
import {
  AUTH_SECRET_FILE,
  type BackupManifest,
  IMAGES_DIR,
  PG_DUMP_FILE,
  SQLITE_FILE,
  writeManifest,
} from "./backup.manifest.server.ts";
import { describeCommand, findOnPath, pgDump } from "./backup.postgres.server.ts";
import {
  integrityCheck,
  referencedImageFiles,
  snapshotSqlite,
  tableRowCounts,
} from "./backup.sqlite.server.ts";
import { backupTargets } from "./backup.targets.server.ts";

export type BackupOptions = {
  /** The environment to read the configuration from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The backup folder (must be empty or absent); default DATA_DIR/backups/<timestamp>. */
  out?: string;
  /** Progress lines for the operator. */
  log?: (line: string) => void;
};

/**
 * Backs up the database, the image folder and the auth secret while the server runs, into a new folder with
 * a manifest. Returns the folder and its manifest.
 */
export async function createBackup(options: BackupOptions = {}) {
  const log = options.log ?? (() => {});
  const targets = backupTargets(options.env);
  const startedAt = new Date();
  const dir = path.resolve(options.out ?? path.join(targets.dataDir, "backups", folderName(startedAt)));
  if ((await dirEntries(dir)).length > 0)
    throw new Error(`${dir} is not empty: give the backup a new folder`);
  // Owner-only: a backup holds password hashes, sessions and the auth secret.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const imagesCopy = path.join(dir, IMAGES_DIR);

  // The order matters, because the server keeps writing while this runs. A photo's files are written once,
  // under a fresh random key, before the row that references them commits, and deleted only after that row
  // is gone. So:
  //  1. copy the image folder: this also keeps the photos of listings deleted while the backup runs;
  //  2. snapshot the database: every photo it references was fully written before the snapshot;
  //  3. copy the image folder again (files not copied yet): this is what makes sure no photo the snapshot
  //     references is missing. Copying only before the snapshot would miss photos uploaded in between; the
  //     extra files this copy may pick up (written after the snapshot) are harmless, nothing references them.
  // What is left: a photo uploaded after step 1 and deleted again before step 3 reached it; images.missing in
  // the manifest lists any such file (SQLite, where the snapshot can be checked).
  if (targets.storage.kind === "disk") {
    log(`images: copying ${targets.storage.dir}`);
    await copyTree(targets.storage.dir, imagesCopy);
  } else {
    log(
      `images: STORAGE=s3, bucket ${targets.storage.bucket}: the bucket's own versioning and replication are its backup`,
    );
  }

  let database: BackupManifest["database"];
  if (targets.database.kind === "sqlite") {
    const copy = path.join(dir, SQLITE_FILE);
    log(`database: online backup of ${targets.database.file}`);
    const pages = await snapshotSqlite(targets.database.file, copy);
    const integrity = integrityCheck(copy);
    if (integrity !== "ok") throw new Error(`the database copy failed its integrity check: ${integrity}`);
    database = {
      kind: "sqlite",
      file: SQLITE_FILE,
      bytes: (await stat(copy)).size,
      sha256: await sha256File(copy),
      pages,
      integrity,
      rows: tableRowCounts(copy),
    };
  } else {
    database = await dumpPostgres(targets.database.url, dir, log);
  }

  let images: BackupManifest["images"];
  if (targets.storage.kind === "disk") {
    await copyTree(targets.storage.dir, imagesCopy);
    const missing = [];
    if (database.kind === "sqlite") {
      for (const file of referencedImageFiles(path.join(dir, SQLITE_FILE))) {
        if (!(await exists(path.join(imagesCopy, file)))) missing.push(file);
      }
    }
    images = {
      kind: "disk",
      dir: IMAGES_DIR,
      ...(await treeStats(imagesCopy)),
      missing: database.kind === "sqlite" ? missing : null,
    };
  } else {
    images = {
      kind: "s3",
      bucket: targets.storage.bucket,
      note: "not copied: use the bucket's versioning and replication",
    };
  }

  const authSecret = await exists(targets.authSecretFile);
  if (authSecret) {
    await copyFile(targets.authSecretFile, path.join(dir, AUTH_SECRET_FILE));
    await chmod(path.join(dir, AUTH_SECRET_FILE), 0o600);
  }

  const manifest: BackupManifest = {
    format: 1,
    app: "homestead",
    createdAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    database,
    images,
    authSecret,
  };
  await writeManifest(dir, manifest);
  return { dir, manifest };
}

async function dumpPostgres(
  url: string,
  dir: string,
  log: (line: string) => void,
): Promise<BackupManifest["database"]> {
  const args = ["--format=custom", "--no-owner", `--file=${path.join(dir, PG_DUMP_FILE)}`];
  const tool = findOnPath("pg_dump");
  if (!tool) {
    const note = `PostgreSQL is backed up with pg_dump, which is not on PATH; run: ${describeCommand("pg_dump", args, url)}`;
    log(`database: ${note}`);
    return { kind: "postgres", dump: null, note };
  }
  log(`database: PostgreSQL, backed up with ${describeCommand(tool, args, url)}`);
  const file = path.join(dir, PG_DUMP_FILE);
  await pgDump(tool, url, file);
  return {
    kind: "postgres",
    dump: { file: PG_DUMP_FILE, bytes: (await stat(file)).size, sha256: await sha256File(file) },
    note: "pg_dump --format=custom; restore with pg_restore (npm run restore does)",
  };
}

/** A sortable folder name for a backup taken at `date`, safe on every filesystem (no colons). */
function folderName(date: Date) {
  return date.toISOString().replace(/[:.]/g, "-");
}
