import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { findListingById } from "#app/modules/listing/listing.repo.server.ts";
import { queueMail } from "#app/modules/mail/mail.repo.server.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";
import { nextRunAfter } from "./saved-search.repo.server.ts";

// Every query of the alert pipeline (alerts.job.server.ts): the sweep's reads, the writes that move a search
// on and queue its delivery, and the sender's claims and marks on alertDelivery.

/** How long a sender holds a delivery it is sending. */
const CLAIM_MS = 2 * 60_000;
const SEND_BATCH = 20;

/** A price drop an alert shows: from the price told before to the one now. */
export type PriceDropRow = { listingId: string; previousPrice: number; price: number };
/** A home an alert tells of as new, with the price it told. */
export type Announced = { listingId: string; price: number };
/** A due search's news: what its alert will tell, and the `lastAlertAt` it was read with. */
export type SearchNews = {
  search: { id: string; userId: string; frequency: AlertFrequency };
  last: number;
  fresh: Announced[];
  drops: PriceDropRow[];
};

/** The saved searches due for an alert at `now` that have not been swept up to `upTo`. */
export function findDueSearches(db: Db, now: number, upTo: number) {
  return db
    .selectFrom("savedSearch")
    .select(["id", "userId", "query", "frequency", "lastAlertAt", "createdAt"])
    .where("frequency", "!=", "off")
    .where("pausedAt", "is", null)
    .where((eb) => eb.or([eb("frequency", "=", "instant"), eb("nextRunAt", "<=", now)]))
    .where("lastAlertAt", "<", upTo)
    .execute();
}

/** The price each search last told of each of its matches, keyed "searchId listingId" (none: never told). */
export async function findAnnouncedPrices(
  db: Db,
  matched: { search: { id: string }; matches: { id: string }[] }[],
): Promise<Map<string, number>> {
  const told = new Map<string, number>();
  for (let i = 0; i < matched.length; i += 200) {
    const chunk = matched.slice(i, i + 200);
    const listingIds = [...new Set(chunk.flatMap((item) => item.matches.map((listing) => listing.id)))];
    for (let j = 0; j < listingIds.length; j += 500) {
      const rows = await db
        .selectFrom("savedSearchListing")
        .select(["savedSearchId", "listingId", "price"])
        .where(
          "savedSearchId",
          "in",
          chunk.map((item) => item.search.id),
        )
        .where("listingId", "in", listingIds.slice(j, j + 500))
        .execute();
      for (const row of rows) told.set(`${row.savedSearchId} ${row.listingId}`, Number(row.price));
    }
  }
  return told;
}

/** Moves searches with nothing new on to `upTo`, so the next sweep reads only newer listings. */
export async function moveQuietSearchesOn(db: Db, ids: string[], upTo: number) {
  await db
    .updateTable("savedSearch")
    .set({ lastAlertAt: upTo })
    .where("id", "in", ids)
    .where("lastAlertAt", "<", upTo)
    .execute();
}

/** Records what `chunk`'s alerts tell (new homes and their price, lower prices), in the alerts' transaction. */
async function rememberAnnounced(trx: Db, chunk: SearchNews[], now: number) {
  const rows = chunk.flatMap(({ search, fresh, drops }) =>
    [...fresh, ...drops].map(({ listingId, price }) => ({
      savedSearchId: search.id,
      listingId,
      price,
      announcedAt: now,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) {
    await trx
      .insertInto("savedSearchListing")
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(["savedSearchId", "listingId"]).doUpdateSet((eb) => ({
          price: eb.ref("excluded.price"),
          announcedAt: eb.ref("excluded.announcedAt"),
        })),
      )
      .execute();
  }
}

function deliveryRow({ search, fresh, drops }: SearchNews, now: number) {
  return {
    id: randomUUID(),
    kind: "search" as const,
    userId: search.userId,
    savedSearchId: search.id,
    listingIds: JSON.stringify(fresh.map((item) => item.listingId)),
    changes: JSON.stringify(drops),
    createdAt: now,
    nextAttemptAt: now,
    claimToken: null,
    sentAt: null,
    pausedAt: null,
    lastError: null,
  };
}

class RaceLost extends Error {}

/**
 * Moves `chunk` (one old `lastAlertAt`, one frequency) on to `upTo` and queues its alerts, in one transaction
 * guarded by that old value; null when a runner raced it (nothing written).
 */
export async function queueSearchAlertsTogether(
  db: Db,
  chunk: SearchNews[],
  upTo: number,
  now: number,
): Promise<number | null> {
  const first = chunk[0]!;
  try {
    return await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("savedSearch")
        .set({ lastAlertAt: upTo, nextRunAt: nextRunAfter(first.search.frequency, now) })
        .where(
          "id",
          "in",
          chunk.map((item) => item.search.id),
        )
        .where("lastAlertAt", "=", first.last)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== chunk.length) throw new RaceLost();
      await trx
        .insertInto("alertDelivery")
        .values(chunk.map((item) => deliveryRow(item, now)))
        .execute();
      await rememberAnnounced(trx, chunk, now);
      return chunk.length;
    });
  } catch (error) {
    if (error instanceof RaceLost) return null;
    throw error;
  }
}

