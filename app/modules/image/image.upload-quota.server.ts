import type { Db } from "#app/db/db.server.ts";
import { TooManyRequestsError } from "#app/http/errors.ts";

// The caps on what one user may have uploading or uploaded but not yet in a saved listing: a
// count and a total of declared bytes, checked when an upload is created, before a byte is staged. Each
// upload leaves a claim row (its id is the upload's, and so the image's); a claim counts while its upload is
// unfinished and younger than UNFINISHED_UPLOAD_AGE_MS (older ones are expired: the sweeper deletes their
// staging files), or while its photo is pending. A photo saved in a listing, or refused, counts no more.

/** Unfinished uploads older than this no longer count, and their staging files are swept. */
export const UNFINISHED_UPLOAD_AGE_MS = 60 * 60 * 1000;

export type UploadQuota = { maxPhotos: number; maxBytes: number };

export const UPLOAD_QUOTA_MESSAGE =
  "You have many photos waiting to be saved in a listing. Save or remove some before adding more.";

/** What counts now toward `userId`'s caps: claims of unfinished (recent) uploads and of pending photos. */
export async function pendingUploadUsage(db: Db, userId: string, now = Date.now()) {
  const row = await db
    .selectFrom("uploadClaim")
    .leftJoin("image", "image.id", "uploadClaim.id")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number | string | null>("uploadClaim.bytes").as("bytes"),
    ])
    .where("uploadClaim.userId", "=", userId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("image.id", "is", null),
          eb("uploadClaim.createdAt", ">", now - UNFINISHED_UPLOAD_AGE_MS),
        ]),
        eb.and([
          eb("image.id", "is not", null),
          eb("image.listingId", "is", null),
          eb("image.agencyId", "is", null),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { photos: Number(row.count), bytes: Number(row.bytes ?? 0) };
}

/**
 * Records upload `id` of `bytes` for `userId`, or throws TooManyRequestsError (and records nothing) when it
 * would take the user over a cap. Written first and counted after, so racing uploads cannot both pass.
 */
export async function claimUpload(
  db: Db,
  quota: UploadQuota,
  upload: { id: string; userId: string; bytes: number },
  now = Date.now(),
) {
  await db
    .insertInto("uploadClaim")
    .values({ ...upload, createdAt: now })
    .execute();
  const usage = await pendingUploadUsage(db, upload.userId, now);
  if (usage.photos <= quota.maxPhotos && usage.bytes <= quota.maxBytes) return;
  await releaseUploadClaim(db, upload.id);
  throw new TooManyRequestsError(UPLOAD_QUOTA_MESSAGE, UNFINISHED_UPLOAD_AGE_MS / 1000);
}

/** Forgets a claim: its upload was refused or abandoned. */
export async function releaseUploadClaim(db: Db, id: string) {
  await db.deleteFrom("uploadClaim").where("id", "=", id).execute();
}

/** Deletes claims that count no more: their photo is in a listing, or they are older than `before`. */
export async function deleteSpentUploadClaims(db: Db, before: number) {
  await db.deleteFrom("uploadClaim").where("createdAt", "<", before).execute();
  await db
    .deleteFrom("uploadClaim")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("image")
          .select("image.id")
          .whereRef("image.id", "=", "uploadClaim.id")
          .where("image.listingId", "is not", null),
      ),
    )
    .execute();
}
