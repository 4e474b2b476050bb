import { randomUUID } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import type { AlertFrequency, Database } from "#app/db/schema.ts";
import { findListingById } from "#app/modules/listing/listing.repo.server.ts";
import { whereListed } from "#app/modules/listing/listing.visibility.server.ts";
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
  kind: "search" | "digest" | "openHouse";
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

// New open houses (decision 072): told once, to holders of the saved home and to matching saved searches.

/** An open house an alert tells of: which one, of which listing. */
export type OpenHouseNewsRow = { listingId: string; openHouseId: string };

/**
 * Open houses still to tell (`announcedAt` null), active, saved before `upTo` (settled) and not started, of
 * listings in the public lists; the oldest first, at most `limit`.
 */
export async function findOpenHousesToAnnounce(db: Db, upTo: number, now: number, limit: number) {
  const rows = await db
    .selectFrom("openHouse")
    .innerJoin("listing", "listing.id", "openHouse.listingId")
    .select(["openHouse.id", "openHouse.listingId", "openHouse.createdAt", "listing.userRef"])
    .where("openHouse.announcedAt", "is", null)
    .where("openHouse.status", "=", "active")
    .where("openHouse.createdAt", "<=", upTo)
    .where("openHouse.startsAt", ">", now)
    .where(whereListed)
    .orderBy("openHouse.createdAt")
    .orderBy("openHouse.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
}

/**
 * Open houses no alert will tell of any more (cancelled, or started before any sweep told them) leave the
 * "still to tell" set, so it holds only news.
 */
export async function retireUntoldOpenHouses(db: Db, now: number) {
  await db
    .updateTable("openHouse")
    .set({ announcedAt: now })
    .where("announcedAt", "is", null)
    .where((eb) => eb.or([eb("status", "=", "cancelled"), eb("startsAt", "<=", now)]))
    .execute();
}

/**
 * Who may get alerts at all: a confirmed address (anyone may sign up with any address and save homes or
 * searches), and not a suspended account.
 */
export function mayGetAlerts(eb: ExpressionBuilder<Database, "user">) {
  return eb.and([
    eb("user.emailVerified", "=", true),
    eb.or([eb("user.banned", "is", null), eb("user.banned", "=", false)]),
  ]);
}

/** The holders of the saved homes `listingIds` who hear of them (saved homes' alerts not turned off). */
export async function findSavedHomeHolders(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return [];
  return db
    .selectFrom("savedListing")
    .innerJoin("user", "user.id", "savedListing.userId")
    .leftJoin("savedHomeAlert", "savedHomeAlert.userId", "savedListing.userId")
    .select(["savedListing.userId", "savedListing.listingId"])
    .where("savedListing.listingId", "in", listingIds)
    .where(mayGetAlerts)
    .where((eb) =>
      eb.or([eb("savedHomeAlert.frequency", "is", null), eb("savedHomeAlert.frequency", "!=", "off")]),
    )
    .execute();
}

/** Every saved search with alerts on (not off, not paused for bounces) of a user who may get alerts. */
export async function findAlertingSearches(db: Db) {
  const rows = await db
    .selectFrom("savedSearch")
    .innerJoin("user", "user.id", "savedSearch.userId")
    .select(["savedSearch.id", "savedSearch.userId", "savedSearch.query", "savedSearch.createdAt"])
    .where("savedSearch.frequency", "!=", "off")
    .where("savedSearch.pausedAt", "is", null)
    .where(mayGetAlerts)
    .execute();
  return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
}

/**
 * Marks the open houses of `news` told and queues one e-mail per user of those this runner marked, in one
 * transaction: the UPDATE is guarded by `announcedAt` still null, so of two runners that read the same open
 * house one tells it. Returns how many e-mails were queued.
 */
export async function queueOpenHouseAlerts(
  db: Db,
  openHouseIds: string[],
  news: Map<string, OpenHouseNewsRow[]>,
  now: number,
) {
  if (openHouseIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable("openHouse")
      .set({ announcedAt: now })
      .where("id", "in", openHouseIds)
      .where("announcedAt", "is", null)
      .returning("id")
      .execute();
    const ours = new Set(marked.map((row) => row.id));
    const rows = [...news].flatMap(([userId, items]) => {
      const told = items.filter((item) => ours.has(item.openHouseId));
      if (told.length === 0) return [];
      return [
        {
          id: randomUUID(),
          kind: "openHouse" as const,
          userId,
          savedSearchId: null,
          listingIds: JSON.stringify([...new Set(told.map((item) => item.listingId))]),
          changes: JSON.stringify(told),
          createdAt: now,
          nextAttemptAt: now,
          claimToken: null,
          sentAt: null,
          pausedAt: null,
          lastError: null,
        },
      ];
    });
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto("alertDelivery")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    return rows.length;
  });
}

/**
 * The open houses of `ids` an e-mail may still tell of (active, not started, of a home still in the public
 * lists), soonest first.
 */
export async function findOpenHousesToTell(db: Db, ids: string[], now: number) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("openHouse")
    .innerJoin("listing", "listing.id", "openHouse.listingId")
    .select([
      "openHouse.id",
      "openHouse.listingId",
      "openHouse.kind",
      "openHouse.startsAt",
      "openHouse.endsAt",
      "openHouse.timeZone",
    ])
    .where("openHouse.id", "in", ids)
    .where("openHouse.status", "=", "active")
    .where("openHouse.startsAt", ">", now)
    .where(whereListed)
    .orderBy("openHouse.startsAt")
    .orderBy("openHouse.id")
    .execute();
  return rows.map((row) => ({ ...row, startsAt: Number(row.startsAt), endsAt: Number(row.endsAt) }));
}
