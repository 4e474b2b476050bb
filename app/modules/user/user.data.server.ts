import type { Db } from "#app/db/db.server.ts";
import { handOverAgencies } from "#app/modules/agency/agency.listing.server.ts";
import { largestImageUrl } from "#app/modules/image/image.rules.ts";
import { deleteImageFiles } from "#app/modules/image/image.service.server.ts";
import { findExactPlaces, findListingsByOwner } from "#app/modules/listing/listing.repo.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { findSavedHomeAlertFrequency } from "#app/modules/saved/saved-home.repo.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";

// "Your data": everything the site holds about a user, as a download, and deleting the account with
// all of it. Secrets are never part of the download: no password hash, no session or OAuth tokens.

/**
 * The JSON a user downloads from Profile: their account, sign-ins, listings, saved homes and searches, message
 * threads (each message marked as theirs or the other side's, never the other side's address), reports.
 */
export async function exportUserData(
  db: Db,
  { userId, publicUrl, imageBaseUrl }: { userId: string; publicUrl: string; imageBaseUrl: string },
  now = Date.now(),
) {
  const account = await db
    .selectFrom("user")
    .select(["id", "name", "email", "emailVerified", "image", "createdAt", "updatedAt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const [signIns, sessions, listings, savedHomes, savedHomesNews, savedSearches, reports, threads] =
    await Promise.all([
      db.selectFrom("account").select(["providerId", "createdAt"]).where("userId", "=", userId).execute(),
      db
        .selectFrom("session")
        .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
        .where("userId", "=", userId)
        .execute(),
      findListingsByOwner(db, userId),
      db
        .selectFrom("savedListing")
        .select(["listingId", "name", "createdAt"])
        .where("userId", "=", userId)
        .execute(),
      findSavedHomeAlertFrequency(db, userId),
      db
        .selectFrom("savedSearch")
        .select(["query", "frequency", "createdAt"])
        .where("userId", "=", userId)
        .execute(),
      db
        .selectFrom("report")
        .select(["listingId", "reason", "details", "status", "createdAt"])
        .where("reporterId", "=", userId)
        .execute(),
      db
        .selectFrom("messageThread")
        .select(["id", "listingId", "ownerId", "createdAt"])
        .where((eb) => eb.or([eb("ownerId", "=", userId), eb("enquirerId", "=", userId)]))
        .orderBy("createdAt")
        .execute(),
    ]);
  const messages =
    threads.length === 0
      ? []
      : await db
          .selectFrom("message")
          .select(["threadId", "authorId", "body", "createdAt"])
          .where(
            "threadId",
            "in",
            threads.map((thread) => thread.id),
          )
          .orderBy("createdAt")
          .execute();
  const exactPlaces = await findExactPlaces(
    db,
    listings.map((listing) => listing.id),
  );
  const base = imageBaseUrl || publicUrl;
  return {
    exportedAt: new Date(now).toISOString(),
    account: { ...account, emailVerified: Boolean(account.emailVerified) },
    signInMethods: signIns.map((row) => ({ provider: row.providerId, since: row.createdAt })),
    sessions,
    listings: listings.map(({ images, floorPlans, ...listing }) => ({
      ...listing,
      /** The address and pin the owner gave, when visitors see only the street and area (location, geolocation). */
      exactPlace: exactPlaces.get(listing.id) ?? null,
      url: `${publicUrl}${listingPath(listing)}`,
      photos: images.map((image) => ({ url: largestImageUrl(image, base), caption: image.caption })),
      floorPlans: floorPlans.map((image) => ({ url: largestImageUrl(image, base), caption: image.caption })),
    })),
    savedHomes,
    /** How often the account hears of its saved homes' price drops, lets and sales (/saved). */
    savedHomesNews: { frequency: savedHomesNews },
    savedSearches,
    messageThreads: threads.map((thread) => ({
      listingId: thread.listingId,
      you: thread.ownerId === userId ? "owner" : "enquirer",
      startedAt: thread.createdAt,
      messages: messages
        .filter((message) => message.threadId === thread.id)
        .map((message) => ({
          from: message.authorId === userId ? "you" : "them",
          body: message.body,
          at: message.createdAt,
        })),
    })),
    reports,
  };
}

/**
 * Deletes a user's account and everything that is theirs: photos (rows, then files), listings, the user row;
 * the database cascades to sessions, sign-in methods, saved homes and searches, message threads (both sides:
 * the other side keeps nothing of a conversation with an account that is gone), reports and upload claims.
 */
export async function deleteAccount({ db, storage }: { db: Db; storage: Storage }, userId: string) {
  const images = await db.transaction().execute(async (trx) => {
    // The agencies keep what the user listed for them (or go with the user when nobody else is in them).
    await handOverAgencies(trx, userId);
    const rows = await trx.selectFrom("image").selectAll().where("userId", "=", userId).execute();
    await trx.deleteFrom("image").where("userId", "=", userId).execute();
    await trx.deleteFrom("listing").where("userRef", "=", userId).execute();
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    return rows;
  });
  await deleteImageFiles(storage, images);
}
