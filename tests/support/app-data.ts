import { sql } from "kysely";
import sharp from "sharp";
import { type Config, loadConfig } from "#app/config.server.ts";
import { createDb, type Db } from "#app/db/db.server.ts";
import type { NewListingRow } from "#app/db/schema.ts";
import { insertImage } from "#app/modules/image/image.repo.server.ts";
import { storedWidths } from "#app/modules/image/image.rules.ts";
import { createStorage, type Storage } from "#app/providers/storage/storage.server.ts";
import { testImageRow, testListingRow } from "./factories.ts";

/**
 * The one way a test reaches a running app's data: its database and image storage, opened beside the
 * server from the environment it was started with, through the app's own config, Kysely schema and repo
 * functions (so no test holds SQL that must track the schema). Tests read what the app wrote, and write
 * what the screens would take long to make (listings with photos).
 */
export type AppData = { config: Config; db: Db; storage: Storage; close(): Promise<void> };

// loadConfig writes DATA_DIR/auth-secret when AUTH_SECRET is unset; opening the data must never write. An app
// started by the tests has its AUTH_SECRET in its env (tests/support/sessions.ts signs session cookies with it);
// for one without, nothing can be signed.
const UNUSED_SECRET = "tests-open-the-data-and-never-sign-anything";

/**
 * Opens the data of an app started with `env` (DATA_DIR, DATABASE_URL, STORAGE, ...: an AppServer's env).
 * `readOnly` refuses every write on the connection, for tests that watch the server's writes.
 */
export async function openAppData(
  env: Record<string, string | undefined>,
  { readOnly = false } = {},
): Promise<AppData> {
  const config = loadConfig({ ...env, AUTH_SECRET: env.AUTH_SECRET || UNUSED_SECRET });
  const database =
    readOnly && config.database.kind === "postgres"
      ? { ...config.database, url: withReadOnlySessions(config.database.url) }
      : config.database;
  const db = createDb(database);
  if (readOnly && database.kind === "sqlite") await sql`PRAGMA query_only = ON`.execute(db);
  // A test's write waits for the app's as long as the test could: with four browser workers on two CPUs, the
  // app's own write can hold SQLite's lock past the app's 5 s (a fixture failing "database is locked").
  if (database.kind === "sqlite") await sql`PRAGMA busy_timeout = 30000`.execute(db);
  let closed: Promise<void> | undefined;
  return { config, db, storage: createStorage(config.storage), close: () => (closed ??= db.destroy()) };
}

/** Every session of this URL starts read-only (libpq's `options`, which pg passes at connect). */
function withReadOnlySessions(url: string) {
  const readOnly = new URL(url);
  readOnly.searchParams.set("options", "-c default_transaction_read_only=on");
  return readOnly.href;
}

/**
 * The data of the e2e app (tests/e2e/global-setup.ts hands its env to the workers as E2E_*), with the app's
 * own PUBLIC_URL, so `config.publicUrl` and `config.secureCookies` are the app's.
 */
export function openE2eAppData(): Promise<AppData> {
  const dataDir = process.env.E2E_DATA_DIR;
  const appEnv = process.env.E2E_APP_ENV;
  const baseUrl = process.env.E2E_BASE_URL;
  if (!dataDir || !appEnv || !baseUrl)
    throw new Error(
      "E2E_DATA_DIR / E2E_APP_ENV / E2E_BASE_URL unset: is tests/e2e/global-setup.ts the globalSetup?",
    );
  return openAppData({
    ...(JSON.parse(appEnv) as Record<string, string>),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
  });
}

/** PRAGMA integrity_check on SQLite ("ok", or its list of problems); "ok" on PostgreSQL, which has none. */
export async function databaseIntegrity(data: AppData): Promise<string> {
  if (data.config.database.kind !== "sqlite") return "ok";
  const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(data.db);
  return rows.map((row) => row.integrity_check).join("; ");
}

/** The `data` fixture of the specs that write test data: one connection per Playwright worker. */
export const appDataFixture: [
  (args: object, use: (data: AppData) => Promise<void>) => Promise<void>,
  { scope: "worker" },
] = [
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  async ({}, use: (data: AppData) => Promise<void>) => {
    const data = await openE2eAppData();
    await use(data);
    await data.close();
  },
  { scope: "worker" },
];

/** The id of the user with this e-mail (signed up through the app), or undefined. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id;
}

/** The id of the user signed up with `email`, to make them the owner of listings; throws when none is. */
export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const id = await findUserIdByEmail(db, email);
  if (!id) throw new Error(`no user signed up with ${email}`);
  return id;
}

export type TestListing = NewListingRow & { photos: number };

/**
 * Inserts a listing owned by `userRef` with `photos` real WebP photos, as the publishing flow leaves it:
 * the photo files first (every width the app serves), then the listing and its image rows in one
 * transaction. Defaults: a furnished 2-bedroom rent in Paris, one photo.
 */
export async function insertTestListing(
  data: AppData,
  userRef: string,
  overrides: Partial<TestListing> = {},
): Promise<TestListing> {
  const { photos = 1, ...fields } = overrides;
  const row = testListingRow(userRef, fields);
  const images = Array.from({ length: photos }, (_, position) => testImageRow(row, position));
  for (const image of images) await storePhoto(data.storage, image.storageKey, image.position);
  await data.db.transaction().execute(async (trx) => {
    await trx.insertInto("listing").values(row).execute();
    for (const image of images) await insertImage(trx, image);
  });
  return { ...row, photos };
}

// Distinct colours so a screenshot shows which photo the slider is on.
const PALETTE = ["#0f766e", "#b45309", "#1d4ed8", "#be123c", "#4d7c0f", "#6d28d9"];
const PHOTO = { width: 1600, height: 1067 };
/** Encoded once per photo position and width: a test that makes dozens of listings only writes files. */
const encoded = new Map<string, Promise<Buffer>>();

/** Writes a 1600x1067 photo at each stored width, as the image pipeline does. */
async function storePhoto(storage: Storage, storageKey: string, position: number) {
  const colour = position % PALETTE.length;
  for (const width of storedWidths(PHOTO.width)) {
    const cacheKey = `${position}-${width}`;
    let webp = encoded.get(cacheKey);
    if (!webp) {
      webp = renderPhoto(colour, position + 1, width);
      encoded.set(cacheKey, webp);
    }
    await storage.put(`${storageKey}-${width}.webp`, await webp, "image/webp");
  }
}

/** A house on a gradient, labelled "Photo n", as WebP at `width`. */
async function renderPhoto(colour: number, label: number, width: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.width}" height="${PHOTO.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PALETTE[colour]}"/><stop offset="1" stop-color="#f8fafc"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <path d="M500 620 L800 380 L1100 620 V860 H500 Z" fill="#ffffff" fill-opacity="0.85"/>
    <rect x="740" y="700" width="120" height="160" fill="${PALETTE[colour]}"/>
    <text x="80" y="150" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff">Photo ${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 70 }).toBuffer();
}
