import { chmod, copyFile, mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { secureDataDir } from "#app/config.server.ts";
import { copyTree, dirEntries, exists, fsyncFile, makePrivate, sha256File } from "./backup.files.server.ts";
import {
  AUTH_SECRET_FILE,
  type BackupManifest,
  IMAGES_DIR,
  PG_DUMP_FILE,
  readManifest,
  SQLITE_FILE,
} from "./backup.manifest.server.ts";
import { describeCommand, findOnPath, pgRestore, postgresTableCount } from "./backup.postgres.server.ts";
import { integrityCheck, sqliteInUse } from "./backup.sqlite.server.ts";
import { type BackupTargets, backupTargets } from "./backup.targets.server.ts";

export type RestoreOptions = {
  /** The backup folder (made by createBackup). */
  from: string;
  /** The environment to read the configuration from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Replace existing data (files are kept beside it as `<name>.before-restore-<time>`) instead of refusing. */
  force?: boolean;
  log?: (line: string) => void;
};

/** Thrown when restoring would be unsafe: the server runs, or data would be replaced without --force. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

/**
 * Restores a backup folder into the configured DATA_DIR (and database). Checks the backup's checksums before
 * touching anything, refuses while a server uses the data, and refuses to replace existing data unless
 * `force` is set. Replaced files are renamed, never deleted; a PostgreSQL database's objects are replaced by
 * pg_restore --clean (dump it first if it matters). What it writes is readable by this user only, as the
 * server keeps it (the data folder 0700, the database, the secret and the photos 0600). Returns the manifest
 * restored.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  const targets = backupTargets(options.env);
  if (manifest.database.kind !== targets.database.kind) {
    throw new RestoreRefusedError(
      `the backup holds a ${manifest.database.kind} database but DATABASE_URL configures ${targets.database.kind}`,
    );
  }
  await verifyChecksums(from, manifest);
  await assertServerStopped(targets);

  const existing = await existingData(targets);
  if (existing.length > 0 && !options.force) {
    throw new RestoreRefusedError(
      `the target already holds data (${existing.join(", ")}); pass --force to replace it (it is kept, renamed)`,
    );
  }
  await mkdir(targets.dataDir, { recursive: true, mode: 0o700 });
  const suffix = `.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  for (const item of existing) {
    if (item.startsWith("postgres:")) {
      log(`database ${item.slice("postgres:".length)}: its tables are replaced (pg_restore --clean)`);
      continue;
    }
    await rename(item, item + suffix);
    log(`kept the replaced ${item} as ${item}${suffix}`);
  }

  if (targets.database.kind === "sqlite") {
    await restoreSqlite(path.join(from, SQLITE_FILE), targets.database.file);
    log(`database: restored ${targets.database.file}`);
  } else {
    await restorePostgres(path.join(from, PG_DUMP_FILE), targets.database.url, log);
  }

  if (manifest.images.kind === "disk") {
    if (targets.storage.kind === "disk") {
      const copied = await copyTree(path.join(from, IMAGES_DIR), targets.storage.dir);
      await makePrivate(targets.storage.dir);
      log(`images: restored ${copied.files} files into ${targets.storage.dir}`);
    } else {
      log(
        `images: STORAGE=s3; upload ${path.join(from, IMAGES_DIR)} to bucket ${targets.storage.bucket} yourself`,
      );
    }
  }
  if (manifest.authSecret) {
    await mkdir(path.dirname(targets.authSecretFile), { recursive: true });
    await copyFile(path.join(from, AUTH_SECRET_FILE), targets.authSecretFile);
    await chmod(targets.authSecretFile, 0o600);
  }
  // As the server does at its start: the folder 0700, every file directly in it (the database's too) 0600.
  secureDataDir(targets.dataDir);
  return manifest;
}

/** Refuses while a server seems to run on this configuration: /healthz answers, or the SQLite file is open. */
export async function assertServerStopped(targets: BackupTargets) {
  const answered = await fetch(targets.healthUrl, { signal: AbortSignal.timeout(2000) }).then(
    async (response) => {
      await response.arrayBuffer();
      return true;
    },
    () => false,
  );
  if (answered) throw new RestoreRefusedError(`a server answers at ${targets.healthUrl}: stop it first`);
  if (targets.database.kind === "sqlite" && sqliteInUse(targets.database.file)) {
    throw new RestoreRefusedError(
      `${targets.database.file} is open in another process (a running server?): stop it first`,
    );
  }
}

async function verifyChecksums(from: string, manifest: BackupManifest) {
  const file = manifest.database.kind === "sqlite" ? manifest.database : manifest.database.dump;
  if (!file)
    throw new RestoreRefusedError(
      `the backup holds no database dump: ${manifest.database.kind === "postgres" ? manifest.database.note : ""}`,
    );
  const actual = await sha256File(path.join(from, file.file)).catch(() => "missing");
  if (actual !== file.sha256)
    throw new RestoreRefusedError(`${file.file} does not match the manifest's checksum`);
}

/** What a restore would replace: files and folders holding data, and a PostgreSQL database with tables. */
async function existingData(targets: BackupTargets): Promise<string[]> {
  const found: string[] = [];
  if (targets.database.kind === "sqlite") {
    // A -wal left by a server that crashed holds committed rows: it moves aside with its database.
    const db = targets.database.file;
    for (const file of [db, `${db}-wal`, `${db}-shm`]) if (await exists(file)) found.push(file);
  } else if ((await postgresTableCount(targets.database.url)) > 0) {
    found.push(`postgres:${new URL(targets.database.url).pathname.slice(1)}`);
  }
  if (targets.storage.kind === "disk" && (await dirEntries(targets.storage.dir)).length > 0)
    found.push(targets.storage.dir);
  if (await exists(targets.authSecretFile)) found.push(targets.authSecretFile);
  return found;
}

/** Copies the database next to its final place, flushes it, then renames it in: never a half-written file. */
async function restoreSqlite(backupFile: string, file: string) {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.restoring`;
  await copyFile(backupFile, partial);
  // copyFile gives the copy the backup file's mode (0644 under a usual umask), whatever this process's umask.
  await chmod(partial, 0o600);
  await fsyncFile(partial);
  const integrity = integrityCheck(partial);
  if (integrity !== "ok") throw new Error(`the restored database failed its integrity check: ${integrity}`);
  await rename(partial, file);
}

async function restorePostgres(dump: string, url: string, log: (line: string) => void) {
  const args = ["--clean", "--if-exists", "--no-owner", "--single-transaction", dump];
  const tool = findOnPath("pg_restore");
  if (!tool) throw new Error(`pg_restore is not on PATH; run: ${describeCommand("pg_restore", args, url)}`);
  log(`database: ${describeCommand(tool, args, url)}`);
  await pgRestore(tool, url, dump);
}
