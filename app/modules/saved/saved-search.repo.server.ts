import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import { isWellFormedId } from "#app/db/ids.ts";
import type { AlertFrequency } from "#app/db/schema.ts";

// Every query on savedSearch that a page makes (the alert pipeline has its own, in alerts.repo.server.ts).

export type SavedSearch = {
  id: string;
  query: string;
  frequency: AlertFrequency;
  createdAt: number;
  paused: boolean;
};

export const FREQUENCIES: readonly AlertFrequency[] = ["instant", "daily", "weekly", "off"];

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a search of `frequency` saved or run at `now` is next due. */
export function nextRunAfter(frequency: AlertFrequency, now: number) {
  if (frequency === "daily") return now + DAY_MS;
  if (frequency === "weekly") return now + 7 * DAY_MS;
  return now;
}

/** `userId`'s saved searches, newest first. */
export async function findSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .selectFrom("savedSearch")
    .select(["id", "query", "frequency", "createdAt", "pausedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(({ pausedAt, createdAt, ...row }) => ({
    ...row,
    createdAt: Number(createdAt),
    paused: pausedAt !== null,
  }));
}

/** How many searches `userId` has saved. */
export async function countSavedSearches(db: Db, userId: string) {
  const row = await db
    .selectFrom("savedSearch")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The id of `userId`'s search with this exact query, if saved already. */
export async function findSavedSearchIdByQuery(db: Db, userId: string, query: string) {
  const row = await db
    .selectFrom("savedSearch")
    .select("id")
    .where("userId", "=", userId)
    .where("query", "=", query)
    .executeTakeFirst();
  return row?.id;
}

/** Stores a new search; its first alert will hold what is published from `now` on. */
export async function insertSavedSearch(
  db: Db,
  userId: string,
  query: string,
  now = Date.now(),
  frequency: AlertFrequency = "instant",
) {
  const id = randomUUID();
  await db
    .insertInto("savedSearch")
    .values({
      id,
      userId,
      query,
      frequency,
      createdAt: now,
      lastAlertAt: now,
      nextRunAt: nextRunAfter(frequency, now),
      pausedAt: null,
    })
    .execute();
  return id;
}

/** Sets how often `userId`'s search alerts (and takes it out of pause); false when it is not theirs. */
export async function updateSavedSearchFrequency(
  db: Db,
  userId: string,
  id: string,
  frequency: AlertFrequency,
  now = Date.now(),
) {
  if (!isWellFormedId(id)) return false;
  const result = await db
    .updateTable("savedSearch")
    .set({ frequency, pausedAt: null, nextRunAt: nextRunAfter(frequency, now) })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes `userId`'s search; false when it is not theirs. */
export async function deleteSavedSearch(db: Db, userId: string, id: string) {
  if (!isWellFormedId(id)) return false;
  const result = await db
    .deleteFrom("savedSearch")
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A search by id for the unsubscribe page: its query and frequency, or undefined. */
export async function findSavedSearchById(db: Db, id: string) {
  if (!isWellFormedId(id)) return undefined;
  return db
    .selectFrom("savedSearch")
    .select(["id", "query", "frequency"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Turns a search's alerts off (unsubscribe); false when it was off already or is gone. */
export async function turnOffSavedSearch(db: Db, id: string) {
  if (!isWellFormedId(id)) return false;
  const result = await db
    .updateTable("savedSearch")
    .set({ frequency: "off" })
    .where("id", "=", id)
    .where("frequency", "!=", "off")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
