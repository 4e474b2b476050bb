import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidError, NotFoundError } from "#app/http/errors.ts";
import { deleteListingById } from "#app/modules/listing/listing.repo.server.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { MAX_SAVED_HOMES, SAVED_MESSAGES } from "./saved.rules.ts";
import { countSavedHomes, findSavedHomesPage, findSavedIds } from "./saved-home.repo.server.ts";
import { setHomeSaved } from "./saved-home.service.server.ts";

let testDb: TestDb;
let ownerId: string;
let userId: string;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});
beforeEach(async () => {
  ownerId = (await createUser(testDb.db)).id;
  userId = (await createUser(testDb.db)).id;
});

async function readAll(forUser: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await findSavedHomesPage(testDb.db, forUser, cursor, 3);
    ids.push(...page.homes.map((home) => home.listingId));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe("saved homes", () => {
  it("saves once, unsaves, and keeps each user's list private", async () => {
    const listing = await createListing(testDb.db, ownerId);
    await setHomeSaved(testDb.db, userId, listing.id, true);
    await setHomeSaved(testDb.db, userId, listing.id, true);
    expect(await countSavedHomes(testDb.db, userId)).toBe(1);
    expect(await findSavedIds(testDb.db, userId, [listing.id])).toEqual([listing.id]);
    expect(await findSavedIds(testDb.db, ownerId, [listing.id])).toEqual([]);
    expect((await findSavedHomesPage(testDb.db, ownerId, null)).homes).toEqual([]);
    await setHomeSaved(testDb.db, userId, listing.id, false);
    expect(await countSavedHomes(testDb.db, userId)).toBe(0);
  });

  it("lists newest saved first, page by page, each once", async () => {
    const listings: { id: string }[] = [];
    for (let i = 0; i < 7; i++) listings.push(await createListing(testDb.db, ownerId));
    // Saved in an order unlike the listings' own.
    const order = [3, 0, 6, 1, 5, 2, 4].map((i) => listings[i]!.id);
    let now = 1_000_000;
    for (const id of order) {
      now += 10;
      await testDb.db
        .insertInto("savedListing")
        .values({ userId, listingId: id, name: "x", notifiedPrice: 1, createdAt: now })
        .execute();
    }
    expect(await readAll(userId)).toEqual(order.toReversed());
  });

  it("keeps a deleted home on the list as removed", async () => {
    const listing = await createListing(testDb.db, ownerId, { name: "Old mill" });
    await setHomeSaved(testDb.db, userId, listing.id, true);
    await testDb.db.deleteFrom("image").where("listingId", "=", listing.id).execute();
    await deleteListingById(testDb.db, listing.id);
    const [home] = (await findSavedHomesPage(testDb.db, userId, null)).homes;
    expect(home).toMatchObject({ listingId: listing.id, name: "Old mill", status: "removed", listing: null });
  });

  it("shows a let home with its status, and a hidden one as removed", async () => {
    const let_ = await createListing(testDb.db, ownerId, { name: "Let cottage" });
    const hidden = await createListing(testDb.db, ownerId, { name: "Hidden cottage" });
    await setHomeSaved(testDb.db, userId, let_.id, true);
    await setHomeSaved(testDb.db, userId, hidden.id, true);
    await testDb.db.updateTable("listing").set({ status: "let" }).where("id", "=", let_.id).execute();
    await testDb.db
      .updateTable("listing")
      .set({ hiddenAt: Date.now() })
      .where("id", "=", hidden.id)
      .execute();
    const { homes } = await findSavedHomesPage(testDb.db, userId, null);
    const byName = Object.fromEntries(homes.map((home) => [home.name, home]));
    expect(byName["Let cottage"]).toMatchObject({ status: "let" });
    expect(byName["Let cottage"]?.listing).not.toBeNull();
    expect(byName["Hidden cottage"]).toMatchObject({ status: "removed", listing: null });
  });

  it("refuses a missing listing and the 1,001st home", async () => {
    await expect(setHomeSaved(testDb.db, userId, "nope", true)).rejects.toThrow(NotFoundError);
    await expect(setHomeSaved(testDb.db, userId, "bad id\0", true)).rejects.toThrow(NotFoundError);
    const rows = Array.from({ length: MAX_SAVED_HOMES }, (_, i) => ({
      userId,
      listingId: `gone-${i}`,
      name: "x",
      notifiedPrice: 1,
      createdAt: i,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await testDb.db
        .insertInto("savedListing")
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const listing = await createListing(testDb.db, ownerId);
    const refusal = setHomeSaved(testDb.db, userId, listing.id, true);
    await expect(refusal).rejects.toThrow(InvalidError);
    await expect(refusal).rejects.toMatchObject({ formMessage: SAVED_MESSAGES.tooManyHomes });
    // Unsaving one makes room again.
    await setHomeSaved(testDb.db, userId, "gone-0", false);
    await setHomeSaved(testDb.db, userId, listing.id, true);
    expect(await countSavedHomes(testDb.db, userId)).toBe(MAX_SAVED_HOMES);
  });
});