/** The same, search by search: each one moved on by this runner gets its alert, the others are left alone. */
export async function queueSearchAlertsOneByOne(db: Db, chunk: SearchNews[], upTo: number, now: number) {
  let queued = 0;
  for (const item of chunk) {
    queued += await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("savedSearch")
        .set({ lastAlertAt: upTo, nextRunAt: nextRunAfter(item.search.frequency, now) })
        .where("id", "=", item.search.id)
        .where("lastAlertAt", "=", item.last)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) return 0;
      await trx.insertInto("alertDelivery").values(deliveryRow(item, now)).execute();
      await rememberAnnounced(trx, [item], now);
      return 1;
    });
  }
  return queued;
}

export type ClaimedDelivery = {
  id: string;
  kind: "search" | "digest";
  claimToken: string;
  userId: string;
  savedSearchId: string | null;
  listingIds: string;
  changes: string;
  attempts: number;
};

/** Claims up to SEND_BATCH due deliveries for CLAIM_MS; returns them (none: nothing is due). */
export async function claimDeliveries(db: Db, now: number): Promise<ClaimedDelivery[]> {
  const token = randomUUID();
  const dueIds = db
    .selectFrom("alertDelivery")
    .select("id")
    .where("sentAt", "is", null)
    .where("pausedAt", "is", null)
    .where("nextAttemptAt", "<=", now)
    .where("claimedUntil", "<=", now)
    .limit(SEND_BATCH);
  // The conditions again on the row itself: a runner that waited for another's row lock re-checks them.
  await db
    .updateTable("alertDelivery")
    .set({ claimToken: token, claimedUntil: now + CLAIM_MS })
    .where("id", "in", dueIds)
    .where("sentAt", "is", null)
    .where("claimedUntil", "<=", now)
    .execute();
  const rows = await db
    .selectFrom("alertDelivery")
    .select(["id", "kind", "userId", "savedSearchId", "listingIds", "changes", "attempts"])
    .where("claimToken", "=", token)
    .where("sentAt", "is", null)
    .execute();
  return rows.map((row) => ({ ...row, claimToken: token, attempts: Number(row.attempts) }));
}

/** Marks a claimed delivery sent without an e-mail (nothing to say), if the claim still holds. */
export async function markDeliveryDone(db: Db, delivery: ClaimedDelivery, now: number) {
  await db
    .updateTable("alertDelivery")
    .set({ sentAt: now, claimedUntil: 0 })
    .where("id", "=", delivery.id)
    .where("claimToken", "=", delivery.claimToken)
    .execute();
}

/** Whom a delivery goes to, and its saved search (undefined: gone, or a saved homes' digest). */
export function findDeliveryRecipient(db: Db, delivery: ClaimedDelivery) {
  return Promise.all([
    db.selectFrom("user").select(["email", "name"]).where("id", "=", delivery.userId).executeTakeFirst(),
    delivery.savedSearchId
      ? db
          .selectFrom("savedSearch")
          .select(["id", "query", "frequency"])
          .where("id", "=", delivery.savedSearchId)
          .executeTakeFirst()
      : undefined,
  ]);
}

/**
 * Marks a claimed delivery sent in the transaction that queues its e-mail in the outbox, which sends and
 * retries it; false when the claim was lost (nothing queued).
 */
export function markDeliverySentWithMail(
  db: Db,
  delivery: ClaimedDelivery,
  now: number,
  message: MailMessage,
) {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable("alertDelivery")
      .set({ sentAt: now, claimedUntil: 0 })
      .where("id", "=", delivery.id)
      .where("claimToken", "=", delivery.claimToken)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n) return false;
    await queueMail(trx, message);
    return true;
  });
}

/** Records a refused attempt: retried at `nextAttemptAt`, or paused when `paused`. */
export async function recordDeliveryRefused(
  db: Db,
  delivery: ClaimedDelivery,
  failure: { attempts: number; nextAttemptAt: number; lastError: string; pausedAt: number | null },
) {
  const { pausedAt, ...set } = failure;
  await db
    .updateTable("alertDelivery")
    .set({ ...set, claimedUntil: 0, ...(pausedAt !== null ? { pausedAt } : {}) })
    .where("id", "=", delivery.id)
    .where("claimToken", "=", delivery.claimToken)
    .execute();
}

/** Pauses a saved search's alerts until its owner turns them on again. */
export async function pauseSavedSearch(db: Db, searchId: string, now: number) {
  await db.updateTable("savedSearch").set({ pausedAt: now }).where("id", "=", searchId).execute();
}

/**
 * Pauses the alerts of every saved search whose owner's address is `email` (it bounced): they stay paused,
 * and Profile says why, until the owner chooses a frequency again. Returns how many it paused.
 */
export async function pauseSavedSearchesOfAddress(db: Db, email: string, now: number) {
  const result = await db
    .updateTable("savedSearch")
    .set({ pausedAt: now })
    .where("pausedAt", "is", null)
    .where("userId", "in", (eb) =>
      eb.selectFrom("user").select("id").where("email", "=", email.toLowerCase()),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The listings of `ids`, in order; undefined for one that is gone. */
export async function findListings(db: Db, ids: string[]) {
  return Promise.all(ids.map((id) => findListingById(db, id)));
}
