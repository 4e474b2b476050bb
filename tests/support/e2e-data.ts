import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { loadConfig } from "#app/config.server.ts";
import { createDb, type Db } from "#app/db/db.server.ts";
import type { NewListingRow } from "#app/db/schema.ts";
import { storedWidths } from "#app/modules/image/image.rules.ts";
import { createStorage, type Storage } from "#app/providers/storage/storage.server.ts";
import { testListingRow } from "./factories.ts";

/**
 * Test data for end-to-end tests, written straight into the running app's database and image storage (the
 * ones tests/e2e/global-setup.ts started it with, read from E2E_APP_ENV and E2E_DATA_DIR), so a test can
 * show pages full of listings without going through the create-listing form.
 */
export type AppData = { db: Db; storage: Storage; close(): Promise<void> };

/** Opens the e2e app's database and storage exactly as the app configured them. */
export function openAppData(): AppData {
  const dataDir = process.env.E2E_DATA_DIR;
  const appEnv = process.env.E2E_APP_ENV;
  if (!dataDir || !appEnv)
    throw new Error("E2E_DATA_DIR / E2E_APP_ENV unset: is tests/e2e/global-setup.ts the globalSetup?");
  const config = loadConfig({ ...(JSON.parse(appEnv) as Record<string, string>), DATA_DIR: dataDir });
  const db = createDb(config.database);
  return { db, storage: createStorage(config.storage), close: () => db.destroy() };
}

/** The `data` fixture of the specs that write test data: one connection per Playwright worker. */
export const appDataFixture: [
  (args: object, use: (data: AppData) => Promise<void>) => Promise<void>,
  { scope: "worker" },
] = [
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  async ({}, use: (data: AppData) => Promise<void>) => {
    const data = openAppData();
    await use(data);
    await data.close();
  },
  { scope: "worker" },
];

/** The id of the user signed up with `email` (through the UI), to make them the owner of listings. */
export async function userIdByEmail(db: Db, email: string) {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a user row as better-auth would, without a password: an owner who never signs in. */
export async function insertUser(db: Db, name = "Landlord Without Login") {
  const id = randomUUID();
  const now = new Date();
  const user = { id, name, email: `owner-${id.slice(0, 12)}@example.com` };
  await db
    .insertInto("user")
    .values({ ...user, emailVerified: false, image: null, createdAt: now, updatedAt: now })
    .execute();
  return user;
}

export type TestListing = NewListingRow & { photos: number };

/**
 * Inserts a listing owned by `userRef` with `photos` real WebP photos (stored at every width the app serves),
 * as the publishing flow would leave it. Defaults: a furnished 2-bedroom rent in Paris, one photo.
 */
export async function insertTestListing(
  data: AppData,
  userRef: string,
  overrides: Partial<TestListing> = {},
): Promise<TestListing> {
  const { photos = 1, ...fields } = overrides;
  const row = testListingRow(userRef, fields);
  await data.db.insertInto("listing").values(row).execute();
  for (let position = 0; position < photos; position++) {
    const storageKey = `images/${userRef}-photo-${randomUUID()}`;
    const { width, height } = await storePhoto(data.storage, storageKey, position);
    await data.db
      .insertInto("image")
      .values({
        id: randomUUID(),
        userId: userRef,
        listingId: row.id,
        position,
        storageKey,
        width,
        height,
        createdAt: row.timestamp,
      })
      .execute();
  }
  return { ...row, photos };
}

// Distinct colours so a screenshot shows which photo the slider is on.
const PALETTE = ["#0f766e", "#b45309", "#1d4ed8", "#be123c", "#4d7c0f", "#6d28d9"];
const PHOTO = { width: 1600, height: 1067 };
/** Encoded once per photo position and width: a test that makes dozens of listings only writes files. */
const encoded = new Map<string, Promise<Buffer>>();

/** Writes a 1600x1067 photo at each stored width, as the image pipeline does; returns its original size. */
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
  return PHOTO;
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
