import type { Db } from "#app/db/db.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import type { EditableListing } from "#app/modules/listing/listing.model.ts";
import { findExactPlaces, selectListings, withImages } from "#app/modules/listing/listing.repo.server.ts";

// The imports' rows: each run of an agency's import, its feed URLs, and the listings an import compares a
// feed with (the agency's listings that carry a lister's reference, with their photos' sources).

/** How many listings are read in one query (keeps IN lists well under every engine's parameter limit). */
const CHUNK = 500;

/**
 * One of the agency's listings by reference: as its owner edits it, with its photos' sources in order, and the
 * fingerprint of the item an import last saved it from while nothing else wrote it since.
 */
export type ReferencedListing = {
  ref: string;
  listing: EditableListing;
  photoSources: string[];
  fingerprint: string | null;
};

/**
 * The agency's listings that carry a lister's reference (made by an import or the API), by reference. A
 * listing made on the site's form has none: a feed neither matches nor withdraws it.
 */
export async function findReferencedListings(db: Db, agencyId: string): Promise<ReferencedListing[]> {
  const refs = await db
    .selectFrom("listing")
    .select(["id", "reference"])
    .where("agencyId", "=", agencyId)
    .where("reference", "is not", null)
    .execute();
  const found: ReferencedListing[] = [];
  for (let at = 0; at < refs.length; at += CHUNK) {
    const chunk = refs.slice(at, at + CHUNK);
    const ids = chunk.map((row) => row.id);
    const rows = await selectListings(db).where("listing.id", "in", ids).execute();
    const [listings, places, images, fingerprints] = await Promise.all([
      withImages(db, rows),
      findExactPlaces(db, ids),
      db
        .selectFrom("image")
        .select(["listingId", "kind", "position", "sourceUrl"])
        .where("listingId", "in", ids)
        .orderBy("listingId")
        .orderBy("position")
        .execute(),
      db.selectFrom("importFingerprint").selectAll().where("listingId", "in", ids).execute(),
    ]);
    const fingerprintOf = new Map(fingerprints.map((row) => [row.listingId, row]));
    const imagesOf = Map.groupBy(images, (image) => image.listingId);
    const refOf = new Map(chunk.map((row) => [row.id, row.reference as string]));
    for (const listing of listings) {
      const own = imagesOf.get(listing.id) ?? [];
      // Photos first, then floor plans, as a feed item lists them; an image without a source (one uploaded on
      // the form) matches no feed's photo, so the feed's photos replace it.
      const sources = [
        ...own.filter((image) => image.kind !== "floorPlan"),
        ...own.filter((image) => image.kind === "floorPlan"),
      ].map((image) => image.sourceUrl ?? "");
      found.push({
        ref: refOf.get(listing.id)!,
        listing: { ...listing, exactPlace: places.get(listing.id) ?? null },
        photoSources: sources,
        fingerprint: validFingerprint(fingerprintOf.get(listing.id), listing.timestamp),
      });
    }
  }
  return found;
}

/** A remembered fingerprint counts while the listing keeps the timestamp it had then. */
function validFingerprint(
  row: { fingerprint: string; listingTimestamp: number } | undefined,
  timestamp: number,
) {
  return row && Number(row.listingTimestamp) === timestamp ? row.fingerprint : null;
}

/** Remembers that an import saved listing `listingId` from an item with this fingerprint, as it is now. */
export async function rememberImportFingerprint(db: Db, listingId: string, fingerprint: string) {
  const listing = await db
    .selectFrom("listing")
    .select("timestamp")
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!listing) return;
  const listingTimestamp = Number(listing.timestamp);
  await db
    .insertInto("importFingerprint")
    .values({ listingId, fingerprint, listingTimestamp })
    .onConflict((conflict) => conflict.column("listingId").doUpdateSet({ fingerprint, listingTimestamp }))
    .execute();
}

/** What a run was: an upload on /agency/import, the command line, or a scheduled feed. */
export type ImportSource = "upload" | "cli" | "feed";

/** The counts of a run. */
export type ImportCounts = {
  created: number;
  changed: number;
  withdrawn: number;
  unchanged: number;
  refused: number;
};

