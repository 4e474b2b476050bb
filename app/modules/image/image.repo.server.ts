import type { Db } from "#app/db/db.server.ts";
import type { ImageKind, ImageRow, NewImageRow } from "#app/db/schema.ts";

/** Stores the row of a processed upload; listingId null means "pending", not yet part of a listing. */
export async function insertImage(db: Db, row: NewImageRow) {
  await db.insertInto("image").values(row).execute();
}

/** The image rows with these ids (in no particular order; missing ids are simply absent). */
export async function findImagesByIds(db: Db, ids: readonly string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("image")
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
}

/** A listing's images (photos and floor plans), each kind in its order. */
export async function findImagesByListing(db: Db, listingId: string): Promise<ImageRow[]> {
  return db.selectFrom("image").selectAll().where("listingId", "=", listingId).orderBy("position").execute();
}

/**
 * Puts one image on a listing as a photo or a floor plan at `position` (within its kind) with its caption,
 * only if it is already on that listing, or pending and uploaded by `userId`; false otherwise. The condition
 * sits in the UPDATE so two saves cannot claim the same photo.
 */
export async function attachImage(
  db: Db,
  image: {
    id: string;
    userId: string;
    listingId: string;
    kind: ImageKind;
    position: number;
    caption: string | null;
  },
) {
  const result = await db
    .updateTable("image")
    .set({ listingId: image.listingId, kind: image.kind, position: image.position, caption: image.caption })
    .where("id", "=", image.id)
    .where((eb) =>
      eb.or([
        eb.and([eb("listingId", "is", null), eb("agencyId", "is", null), eb("userId", "=", image.userId)]),
        eb("listingId", "=", image.listingId),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Deletes image rows by id, with their upload claims: a photo that is gone counts toward no cap. */
export async function deleteImageRows(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom("image")
    .where("id", "in", [...ids])
    .execute();
  await deleteUploadClaims(db, ids);
}

/** Which of `storageKeys` some image row uses (rows may share one: the seed's bulk listings do). */
export async function findUsedStorageKeys(db: Db, storageKeys: readonly string[]): Promise<Set<string>> {
  if (storageKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom("image")
    .select("storageKey")
    .distinct()
    .where("storageKey", "in", [...storageKeys])
    .execute();
  return new Set(rows.map((row) => row.storageKey));
}

/** How many uploaded photos are not (yet) part of a saved listing (an agency's logo is not pending). */
export async function countPendingImages(db: Db): Promise<number> {
  const row = await db
    .selectFrom("image")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("listingId", "is", null)
    .where("agencyId", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Uploads that never became part of a listing (nor a logo) and were made before `cutoff` (epoch ms), oldest first. */
export async function findPendingImagesBefore(db: Db, cutoff: number, limit = 500): Promise<ImageRow[]> {
  return db
    .selectFrom("image")
    .selectAll()
    .where("listingId", "is", null)
    .where("agencyId", "is", null)
    .where("createdAt", "<", cutoff)
    .orderBy("createdAt")
    .limit(limit)
    .execute();
}

/**
 * Deletes pending rows among `ids` (a row attached to a listing meanwhile stays: the condition is in the DELETE)
 * and returns the rows it deleted, so only their files are removed.
 */
export async function deletePendingImages(db: Db, ids: readonly string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .deleteFrom("image")
    .where("id", "in", [...ids])
    .where("listingId", "is", null)
    .where("agencyId", "is", null)
    .returningAll()
    .execute();
  await deleteUploadClaims(
    db,
    deleted.map((row) => row.id),
  );
  return deleted;
}

/**
 * An upload's claim (same id as its image) reads "no image row" as "still uploading": once the image row is
 * deleted, the claim must go with it, or the photo would count as an unfinished upload for another hour.
 */
async function deleteUploadClaims(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom("uploadClaim")
    .where("id", "in", [...ids])
    .execute();
}

/**
 * The image already fetched from `sourceUrl` that `listingId`'s save may use: one on that listing, or one
 * `userId` fetched and not yet placed in any listing (a save that failed after fetching it); undefined when none.
 */
export async function findImageBySource(
  db: Db,
  sourceUrl: string,
  listingId: string | null,
  userId: string,
): Promise<ImageRow | undefined> {
  return db
    .selectFrom("image")
    .selectAll()
    .where("sourceUrl", "=", sourceUrl)
    .where((eb) =>
      eb.or([
        ...(listingId ? [eb("listingId", "=", listingId)] : []),
        eb.and([eb("listingId", "is", null), eb("agencyId", "is", null), eb("userId", "=", userId)]),
      ]),
    )
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}
