import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb, type Db } from "#app/db/db.server.ts";
import { migrateToLatest } from "#app/db/migrate.server.ts";
import { imageUrl, storedWidths } from "#app/modules/image/image.rules.ts";
import { getFreePort } from "#tests/support/app-server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { IMAGES_DIR, SQLITE_FILE } from "./backup.manifest.server.ts";
import { RestoreRefusedError, restoreBackup } from "./backup.restore.server.ts";
import { createBackup } from "./backup.server.ts";
import { referencedImageFiles } from "./backup.sqlite.server.ts";

// Always SQLite, whatever DATABASE_URL says: these prove the file-level backup; tests/ops covers PostgreSQL.
let root: string;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let db: Db | undefined;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "homestead-backup-"));
  dataDir = path.join(root, "data");
  // An explicit environment: a PORT nobody listens on, so no developer's server on 3000 counts as "running".
  env = { DATA_DIR: dataDir, PORT: String(await getFreePort()), LOG_LEVEL: "silent" };
  db = createDb({ kind: "sqlite", file: path.join(dataDir, "homestead.sqlite") });
  await migrateToLatest(db);
});

afterEach(async () => {
  await db?.destroy();
  db = undefined;
  await rm(root, { recursive: true, force: true });
});

/** A listing with one photo whose files exist on disk, written before the rows as the app does. */
async function listingWithPhotoFiles(database: Db, userId: string) {
  const listing = await createListing(database, userId);
  const image = await database
    .selectFrom("image")
    .selectAll()
    .where("listingId", "=", listing.id)
    .executeTakeFirstOrThrow();
  await Promise.all(
    storedWidths(image.width).map(async (width) => {
      const file = path.join(dataDir, "images", imageUrl(image.storageKey, width));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `webp ${image.id} ${width}`);
    }),
  );
  return { listing, image };
}

describe("createBackup", () => {
  it("snapshots a database being written to, with every photo it references", async () => {
    const database = db!;
    const owner = await createUser(database);
    const before = [];
    for (let i = 0; i < 20; i++) before.push(await listingWithPhotoFiles(database, owner.id));

    // Writes on another connection while the backup runs: new listings, and old ones deleted (rows first,
    // then files, as the listing service does).
    let running = true;
    let writes = 0;
    const writer = (async () => {
      for (let i = 0; running; i++) {
        await listingWithPhotoFiles(database, owner.id);
        const old = before[i % before.length]!;
        await database.deleteFrom("listing").where("id", "=", old.listing.id).execute();
        await database.deleteFrom("image").where("id", "=", old.image.id).execute();
        writes++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const { dir, manifest } = await createBackup({ env, out: path.join(root, "backup") });
    running = false;
    await writer;

    expect(writes).toBeGreaterThan(0);
    expect(manifest.database.kind).toBe("sqlite");
    if (manifest.database.kind !== "sqlite") return;
    expect(manifest.database.integrity).toBe("ok");
    const copy = new DatabaseSync(path.join(dir, SQLITE_FILE));
    const listings = Number(copy.prepare("SELECT count(*) AS n FROM listing").get()?.n);
    copy.close();
    expect(manifest.database.rows.listing).toBe(listings);
    expect(manifest.images).toMatchObject({ kind: "disk", missing: [] });
    const referenced = referencedImageFiles(path.join(dir, SQLITE_FILE));
    expect(referenced.length).toBeGreaterThan(0);
    const copied = new Set(await readdir(path.join(dir, IMAGES_DIR, "images")));
    for (const file of referenced) expect(copied).toContain(path.basename(file));
  });

  it("refuses a folder that is not empty", async () => {
    const out = path.join(root, "used");
    await mkdir(out);
    await writeFile(path.join(out, "something"), "x");
    await expect(createBackup({ env, out })).rejects.toThrow(/not empty/);
  });
});

describe("restoreBackup", () => {
  async function backupAndClose() {
    const owner = await createUser(db!);
    await listingWithPhotoFiles(db!, owner.id);
    const { dir } = await createBackup({ env, out: path.join(root, "backup") });
    await db!.destroy();
    db = undefined;
    return dir;
  }

  it("restores into an empty data folder", async () => {
    const dir = await backupAndClose();
    const target = { ...env, DATA_DIR: path.join(root, "fresh") };
    const manifest = await restoreBackup({ from: dir, env: target });
    const restored = new DatabaseSync(path.join(root, "fresh", "homestead.sqlite"));
    expect(Number(restored.prepare("SELECT count(*) AS n FROM listing").get()?.n)).toBe(1);
    restored.close();
    expect(manifest.images).toMatchObject({ files: 3 });
    expect(await readdir(path.join(root, "fresh", "images", "images"))).toHaveLength(3);
  });

  it("refuses to replace data without force, and keeps what it replaces with force", async () => {
    const dir = await backupAndClose();
    await expect(restoreBackup({ from: dir, env })).rejects.toThrow(RestoreRefusedError);
    await restoreBackup({ from: dir, env, force: true });
    const entries = await readdir(dataDir);
    expect(entries).toContain("homestead.sqlite");
    expect(entries.some((name) => name.startsWith("homestead.sqlite.before-restore-"))).toBe(true);
    expect(entries.some((name) => name.startsWith("images.before-restore-"))).toBe(true);
  });

  it("refuses while the database is open in another process or a server answers on PORT", async () => {
    const dir = await backupAndClose();
    const holder = new DatabaseSync(path.join(dataDir, "homestead.sqlite"));
    holder.prepare("SELECT count(*) FROM listing").get();
    try {
      await expect(restoreBackup({ from: dir, env, force: true })).rejects.toThrow(/open in another process/);
    } finally {
      holder.close();
    }
    const server = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(Number(env.PORT), "127.0.0.1", resolve));
    try {
      await expect(restoreBackup({ from: dir, env, force: true })).rejects.toThrow(/a server answers/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses an incomplete backup and one whose database does not match its checksum", async () => {
    const dir = await backupAndClose();
    const target = { ...env, DATA_DIR: path.join(root, "fresh") };
    await writeFile(path.join(dir, SQLITE_FILE), "tampered", { flag: "a" });
    await expect(restoreBackup({ from: dir, env: target })).rejects.toThrow(/checksum/);
    await rm(path.join(dir, "manifest.json"));
    await expect(restoreBackup({ from: dir, env: target })).rejects.toThrow(/not a complete backup/);
  });
});