/** The counts of a run that changed nothing. */
export const NO_COUNTS: ImportCounts = { created: 0, changed: 0, withdrawn: 0, unchanged: 0, refused: 0 };

/** Where a run is: planned (an upload's dry run), queued (Import pressed), running, done or failed. */
export type ImportRunStatus = "planned" | "queued" | "running" | "done" | "failed";

/** Records a run as it starts, running (a crash mid-run leaves it without a finish); returns nothing. */
export async function insertImportRun(
  db: Db,
  run: {
    id: string;
    agencyId: string;
    userId: string;
    source: ImportSource;
    fileName: string;
    feedId: string | null;
    full: boolean;
    startedAt: number;
  },
) {
  await db
    .insertInto("importRun")
    .values({ ...run, status: "running" satisfies ImportRunStatus })
    .execute();
}

/**
 * Records how a run ended: its counts, line, refusals (JSON) and, when it changed nothing, why; done, or
 * failed when it changed nothing or stopped (an error).
 */
export async function finishImportRun(
  db: Db,
  id: string,
  end: ImportCounts & { finishedAt: number; summary: string; refusals: string; error: string | null },
) {
  const status: ImportRunStatus = end.error === null ? "done" : "failed";
  await db
    .updateTable("importRun")
    .set({ ...end, status, claimedBy: null, leaseUntil: 0 })
    .where("id", "=", id)
    .execute();
}

/** Records an upload's dry run as a planned run: what Import then queues (nothing is counted as done). */
export async function insertPlannedImportRun(
  db: Db,
  run: {
    id: string;
    agencyId: string;
    userId: string;
    fileName: string;
    full: boolean;
    uploadId: string;
    needsConfirmation: boolean;
    startedAt: number;
  } & ImportCounts & { summary: string; refusals: string; error: string | null },
) {
  await db
    .insertInto("importRun")
    .values({ ...run, source: "upload", feedId: null, status: "planned" satisfies ImportRunStatus })
    .execute();
}

/** One run by id, as the queue and the job read it. */
export async function findImportRun(db: Db, id: string) {
  const row = await db.selectFrom("importRun").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    status: row.status as ImportRunStatus,
    full: Boolean(row.full),
    confirmWithdrawals: Boolean(row.confirmWithdrawals),
    needsConfirmation: Boolean(row.needsConfirmation),
    refusals: JSON.parse(row.refusals) as string[],
  };
}

/**
 * Queues the agency's planned run `id` (planned → queued in one conditional UPDATE, so a second press queues
 * nothing), as `userId`'s, started now; false when it is not the agency's or no longer planned.
 */
export async function queueImportRun(
  db: Db,
  run: { id: string; agencyId: string; userId: string; confirmWithdrawals: boolean; now: number },
) {
  const result = await db
    .updateTable("importRun")
    .set({
      status: "queued" satisfies ImportRunStatus,
      userId: run.userId,
      confirmWithdrawals: run.confirmWithdrawals,
      startedAt: run.now,
    })
    .where("id", "=", run.id)
    .where("agencyId", "=", run.agencyId)
    .where("status", "=", "planned" satisfies ImportRunStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The runs a job may take now, oldest first: queued ones, and running ones whose runner's lease expired. */
export async function findClaimableImportRuns(db: Db, now: number, limit = 20) {
  const rows = await db
    .selectFrom("importRun")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("status", "=", "queued" satisfies ImportRunStatus),
        eb.and([eb("status", "=", "running" satisfies ImportRunStatus), eb("leaseUntil", "<=", now)]),
      ]),
    )
    .orderBy("startedAt")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes run `id` for `holder` until `leaseUntil`: one conditional UPDATE (queued, or running with its lease
 * expired → running), atomic on both engines, so two runners never both take it. False when another did.
 */
