import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { assertValidStorageKey, InvalidStorageKeyError } from "./storage.key.server";
import type { Storage } from "./storage.server";

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
};

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
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
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
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
