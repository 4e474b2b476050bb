import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import { whereVisible } from "#app/modules/listing/listing.visibility.server.ts";
import { mayGetAlerts, type PriceDropRow } from "./alerts.repo.server.ts";
import { nextRunAfter } from "./saved-search.repo.server.ts";

/**
 * The news of saved homes (run by the job "search-alerts" at every sweep): for each user who is due (instant at
 * every sweep, daily or weekly when their time comes; savedHomeAlert, instant without a row), the saved homes
 * whose price dropped below what they last heard of, or that were let or sold since, queued as one e-mail (an
 * alertDelivery of kind "digest", sent by the alert sender) in the transaction that records what they now
 * know, guarded by what they knew: a second runner, or a rerun after a kill, queues nothing twice. Only
 * verified, unsuspended accounts get one. Returns how many e-mails were queued.
 */
export async function queueSavedHomeNews(db: Db, now: number) {
  const rows = await db
    .selectFrom("savedListing")
    .innerJoin("listing", "listing.id", "savedListing.listingId")
    .innerJoin("user", "user.id", "savedListing.userId")
    .leftJoin("savedHomeAlert", "savedHomeAlert.userId", "savedListing.userId")
    .select([
      "savedListing.userId",
      "savedListing.listingId",
      "savedListing.notifiedPrice",
      "savedListing.notifiedStatus",
      "savedHomeAlert.frequency",
      "listing.status",
      "listing.price",
    ])
    .where(whereVisible)
    .where(mayGetAlerts)
    .where((eb) =>
      eb.or([
        eb("savedHomeAlert.frequency", "is", null),
        eb("savedHomeAlert.frequency", "=", "instant"),
        eb.and([
          eb("savedHomeAlert.frequency", "in", ["daily", "weekly"]),
          eb("savedHomeAlert.nextRunAt", "<=", now),
        ]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb.and([
          eb("listing.status", "in", ["let", "sold"]),
          eb.or([
            eb("savedListing.notifiedStatus", "is", null),
            eb("savedListing.notifiedStatus", "!=", eb.ref("listing.status")),
          ]),
        ]),
        eb.and([
          eb("listing.status", "=", "available"),
          eb("listing.price", "<", eb.ref("savedListing.notifiedPrice")),
        ]),
      ]),
    )
    .execute();
  const byUser = Map.groupBy(rows, (row) => row.userId);
  let queued = 0;
  for (const [userId, changes] of byUser) {
    queued += await db.transaction().execute(async (trx) => {
      const told: typeof changes = [];
      for (const change of changes) {
        const moved = await trx
          .updateTable("savedListing")
          .set({
            notifiedPrice: Number(change.price),
            notifiedStatus: change.status === "available" ? null : change.status,
          })
          .where("userId", "=", userId)
          .where("listingId", "=", change.listingId)
          .where((eb) =>
            change.notifiedPrice === null
              ? eb("notifiedPrice", "is", null)
              : eb("notifiedPrice", "=", change.notifiedPrice),
          )
          .where((eb) =>
            change.notifiedStatus === null
              ? eb("notifiedStatus", "is", null)
              : eb("notifiedStatus", "=", change.notifiedStatus),
          )
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) > 0) told.push(change); // else another runner told it
      }
      if (told.length === 0) return 0;
      const frequency = changes[0]!.frequency;
      if (frequency === "daily" || frequency === "weekly") {
        await trx
          .updateTable("savedHomeAlert")
          .set({ nextRunAt: nextRunAfter(frequency, now) })
          .where("userId", "=", userId)
          .execute();
      }
      const drops: PriceDropRow[] = told
        .filter((change) => change.status === "available" && change.notifiedPrice !== null)
        .map((change) => ({
          listingId: change.listingId,
          previousPrice: Number(change.notifiedPrice),
          price: Number(change.price),
        }));
      await trx
        .insertInto("alertDelivery")
        .values({
          id: randomUUID(),
          kind: "digest",
          userId,
          savedSearchId: null,
          listingIds: JSON.stringify(told.map((change) => change.listingId)),
          changes: JSON.stringify(drops),
          createdAt: now,
          nextAttemptAt: now,
          claimToken: null,
          sentAt: null,
          pausedAt: null,
          lastError: null,
        })
        .execute();
      return 1;
    });
  }
  return queued;
}
