import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TooManyRequestsError } from "#app/http/errors.ts";
import { createListing, createUser, testImageRow } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { insertImage } from "./image.repo.server.ts";
import {
  claimUpload,
  deleteSpentUploadClaims,
  pendingUploadUsage,
  UNFINISHED_UPLOAD_AGE_MS,
  UPLOAD_QUOTA_MESSAGE,
} from "./image.upload-quota.server.ts";

// The caps on a user's unfinished and pending photos, on a real database.

const engine = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
const MB = 1024 * 1024;

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.destroy());

describe(`upload quota (${engine})`, () => {
  it("stops a flood of uploads at the photo cap; expired, refused and saved ones count no more", async () => {
    const user = await createUser(testDb.db);
    const quota = { maxPhotos: 3, maxBytes: 100 * MB };
    const now = Date.now();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await claimUpload(testDb.db, quota, { id, userId: user.id, bytes: MB }, now);
    const error = await claimUpload(
      testDb.db,
      quota,
      { id: randomUUID(), userId: user.id, bytes: MB },
      now,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).message).toBe(UPLOAD_QUOTA_MESSAGE);
    expect(await pendingUploadUsage(testDb.db, user.id, now)).toEqual({ photos: 3, bytes: 3 * MB });

    // One finished and was saved in a listing: it counts no more.
    const listing = await createListing(testDb.db, user.id);
    await insertImage(testDb.db, { ...testImageRow(listing, 1), id: ids[0] as string });
    expect(await pendingUploadUsage(testDb.db, user.id, now)).toEqual({ photos: 2, bytes: 2 * MB });
    // One finished and is pending: it still counts, after the hour too; the unfinished one expires.
    await insertImage(testDb.db, { ...testImageRow(listing, 2), id: ids[1] as string, listingId: null });
    const later = now + UNFINISHED_UPLOAD_AGE_MS + 1;
    expect(await pendingUploadUsage(testDb.db, user.id, later)).toEqual({ photos: 1, bytes: MB });

    await deleteSpentUploadClaims(testDb.db, now - 1);
    const left = await testDb.db
      .selectFrom("uploadClaim")
      .select("id")
      .where("userId", "=", user.id)
      .execute();
    expect(left.map((row) => row.id).sort()).toEqual([ids[1], ids[2]].sort());
  });

  it("caps the declared bytes", async () => {
    const user = await createUser(testDb.db);
    const quota = { maxPhotos: 10, maxBytes: 20 * MB };
    await claimUpload(testDb.db, quota, { id: randomUUID(), userId: user.id, bytes: 15 * MB });
    await expect(
      claimUpload(testDb.db, quota, { id: randomUUID(), userId: user.id, bytes: 15 * MB }),
    ).rejects.toBeInstanceOf(TooManyRequestsError);
    await claimUpload(testDb.db, quota, { id: randomUUID(), userId: user.id, bytes: 5 * MB });
  });
});
