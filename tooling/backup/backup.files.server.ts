import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, copyFile, mkdir, open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";

/** Files copied by copyTree: the number and their total size in bytes. */
export type TreeStats = { files: number; bytes: number };

const COPY_CONCURRENCY = 16;

/**
 * Copies every file under `from` to the same relative path under `to`, skipping files that already exist
 * there: image keys are write-once, so a file present in both is the same file. Hidden files are skipped:
 * the disk storage writes `.<name>.<uuid>.tmp` and renames it into place, so a hidden file is a write in
 * progress, not an image. A file deleted while the walk runs is skipped, not an error.
 */
export async function copyTree(from: string, to: string): Promise<TreeStats> {
  const files = await listFiles(from);
  const stats: TreeStats = { files: 0, bytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const relative = files[next++]!;
      const target = path.join(to, relative);
      if (await exists(target)) continue;
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await copyFile(path.join(from, relative), target);
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      stats.files += 1;
      stats.bytes += (await stat(target)).size;
    }
  };
  await Promise.all(Array.from({ length: COPY_CONCURRENCY }, worker));
  return stats;
}

/**
 * Makes `dir` and everything under it readable by this user only (folders 0700, files 0600), as the server
 * writes them (it runs with umask 077); nothing when `dir` does not exist.
 */
export async function makePrivate(dir: string) {
  if (!(await exists(dir))) return;
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(file, 0o700);
    else if (entry.isFile()) await chmod(file, 0o600);
  }
}

/** Number and total size of the (non-hidden) files under `dir`; zero when it does not exist. */
export async function treeStats(dir: string): Promise<TreeStats> {
  const files = await listFiles(dir);
  let bytes = 0;
  for (const relative of files) bytes += (await stat(path.join(dir, relative))).size;
  return { files: files.length, bytes };
}

/** Paths (relative to `dir`) of the regular, non-hidden files under it; empty when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .filter((relative) => !relative.split(path.sep).some((part) => part.startsWith(".")));
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** The hex SHA-256 of a file's content. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Flushes a file to the disk, so a rename that follows cannot publish a file a crash would leave empty. */
export async function fsyncFile(file: string) {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Whether anything exists at `file`. */
export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Entries of `dir` (none when it does not exist). */
export async function dirEntries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
