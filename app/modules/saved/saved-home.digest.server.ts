import { randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import { whereVisible } from "#app/modules/listing/listing.visibility.server.ts";

/**
 * The daily digest of saved homes (the job "saved-home-digest", once a day): for each user, the saved homes
 * whose price dropped below what they last heard of, or that were let or sold since, queued as one e-mail
 * (an alertDelivery of kind "digest", sent by the alert sender) in the transaction that records what they
 * now know, so a rerun after a kill queues nothing twice. Only verified, unsuspended accounts get one.
 */
export async function queueSavedHomeDigests(db: Db, now: number) {
  const rows = await db
    .selectFrom("savedListing")
    .innerJoin("listing", "listing.id", "savedListing.listingId")
    .innerJoin("user", "user.id", "savedListing.userId")
    .select([
      "savedListing.userId",
      "savedListing.listingId",
      "savedListing.notifiedPrice",
      "savedListing.notifiedStatus",
      "listing.status",
      "listing.price",
    ])
    .where(whereVisible)
    // Mail goes only to an address its owner confirmed (anyone may sign up with any address and save homes),
    // and not to a suspended account.
    .where("user.emailVerified", "=", true)
    .where((eb) => eb.or([eb("user.banned", "is", null), eb("user.banned", "=", false)]))
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
  for (const [userId, changes] of byUser) {
    await db.transaction().execute(async (trx) => {
      for (const change of changes) {
        await trx
          .updateTable("savedListing")
          .set({
            notifiedPrice: Number(change.price),
            notifiedStatus: change.status === "available" ? null : change.status,
          })
          .where("userId", "=", userId)
          .where("listingId", "=", change.listingId)
          .execute();
      }
      await trx
        .insertInto("alertDelivery")
        .values({
          id: randomUUID(),
          kind: "digest",
          userId,
          savedSearchId: null,
          listingIds: JSON.stringify(changes.map((change) => change.listingId)),
          createdAt: now,
          nextAttemptAt: now,
          claimToken: null,
          sentAt: null,
          pausedAt: null,
          lastError: null,
        })
        .execute();
    });
  }
  return byUser.size;
}
