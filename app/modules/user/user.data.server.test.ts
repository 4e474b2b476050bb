import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertImage } from "#app/modules/image/image.repo.server.ts";
import { setSavedHomeAlertFrequency } from "#app/modules/saved/saved-home.repo.server.ts";
import { createDiskStorage } from "#app/providers/storage/storage.disk.server.ts";
import { createListing, createUser, testImageRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { deleteAccount, exportUserData } from "./user.data.server.ts";

// "Download my data" and "Delete my account" on a real database.

const engine = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
let testDb: TestDb;
let dir: string;

beforeAll(async () => {
  testDb = await createTestDb();
  dir = mkdtempSync(path.join(tmpdir(), "homestead-your-data-"));
});
afterAll(async () => {
  await testDb?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function someoneWithThings() {
  const user = await createUser(testDb.db, { name: "Dora Data" });
  const listing = await createListing(testDb.db, user.id, { name: "Dora's flat" });
  const now = new Date();
  await testDb.db
    .insertInto("account")
    .values({
      id: `${user.id}-a`,
      userId: user.id,
      accountId: user.id,
      providerId: "credential",
      password: "hash!",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await testDb.db
    .insertInto("session")
    .values({
      id: `${user.id}-s`,
      userId: user.id,
      token: `token-${user.id}`,
      expiresAt: new Date(Date.now() + 60_000),
      ipAddress: "127.0.0.1",
      userAgent: "test",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await testDb.db
    .insertInto("savedListing")
    .values({
      userId: user.id,
      listingId: listing.id,
      name: listing.name,
      notifiedPrice: null,
      createdAt: Date.now(),
    })
    .execute();
  return { user, listing };
}

/** A conversation about `listingId` between its owner and `enquirerId`: one message each way. */
async function conversation(listingId: string, ownerId: string, enquirerId: string) {
  const id = `${listingId}-${enquirerId}`;
  const now = Date.now();
  await testDb.db
    .insertInto("messageThread")
    .values({ id, listingId, ownerId, enquirerId, createdAt: now, lastMessageAt: now })
    .execute();
  await testDb.db
    .insertInto("message")
    .values([
      { id: `${id}-1`, threadId: id, authorId: enquirerId, body: "Is it still free?", createdAt: now },
      { id: `${id}-2`, threadId: id, authorId: ownerId, body: "Yes, come and see it.", createdAt: now + 1 },
    ])
    .execute();
}

describe(`your data (${engine})`, () => {
  it("downloads the account, listings with photo and floor plan URLs and saved homes, never a secret", async () => {
    const { user, listing } = await someoneWithThings();
    await insertImage(testDb.db, { ...testImageRow(listing, 0), kind: "floorPlan", caption: "Ground floor" });
    const enquirer = await createUser(testDb.db, { name: "Eno Enquirer" });
    await conversation(listing.id, user.id, enquirer.id);
    await setSavedHomeAlertFrequency(testDb.db, user.id, "weekly");
    const data = await exportUserData(testDb.db, {
      userId: user.id,
      publicUrl: "https://homes.example.com",
      imageBaseUrl: "",
    });
    expect(data.account).toMatchObject({
      id: user.id,
      name: "Dora Data",
      email: user.email,
      emailVerified: true,
    });
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: "credential" })]);
    expect(data.listings).toHaveLength(1);
    expect(data.listings[0]).toMatchObject({
      name: "Dora's flat",
      url: `https://homes.example.com/category/rent/${listing.id}`,
    });
    expect(data.listings[0]?.photos).toEqual([
      { url: expect.stringMatching(/^https:\/\/homes\.example\.com\/images\/.+\.webp$/), caption: null },
    ]);
    expect(data.listings[0]?.floorPlans).toEqual([
      {
        url: expect.stringMatching(/^https:\/\/homes\.example\.com\/images\/.+\.webp$/),
        caption: "Ground floor",
      },
    ]);
    expect(data.savedHomes).toEqual([
      expect.objectContaining({ listingId: listing.id, name: "Dora's flat" }),
    ]);
    expect(data.savedHomesNews).toEqual({ frequency: "weekly" });
    expect(data.messageThreads).toEqual([
      expect.objectContaining({
        listingId: listing.id,
        you: "owner",
        messages: [
          expect.objectContaining({ from: "them", body: "Is it still free?" }),
          expect.objectContaining({ from: "you", body: "Yes, come and see it." }),
        ],
      }),
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(enquirer.email);
    expect(text).not.toContain("hash!");
    expect(text).not.toContain(`token-${user.id}`);
  });

  it("deletes the account with its listings, photos, sessions and saved homes; others keep theirs", async () => {
    const { user } = await someoneWithThings();
    const other = await someoneWithThings();
    await conversation(other.listing.id, other.user.id, user.id);
    await deleteAccount({ db: testDb.db, storage: createDiskStorage(path.join(dir, "images")) }, user.id);
    for (const [table, column] of [
      ["user", "id"],
      ["listing", "userRef"],
      ["image", "userId"],
      ["session", "userId"],
      ["account", "userId"],
      ["savedListing", "userId"],
      ["message", "authorId"],
    ] as const) {
      const gone = await testDb.db.selectFrom(table).select(column).where(column, "=", user.id).execute();
      expect(gone, table).toEqual([]);
      if (table === "message") continue; // the other side's messages of that thread went with it
      const kept = await testDb.db
        .selectFrom(table)
        .select(column)
        .where(column, "=", other.user.id)
        .execute();
      expect(kept.length, table).toBeGreaterThan(0);
    }
  });
});
