import type { Db } from "#app/db/db.server.ts";
import { isWellFormedId } from "#app/db/ids.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { type ListingSummary, toListingSummary } from "#app/modules/listing/listing.model.ts";
import {
  decodeCursor,
  encodeCursor,
  findListingById,
  isListingVisible,
} from "#app/modules/listing/listing.repo.server.ts";
import { effectivePrice } from "#app/modules/listing/listing.rules.ts";
import { SAVED_PAGE_SIZE, type SavedHomeStatus } from "./saved.rules.ts";
import { nextRunAfter } from "./saved-search.repo.server.ts";

// Every query on savedListing. A saved home keeps its row when its listing is deleted, so the saver's list
// still shows it (as removed).

/** A saved home as /saved shows it: the card when the listing is still there, its name when it is gone. */
export type SavedHome = {
  listingId: string;
  name: string;
  savedAt: number;
  status: SavedHomeStatus;
  listing: ListingSummary | null;
};

/** How many homes `userId` has saved. */
export async function countSavedHomes(db: Db, userId: string) {
  const row = await db
    .selectFrom("savedListing")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Of `listingIds`, those `userId` has saved (the hearts of one page of cards). */
export async function findSavedIds(db: Db, userId: string, listingIds: string[]): Promise<string[]> {
  if (listingIds.length === 0) return [];
  const rows = await db
    .selectFrom("savedListing")
    .select("listingId")
    .where("userId", "=", userId)
    .where("listingId", "in", listingIds)
    .execute();
  return rows.map((row) => row.listingId);
}

/** Every home `userId` has saved (at most MAX_SAVED_HOMES): the hearts of whatever page they open. */
export async function findAllSavedIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("savedListing").select("listingId").where("userId", "=", userId).execute();
  return rows.map((row) => row.listingId);
}

/** Saves a home for `userId`: "saved", "already" (it was; nothing changes) or "missing" (no such listing). */
export async function insertSavedHome(db: Db, userId: string, listingId: string, now = Date.now()) {
  const listing = await findListingById(db, listingId);
  if (!listing) return "missing";
  const inserted = await db
    .insertInto("savedListing")
    .values({ userId, listingId, name: listing.name, notifiedPrice: effectivePrice(listing), createdAt: now })
    .onConflict((oc) => oc.columns(["userId", "listingId"]).doNothing())
    .returning("listingId")
    .executeTakeFirst();
  return inserted ? "saved" : "already";
}

/** Takes a home off `userId`'s saved list. */
export async function deleteSavedHome(db: Db, userId: string, listingId: string) {
  await db
    .deleteFrom("savedListing")
    .where("userId", "=", userId)
    .where("listingId", "=", listingId)
    .execute();
}

/** One page of `userId`'s saved homes, newest saved first, by keyset on (createdAt, listingId). */
export async function findSavedHomesPage(
  db: Db,
  userId: string,
  cursor: string | null,
  pageSize = SAVED_PAGE_SIZE,
): Promise<{ homes: SavedHome[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  let query = db.selectFrom("savedListing").selectAll().where("userId", "=", userId);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple("createdAt", "listingId"), "<", eb.tuple(after.timestamp, after.id)),
    );
  }
  const rows = await query
    .orderBy("createdAt", "desc")
    .orderBy("listingId", "desc")
    .limit(pageSize + 1)
    .execute();
  const pageRows = rows.slice(0, pageSize);
  // A home deleted, hidden by a moderator or whose owner was suspended shows as removed (its page is a 404).
  const listings = await Promise.all(
    pageRows.map(async (row) =>
      (await isListingVisible(db, row.listingId)) ? findListingById(db, row.listingId) : undefined,
    ),
  );
  const homes = pageRows.map((row, index): SavedHome => {
    const listing = listings[index];
    return {
      listingId: row.listingId,
      name: listing?.name ?? row.name,
      savedAt: Number(row.createdAt),
      status: listing ? (listing.status === "available" ? "available" : listing.status) : "removed",
      listing: listing ? toListingSummary(listing) : null,
    };
  });
  const last = pageRows.at(-1);
  return {
    homes,
    nextCursor:
      rows.length > pageSize && last
        ? encodeCursor({ timestamp: Number(last.createdAt), id: last.listingId })
        : null,
  };
}

/** Whether `listingId` names a listing id at all (ids from forms are checked before any query). */
export function isListingIdShape(listingId: string) {
  return isWellFormedId(listingId);
}

/** How often `userId` hears of their saved homes' price drops, lets and sales (instant until they choose). */
export async function findSavedHomeAlertFrequency(db: Db, userId: string): Promise<AlertFrequency> {
  const row = await db
    .selectFrom("savedHomeAlert")
    .select("frequency")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.frequency ?? "instant";
}

/** Sets how often `userId` hears of their saved homes' news; a daily or weekly one is next due a period on. */
export async function setSavedHomeAlertFrequency(
  db: Db,
  userId: string,
  frequency: AlertFrequency,
  now = Date.now(),
) {
  const nextRunAt = nextRunAfter(frequency, now);
  await db
    .insertInto("savedHomeAlert")
    .values({ userId, frequency, nextRunAt })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ frequency, nextRunAt }))
    .execute();
}
