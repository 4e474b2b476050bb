import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";

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

type Query = (sql: string, params: string[]) => Promise<Record<string, unknown>[]>;

/** Opens the app's database read-only: a postgres:// URL, or the SQLite file in the data folder. */
export async function openAppState(databaseUrl: string | undefined, dataDir: string): Promise<AppState> {
  const { query, close } = databaseUrl?.startsWith("postgres")
    ? await openPostgres(databaseUrl)
    : openSqlite(path.join(dataDir, "homestead.sqlite"));
  return {
    async snapshot() {
      const rows = {} as StateSnapshot["rows"];
      for (const table of TABLES) {
        const all = await query(`SELECT * FROM "${table}" ORDER BY id`, []);
        rows[table] = { count: all.length, digest: digest(all) };
      }
      return {
        rows,
        files: {
          images: await folderState(path.join(dataDir, "images")),
          staging: await folderState(path.join(dataDir, "uploads")),
        },
      };
    },
    row: async (table, id) => (await query(`SELECT * FROM "${table}" WHERE id = $1`, [id]))[0],
    userId: async (email) => {
      const rows = await query(`SELECT id FROM "user" WHERE email = $1`, [email]);
      return rows[0] ? String(rows[0].id) : undefined;
    },
    listingImageIds: async (listingId) =>
      (await query(`SELECT id FROM "image" WHERE "listingId" = $1 ORDER BY position`, [listingId])).map(
        (row) => String(row.id),
      ),
    close,
  };
}

function openSqlite(file: string): { query: Query; close(): Promise<void> } {
  // Read-only: this test watches the server's writes and must never make one itself.
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  return {
    query: async (sql, params) =>
      db
        .prepare(sql.replace(/\$\d+/g, "?"))
        .all(...params)
        .map((row) => ({ ...row })),
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}

async function openPostgres(url: string): Promise<{ query: Query; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET default_transaction_read_only = on");
  return {
    query: async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows,
    close: () => client.end(),
  };
}

function digest(rows: Record<string, unknown>[]) {
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
