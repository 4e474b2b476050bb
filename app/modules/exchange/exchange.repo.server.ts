import type { Db } from "#app/db/db.server.ts";
import { selectListings, withImages } from "#app/modules/listing/listing.repo.server.ts";
import { whereListed } from "#app/modules/listing/listing.visibility.server.ts";

// The export feeds' rows and the listings a feed holds.

/** Whose feed: an agency's, or a private lister's (their listings published as no agency). */
export type FeedOwner = { agencyId: string } | { userId: string };

const ownerColumn = (owner: FeedOwner) =>
  "agencyId" in owner ? (["agencyId", owner.agencyId] as const) : (["userId", owner.userId] as const);

/** The owner's feed link row, or undefined while they have none. */
export async function findExportFeedOf(db: Db, owner: FeedOwner) {
  const [column, value] = ownerColumn(owner);
  return db.selectFrom("exportFeed").selectAll().where(column, "=", value).executeTakeFirst();
}

/** A feed link row by its id. */
export async function findExportFeedById(db: Db, id: string) {
  return db.selectFrom("exportFeed").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Gives the owner's feed a new id and token (its first, or one replacing the old: the old link stops). */
export async function replaceExportFeed(db: Db, owner: FeedOwner, id: string, token: string, now: number) {
  const [column, value] = ownerColumn(owner);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("exportFeed").where(column, "=", value).execute();
    await trx
      .insertInto("exportFeed")
      .values({
        id,
        token,
        createdAt: now,
        agencyId: "agencyId" in owner ? owner.agencyId : null,
        userId: "userId" in owner ? owner.userId : null,
      })
      .execute();
  });
}

/**
 * The listed homes a feed holds, newest first, with their photos: an agency's, or a private lister's own that
 * no agency publishes; `null`: every listed home (the site's partner feed).
 */
export async function findFeedListings(db: Db, owner: FeedOwner | null) {
  let query = selectListings(db).where(whereListed);
  if (owner && "agencyId" in owner) query = query.where("listing.agencyId", "=", owner.agencyId);
  if (owner && "userId" in owner) {
    query = query.where("listing.userRef", "=", owner.userId).where("listing.agencyId", "is", null);
  }
  const rows = await query.orderBy("listing.timestamp", "desc").orderBy("listing.id", "desc").execute();
  return withImages(db, rows);
}

/** The names of these users, by id (a listing's contact in the feeds). */
export async function findUserNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom("user")
    .select(["id", "name"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** An agency's name, or undefined. */
export async function findAgencyName(db: Db, agencyId: string) {
  const row = await db
    .selectFrom("organization")
    .select("name")
    .where("id", "=", agencyId)
    .executeTakeFirst();
  return row?.name;
}
