import { randomUUID } from "node:crypto";
import { mkdir, open, opendir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import {
  assertValidStorageKey,
  assertValidStoragePrefix,
  InvalidStorageKeyError,
  isValidStorageKey,
} from "./storage.key.server.ts";
import type { Storage, StoredEntry } from "./storage.server.ts";

// The disk keeps no metadata beside the file, so the content type follows from the key's extension. `put`
// refuses a content type that disagrees, so a key reads back the same type here as it would from S3.
const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".avif": "image/avif",
  ".json": "application/json",
  ".txt": "text/plain",
  // An import's uploaded file, kept between its dry run and its confirmation (exchange.import-upload.server.ts).
  ".bin": "application/octet-stream",
};

// A put writes ".<name>.<uuid>.tmp" beside its file and renames it into place. The leading dot means it is
// never a key (key segments start with a letter or digit), so list, get and exists never see one. One still
// there long after it was written is a put that a crash stopped before its rename: deleteIncomplete's job.
const TEMPORARY_FILE = /^\..+\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;
const temporaryFileFor = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);

/** Files under `rootDir`, one per key; writes are atomic (temporary file, fsync, rename). */
export function createDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  /** The file for `key`, after checking the key cannot name anything outside `root`. */
  function fileFor(key: string): string {
    assertValidStorageKey(key);
    const file = path.resolve(root, key);
    // Belt and braces: the key rules already forbid "..", absolute paths and backslashes.
    if (!file.startsWith(root + path.sep))
      throw new InvalidStorageKeyError(`storage key escapes root: ${key}`);
    return file;
  }

  return {
    async put(key, body, contentType) {
      const file = fileFor(key);
      const expected = CONTENT_TYPES[path.extname(file).toLowerCase()];
      if (expected !== contentType) {
        throw new Error(
          `disk storage: ${key} must be stored as ${expected ?? "a known file type"}, not ${contentType}`,
        );
      }
      await mkdir(path.dirname(file), { recursive: true });
      // Same directory, so the rename stays on one filesystem and is atomic; readers see the old file or
      // the whole new one. The fsync makes sure a crash cannot leave a renamed but empty file.
      const temporary = temporaryFileFor(file);
      try {
        const handle = await open(temporary, "wx", 0o644);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      // Open first, then stat the open file: a concurrent delete cannot slip between the two.
      const handle = await open(file, "r").catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        return { body: handle.createReadStream(), contentType, size: info.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(keys) {
      // Validate every key before touching anything, so a bad key never leaves a half-done delete.
      const files = keys.map(fileFor);
      await Promise.all(
        files.map((file) =>
          unlink(file).catch((error: unknown) => {
            if (!isMissing(error)) throw error;
          }),
        ),
      );
    },

    async exists(key) {
      const file = fileFor(key);
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list(prefix): AsyncGenerator<StoredEntry> {
      assertValidStoragePrefix(prefix);
      // Every key with this prefix lies below the folder its last "/" names.
      const folder = prefix.slice(0, Math.max(prefix.lastIndexOf("/"), 0));
      for await (const file of filesUnder(folder ? fileFor(folder) : root)) {
        const key = path.relative(root, file).split(path.sep).join("/");
        if (!key.startsWith(prefix) || !isValidStorageKey(key)) continue;
        const info = await stat(file).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (info?.isFile()) yield { key, lastModified: info.mtimeMs };
      }
    },

    async deleteIncomplete(cutoff) {
      let deleted = 0;
      for await (const file of filesUnder(root)) {
        if (!TEMPORARY_FILE.test(path.basename(file))) continue;
        const info = await stat(file).catch(() => null);
        // A put takes milliseconds: one untouched since the cutoff is not still writing.
        if (info && info.mtimeMs < cutoff) {
          await rm(file, { force: true });
          deleted += 1;
        }
      }
      return deleted;
    },
  };
}

/** Every regular file below `dir`, depth first, read as it goes (a folder may hold millions); none if missing. */
async function* filesUnder(dir: string): AsyncGenerator<string> {
  const entries = await opendir(dir).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!entries) return;
  for await (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