export async function claimImportRun(db: Db, id: string, holder: string, now: number, leaseUntil: number) {
  const result = await db
    .updateTable("importRun")
    .set({ status: "running" satisfies ImportRunStatus, claimedBy: holder, leaseUntil })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("status", "=", "queued" satisfies ImportRunStatus),
        eb.and([eb("status", "=", "running" satisfies ImportRunStatus), eb("leaseUntil", "<=", now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends `holder`'s lease on the running run `id`. */
export async function extendImportRunLease(db: Db, id: string, holder: string, leaseUntil: number) {
  await db
    .updateTable("importRun")
    .set({ leaseUntil })
    .where("id", "=", id)
    .where("claimedBy", "=", holder)
    .where("status", "=", "running" satisfies ImportRunStatus)
    .execute();
}

/** Deletes planned runs (dry runs never imported) started before `before`; returns their uploads. */
export async function deletePlannedImportRuns(db: Db, before: number) {
  const rows = await db
    .deleteFrom("importRun")
    .where("status", "=", "planned" satisfies ImportRunStatus)
    .where("startedAt", "<", before)
    .returning(["agencyId", "uploadId"])
    .execute();
  return rows;
}

/** The agency's most recent runs, newest first. */
export async function findImportRuns(db: Db, agencyId: string, limit = 20) {
  const rows = await db
    .selectFrom("importRun")
    .leftJoin("user", "user.id", "importRun.userId")
    .select([
      "importRun.id",
      "importRun.source",
      "importRun.fileName",
      "importRun.full",
      "importRun.startedAt",
      "importRun.finishedAt",
      "importRun.summary",
      "importRun.refusals",
      "importRun.error",
      "importRun.status",
      "user.name as userName",
    ])
    .where("importRun.agencyId", "=", agencyId)
    // A dry run not (yet) imported is the page's, not a run of the agency's.
    .where("importRun.status", "!=", "planned" satisfies ImportRunStatus)
    .orderBy("importRun.startedAt", "desc")
    .orderBy("importRun.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    status: row.status as ImportRunStatus,
    full: Boolean(row.full),
    refusals: JSON.parse(row.refusals) as string[],
  }));
}

/** The formats a feed URL may serve. */
export const IMPORT_FORMATS = ["kyero", "openImmo", "csv"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The agency's feed URLs, oldest first. */
export async function findImportFeeds(db: Db, agencyId: string) {
  const rows = await db
    .selectFrom("importFeed")
    .selectAll()
    .where("agencyId", "=", agencyId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, format: row.format as ImportFormat, full: Boolean(row.full) }));
}

/** Every feed URL whose last run is older than `before` (or that never ran), oldest first. */
export async function findDueImportFeeds(db: Db, before: number) {
  const rows = await db
    .selectFrom("importFeed")
    .selectAll()
    .where((eb) => eb.or([eb("lastRunAt", "is", null), eb("lastRunAt", "<=", before)]))
    .orderBy("createdAt")
    .execute();
  return rows.map((row) => ({ ...row, format: row.format as ImportFormat, full: Boolean(row.full) }));
}

export async function insertImportFeed(
  db: Db,
  feed: {
    id: string;
    agencyId: string;
    url: string;
    format: ImportFormat;
    full: boolean;
    createdBy: string;
    createdAt: number;
  },
) {
  await db.insertInto("importFeed").values(feed).execute();
}

/** Deletes the agency's feed `id`; false when the agency has none by that id. */
export async function deleteImportFeed(db: Db, agencyId: string, id: string) {
  const result = await db
    .deleteFrom("importFeed")
    .where("id", "=", id)
    .where("agencyId", "=", agencyId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countImportFeeds(db: Db, agencyId: string) {
  const row = await db
    .selectFrom("importFeed")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where("agencyId", "=", agencyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks a feed as run at `now` (its next run is an interval later). */
export async function markImportFeedRun(db: Db, id: string, now: number) {
  await db.updateTable("importFeed").set({ lastRunAt: now }).where("id", "=", id).execute();
}

/** The user an agency's unattended imports act as: its first owner (by when they joined). */
export async function findAgencyOwnerUser(db: Db, agencyId: string): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["user.id", "user.name", "user.email", "user.emailVerified"])
    .where("member.organizationId", "=", agencyId)
    .where("member.role", "=", "owner")
    .orderBy("member.createdAt")
    .executeTakeFirst();
  return row ? { ...row, emailVerified: Boolean(row.emailVerified) } : undefined;
}

/** An agency by its slug (the command line names it so). */
export async function findAgencyIdBySlug(db: Db, slug: string) {
  const row = await db.selectFrom("organization").select("id").where("slug", "=", slug).executeTakeFirst();
  return row?.id;
}
