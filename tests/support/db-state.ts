import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "#app/db/db.server.ts";
import { findUserIdByEmail } from "./app-data.ts";

/**
 * What a request could have written: every row of the user, listing, image,
 * message, report (and visitors' report requests), decision, audit, saved-home, saved-search, agency (organization, member,
 * invitation) and viewing (openHouse, showingAppointment) tables (as a count and a digest, so an UPDATE shows as
 * well as an INSERT), and the files in the image storage and upload staging folders (names and sizes, so bytes
 * PATCHed into someone's upload show too).
 */
export type StateSnapshot = {
  rows: Record<Table | "savedListing", { count: number; digest: string }>;
  files: Record<"images" | "staging", { count: number; digest: string }>;
};

type Table =
  | "user"
  | "listing"
  | "image"
  | "uploadClaim"
  | "messageThread"
  | "message"
  | "userBlock"
  | "report"
  | "reportRequest"
  | "listingDecision"
  | "auditLog"
  | "savedSearch"
  | "organization"
  | "member"
  | "invitation"
  | "openHouse"
  | "showingAppointment";
const TABLES: readonly Table[] = [
  "user",
  "listing",
  "image",
  "uploadClaim",
  "messageThread",
  "message",
  "userBlock",
  "report",
  "reportRequest",
  "listingDecision",
  "auditLog",
  "savedSearch",
  "organization",
  "member",
  "invitation",
  "openHouse",
  "showingAppointment",
];

export type DbState = {
  snapshot(): Promise<StateSnapshot>;
  /** One row of a table by id (for the authorization matrix's "is it unchanged" checks). */
  row(table: Table, id: string): Promise<Record<string, unknown> | undefined>;
  /** The id of the user with this e-mail address. */
  userId(email: string): Promise<string | undefined>;
  /** Ids of the image rows of a listing, cover first. */
  listingImageIds(listingId: string): Promise<string[]>;
  /** Ids of the reports of a listing, oldest first. */
  reportIds(listingId: string): Promise<string[]>;
  /** Ids of the listings a user saved (their hearts), in id order. */
  savedListingIds(userId: string): Promise<string[]>;
  /** Ids of a user's saved searches, in id order. */
  savedSearchIds(userId: string): Promise<string[]>;
};

/** The state of the app's data in `db` and in the image storage and upload staging folders. */
export function dbState(db: Db, { diskDir, uploadDir }: { diskDir: string; uploadDir: string }): DbState {
  /**
   * The upload claims that still count. The upload sweeper (a minute after start, then hourly) deletes those
   * whose photo is in a listing, in the background; a request that puts a photo in a listing changes its image
   * row, which the snapshot sees.
   */
  const liveUploadClaims = () =>
    db
      .selectFrom("uploadClaim")
      .selectAll()
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom("image")
              .select("image.id")
              .whereRef("image.id", "=", "uploadClaim.id")
              .where("image.listingId", "is not", null),
          ),
        ),
      )
      .orderBy("id")
      .execute();
  return {
    async snapshot() {
      const rows = {} as StateSnapshot["rows"];
      for (const table of TABLES) {
        const all =
          table === "uploadClaim"
            ? await liveUploadClaims()
            : await db.selectFrom(table).selectAll().orderBy("id").execute();
        rows[table] = { count: all.length, digest: digest(all.map(withoutBackgroundWrites)) };
      }
      // A saved home is keyed by its user and listing: it has no id of its own.
      const saved = await db
        .selectFrom("savedListing")
        .selectAll()
        .orderBy("userId")
        .orderBy("listingId")
        .execute();
      rows.savedListing = { count: saved.length, digest: digest(saved.map(withoutBackgroundWrites)) };
      return {
        rows,
        files: {
          images: await folderState(diskDir),
          staging: await folderState(uploadDir),
        },
      };
    },
    row: (table, id) => db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst(),
    userId: (email) => findUserIdByEmail(db, email),
    listingImageIds: async (listingId) =>
      (
        await db
          .selectFrom("image")
          .select("id")
          .where("listingId", "=", listingId)
          .orderBy("position")
          .execute()
      ).map((row) => row.id),
    reportIds: async (listingId) =>
      (
        await db
          .selectFrom("report")
          .select("id")
          .where("listingId", "=", listingId)
          .orderBy("createdAt")
          .execute()
      ).map((row) => row.id),
    savedListingIds: async (userId) =>
      (
        await db
          .selectFrom("savedListing")
          .select("listingId")
          .where("userId", "=", userId)
          .orderBy("listingId")
          .execute()
      ).map((row) => row.listingId),
    savedSearchIds: async (userId) =>
      (
        await db.selectFrom("savedSearch").select("id").where("userId", "=", userId).orderBy("id").execute()
      ).map((row) => row.id),
  };
}

/**
 * Columns background jobs write while a test runs, which no request changes but saving or changing the row:
 * the report digest marks each report it sent, the search alerts move a saved search's window and next run,
 * the saved-home digest notes the price and status it told the saver of, the alerts mark an open house told,
 * and the viewings job marks a booking's reminder sent.
 */
const BACKGROUND_COLUMNS = new Set([
  "digestedAt",
  "lastAlertAt",
  "nextRunAt",
  "notifiedPrice",
  "notifiedStatus",
  "announcedAt",
  "reminderSentAt",
]);

/** A row without its BACKGROUND_COLUMNS. */
function withoutBackgroundWrites(row: object) {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !BACKGROUND_COLUMNS.has(column)));
}

function digest(rows: unknown[]) {
  const text = JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** Every file under `folder` (recursively) with its size; an absent folder is empty. */
async function folderState(folder: string) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const size = await stat(file).then(
      (info) => info.size,
      () => -1, // removed between readdir and stat
    );
    files.push(`${path.relative(folder, file)}:${size}`);
  }
  files.sort();
  return {
    count: files.length,
    digest: createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 16),
  };
}
