import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import pg from "pg";
import { imageUrl, storedWidths } from "#app/modules/image/image.rules.ts";

/**
 * Direct access to a running server's database, for what the HTTP interface cannot do yet (create listings
 * with photos) and for comparing a restore with its original row by row. SQLite through a second connection
 * on the live file (WAL lets it write beside the server), PostgreSQL through its own client.
 */
export type Row = Record<string, unknown>;

export type OpsData = {
  /** Every row of `table`, ordered by id. */
  rows(table: "user" | "listing" | "image"): Promise<Row[]>;
  /** Inserts a listing with one photo for `userId`; the photo's files are written first, as the app does. */
  insertListing(userId: string, imagesDir: string): Promise<string>;
  /** PRAGMA integrity_check on SQLite; "ok" on PostgreSQL, which has no such check. */
  integrity(): Promise<string>;
  close(): Promise<void>;
};

/** Opens the database of a server started with `env` (DATABASE_URL, else DATA_DIR/homestead.sqlite). */
export async function openOpsData(env: Record<string, string>): Promise<OpsData> {
  const url = env.DATABASE_URL;
  if (url?.startsWith("postgres")) return openPostgres(url);
  return openSqlite(path.join(env.DATA_DIR ?? "", "homestead.sqlite"));
}

function listingValues(userId: string) {
  const now = Date.now();
  const listingId = randomUUID();
  const storageKey = `images/${userId}-front-${randomUUID()}`;
  return {
    listing: [
      listingId,
      userId,
      "rent",
      "Ops test flat",
      2,
      1,
      false,
      true,
      "Paris, France",
      false,
      1200,
      null,
      48.85,
      2.35,
      now,
    ],
    image: [randomUUID(), userId, listingId, 0, storageKey, 800, 600, now],
    storageKey,
    width: 800,
    listingId,
  };
}

const LISTING_COLUMNS = `"id", "userRef", "type", "name", "bedrooms", "bathrooms", "parking", "furnished", "location",
  "offer", "regularPrice", "discountedPrice", "lat", "lng", "timestamp"`;
const IMAGE_COLUMNS = `"id", "userId", "listingId", "position", "storageKey", "width", "height", "createdAt"`;

async function writePhotoFiles(imagesDir: string, storageKey: string, width: number) {
  for (const stored of storedWidths(width)) {
    const file = path.join(imagesDir, imageUrl(storageKey, stored));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `photo ${storageKey} ${stored}`);
  }
}

function openSqlite(file: string): OpsData {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA busy_timeout = 5000");
  const sqliteValue = (value: unknown) =>
    (typeof value === "boolean" ? Number(value) : value) as SQLInputValue;
  return {
    rows: async (table) =>
      db
        .prepare(`SELECT * FROM "${table}" ORDER BY id`)
        .all()
        .map((row) => ({ ...row })),
    insertListing: async (userId, imagesDir) => {
      const values = listingValues(userId);
      await writePhotoFiles(imagesDir, values.storageKey, values.width);
      db.exec("BEGIN IMMEDIATE");
      try {
        db.prepare(`INSERT INTO listing (${LISTING_COLUMNS}) VALUES (${placeholders(15)})`).run(
          ...values.listing.map(sqliteValue),
        );
        db.prepare(`INSERT INTO image (${IMAGE_COLUMNS}) VALUES (${placeholders(8)})`).run(
          ...values.image.map(sqliteValue),
        );
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
      return values.listingId;
    },
    integrity: async () =>
      db
        .prepare("PRAGMA integrity_check")
        .all()
        .map((row) => String(row.integrity_check))
        .join("; "),
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}

async function openPostgres(url: string): Promise<OpsData> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let open = true;
  return {
    rows: async (table) => (await client.query<Row>(`SELECT * FROM "${table}" ORDER BY id`)).rows,
    insertListing: async (userId, imagesDir) => {
      const values = listingValues(userId);
      await writePhotoFiles(imagesDir, values.storageKey, values.width);
      await client.query("BEGIN");
      await client.query(`INSERT INTO listing (${LISTING_COLUMNS}) VALUES (${dollars(15)})`, values.listing);
      await client.query(`INSERT INTO image (${IMAGE_COLUMNS}) VALUES (${dollars(8)})`, values.image);
      await client.query("COMMIT");
      return values.listingId;
    },
    integrity: async () => "ok",
    close: async () => {
      if (open) await client.end();
      open = false;
    },
  };
}

function placeholders(count: number) {
  return Array.from({ length: count }, () => "?").join(", ");
}

function dollars(count: number) {
  return Array.from({ length: count }, (_, index) => `$${index + 1}`).join(", ");
}

/** The files (relative to the images folder) that the image rows reference. */
export function referencedFiles(images: Row[]): string[] {
  return images.flatMap((image) =>
    storedWidths(Number(image.width)).map((width) => imageUrl(String(image.storageKey), width).slice(1)),
  );
}
