import { existsSync } from "node:fs";
import { backup, DatabaseSync } from "node:sqlite";
import { imageUrl, storedWidths } from "#app/modules/image/image.rules.ts";

// One backup step of this many pages copies the whole database inside a single read transaction: a
// consistent snapshot as of the step's start. In WAL mode that read never blocks the server's writers, and
// since no step boundary exists, their commits cannot restart the copy (node:sqlite rejects -1, "all pages").
const ALL_PAGES = 2 ** 31 - 1;

/**
 * Copies the live SQLite database at `source` to `destination` with SQLite's online backup API, while the
 * server keeps reading and writing it. The copy is switched to rollback-journal mode so it is one
 * self-contained file (no -wal/-shm beside it); the server turns WAL back on when it opens a restored file.
 * Returns the number of pages copied.
 */
export async function snapshotSqlite(source: string, destination: string): Promise<number> {
  // `new DatabaseSync` would create an empty database where none is: a typo must not back up nothing.
  if (!existsSync(source)) throw new Error(`no SQLite database at ${source}`);
  const live = new DatabaseSync(source);
  let pages: number;
  try {
    live.exec("PRAGMA busy_timeout = 5000");
    pages = await backup(live, destination, { rate: ALL_PAGES });
  } finally {
    live.close();
  }
  withDatabase(destination, (db) => db.exec("PRAGMA journal_mode = DELETE"));
  return pages;
}

/** PRAGMA integrity_check of the database file: "ok", or SQLite's list of problems. */
export function integrityCheck(file: string): string {
  return withDatabase(file, (db) =>
    db
      .prepare("PRAGMA integrity_check")
      .all()
      .map((row) => String(row.integrity_check))
      .join("; "),
  );
}

/** The number of rows of every table in the database file, by table name. */
export function tableRowCounts(file: string): Record<string, number> {
  return withDatabase(file, (db) => {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => String(row.name));
    return Object.fromEntries(
      tables.map((table) => {
        const row = db.prepare(`SELECT count(*) AS n FROM "${table.replaceAll('"', '""')}"`).get();
        return [table, Number(row?.n)];
      }),
    );
  });
}

/**
 * Every image file (relative to the disk storage root) that the database's image rows reference: each
 * stored width of each photo. A photo's public URL is "/" + its file's storage key (image.rules.ts).
 */
export function referencedImageFiles(file: string): string[] {
  return withDatabase(file, (db) =>
    db
      .prepare('SELECT "storageKey", "width" FROM "image"')
      .all()
      .flatMap((row) =>
        storedWidths(Number(row.width)).map((width) => imageUrl(String(row.storageKey), width).slice(1)),
      ),
  );
}

/**
 * Whether another process has the database open (a running server keeps it open). In WAL mode every open
 * connection holds a shared lock on the WAL index, so an exclusive lock is refused while one exists.
 */
export function sqliteInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return false;
  } catch (error) {
    if (/locked|busy/i.test((error as Error).message)) return true;
    throw error;
  } finally {
    db.close();
  }
}

function withDatabase<T>(file: string, work: (db: DatabaseSync) => T): T {
  if (!existsSync(file)) throw new Error(`no SQLite database at ${file}`);
  const db = new DatabaseSync(file);
  try {
    return work(db);
  } finally {
    db.close();
  }
}
