import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { ABANDONED_UPLOAD_AGE_MS } from "./image.service.server.ts";
import { UPLOAD_ID, type UploadStaging } from "./image.staging.server.ts";

/** Staging in a local folder with @tus/file-store: "<id>" holds the bytes, "<id>.json" the upload's info. */
export function createDiskStaging(directory: string): UploadStaging {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: ABANDONED_UPLOAD_AGE_MS });
  // Anything else in the folder is not ours to read or delete.
  const fileOf = (id: string) => {
    if (!UPLOAD_ID.test(id)) throw new Error(`invalid upload id: ${id}`);
    return path.join(directory, id);
  };
  const remove = async (id: string) => {
    await rm(fileOf(id), { force: true });
    await rm(`${fileOf(id)}.json`, { force: true });
  };
  return {
    datastore,
    read: (id) => readFile(fileOf(id)),
    remove,
    async sweep(cutoff) {
      const names = await readdir(directory).catch(() => [] as string[]);
      const ids = new Set(
        names.map((name) => name.replace(/\.json$/, "")).filter((id) => UPLOAD_ID.test(id)),
      );
      let removed = 0;
      for (const id of ids) {
        // The newest of the two files counts: a PATCH touches the bytes, never the info file.
        const times = await Promise.all(
          [fileOf(id), `${fileOf(id)}.json`].map((file) =>
            stat(file).then(
              (info) => info.mtimeMs,
              () => 0,
            ),
          ),
        );
        if (Math.max(...times) < cutoff) {
          await remove(id);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
