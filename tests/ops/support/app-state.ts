import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { type AppData, findUserIdByEmail, openAppData } from "#tests/support/app-data.ts";

/**
 * What a request could have written, read beside the running server: every row of the user, listing and image
 * tables (as a count and a digest, so an UPDATE shows as well as an INSERT), and the files in the image
 * storage and upload staging folders (names and sizes, so bytes PATCHed into someone's upload show too).
 */
export type StateSnapshot = {
  rows: Record<Table, { count: number; digest: string }>;
  files: Record<"images" | "staging", { count: number; digest: string }>;
};

type Table = "user" | "listing" | "image";
const TABLES: readonly Table[] = ["user", "listing", "image"];

export type AppState = {
  snapshot(): Promise<StateSnapshot>;
  /** One row of a table by id (for the authorization matrix's "is it unchanged" checks). */
  row(table: Table, id: string): Promise<Record<string, unknown> | undefined>;
  /** The id of the user with this e-mail address. */
  userId(email: string): Promise<string | undefined>;
  /** Ids of the image rows of a listing, cover first. */
  listingImageIds(listingId: string): Promise<string[]>;
  close(): Promise<void>;
};

/** Opens the data of the app started with `env`, read-only: these tests watch its writes, never make one. */
export async function openAppState(env: Record<string, string>): Promise<AppState> {
  const data: AppData = await openAppData(env, { readOnly: true });
  const { db } = data;
  const { diskDir, uploadDir } = data.config.storage;
  return {
    async snapshot() {
      const rows = {} as StateSnapshot["rows"];
      for (const table of TABLES) {
        const all = await db.selectFrom(table).selectAll().orderBy("id").execute();
        rows[table] = { count: all.length, digest: digest(all) };
      }
      return {
        rows,
        files: {
          images: await folderState(diskDir),
          staging: await folderState(uploadDir),
        },
      };
    },
    row: (table, id) => db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst(),
    userId: (email) => findUserIdByEmail(db, email),
    listingImageIds: async (listingId) =>
      (
        await db
          .selectFrom("image")
          .select("id")
          .where("listingId", "=", listingId)
          .orderBy("position")
          .execute()
      ).map((row) => row.id),
    close: data.close,
  };
}

function digest(rows: unknown[]) {
  const text = JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** Every file under `folder` (recursively) with its size; an absent folder is empty. */
async function folderState(folder: string) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const size = await stat(file).then(
      (info) => info.size,
      () => -1, // removed between readdir and stat
    );
    files.push(`${path.relative(folder, file)}:${size}`);
  }
  files.sort();
  return {
    count: files.length,
    digest: createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 16),
  };
}
