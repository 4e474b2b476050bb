import { sql } from "kysely";
import type { Migration, MigrationProvider, MigrationResultSet } from "kysely/migration";
import { DEFAULT_MIGRATION_TABLE, Migrator } from "kysely/migration";
import * as createTables from "#app/db/migrations/2026_11_23_0130_create_tables.ts";
import * as indexImageStorageKey from "#app/db/migrations/2026_11_23_0250_index_image_storage_key.ts";
import * as indexListingTimestamp from "#app/db/migrations/2026_11_23_1700_index_listing_timestamp.ts";
import * as createListingSearch from "#app/db/migrations/2026_11_24_0100_create_listing_search.ts";
import * as createLimitTables from "#app/db/migrations/2026_11_24_0200_create_limit_tables.ts";
import * as createMessages from "#app/db/migrations/2026_11_24_0300_create_messages.ts";
import * as addModeration from "#app/db/migrations/2026_11_24_0400_add_moderation.ts";
import * as createSavedTables from "#app/db/migrations/2026_11_24_0500_create_saved_tables.ts";
import * as addSavedListingNotifiedStatus from "#app/db/migrations/2026_11_24_0510_add_saved_listing_notified_status.ts";
import * as createJobLease from "#app/db/migrations/2026_11_24_0600_create_job_lease.ts";
import * as listingStatusAndDates from "#app/db/migrations/2026_11_24_0610_listing_status_and_dates.ts";
import * as pageCacheVersion from "#app/db/migrations/2026_11_24_0700_page_cache_version.ts";
import * as pageCacheIgnoresBookkeeping from "#app/db/migrations/2026_11_27_0100_page_cache_ignores_listing_bookkeeping.ts";
import * as storeListingSearchVector from "#app/db/migrations/2026_11_27_0200_store_listing_search_vector.ts";
import * as createMapCells from "#app/db/migrations/2026_11_27_0300_create_map_cells.ts";
import * as widenListingSortIndexes from "#app/db/migrations/2026_11_27_0400_widen_listing_sort_indexes.ts";
import * as longerListingWordPrefixes from "#app/db/migrations/2026_11_27_0500_longer_listing_word_prefixes.ts";
import * as reorderPostgresSortIndexes from "#app/db/migrations/2026_11_27_0600_reorder_postgres_sort_indexes.ts";
import * as createMailOutbox from "#app/db/migrations/2026_11_27_0700_create_mail_outbox.ts";
import * as rememberAnnouncedListings from "#app/db/migrations/2026_11_27_0720_remember_announced_listings.ts";
import * as addImageCaptionAndKind from "#app/db/migrations/2026_11_28_0100_add_image_caption_and_kind.ts";
import * as addListingExactAddress from "#app/db/migrations/2026_11_28_0200_add_listing_exact_address.ts";
import * as addListingExactPlace from "#app/db/migrations/2026_11_28_0300_add_listing_exact_place.ts";
import * as addListingDetails from "#app/db/migrations/2026_11_28_0400_add_listing_details.ts";
import * as addListingEnergy from "#app/db/migrations/2026_11_28_0500_add_listing_energy.ts";
import * as widenSortIndexesForEnergy from "#app/db/migrations/2026_11_28_0510_sort_indexes_hold_energy_rating.ts";
import * as searchByListingDetails from "#app/db/migrations/2026_11_28_0600_search_by_listing_details.ts";
import * as createAgencies from "#app/db/migrations/2026_11_28_0700_create_agencies.ts";
import * as addListingAgency from "#app/db/migrations/2026_11_28_0710_add_listing_agency.ts";
import * as addImageAgency from "#app/db/migrations/2026_11_28_0720_add_image_agency.ts";
import * as pageCacheWatchesListingAgency from "#app/db/migrations/2026_11_28_0730_page_cache_watches_listing_agency.ts";
import * as addNoticesAndDecisions from "#app/db/migrations/2026_11_28_0800_add_notices_and_decisions.ts";
import * as createListingStats from "#app/db/migrations/2026_11_29_0100_create_listing_stats.ts";
import * as addAgencySuspension from "#app/db/migrations/2026_11_29_0200_add_agency_suspension.ts";
import * as addListingReference from "#app/db/migrations/2026_11_29_0300_add_listing_reference.ts";
import * as createApiKeys from "#app/db/migrations/2026_11_29_0310_create_api_keys.ts";
import * as createExportFeeds from "#app/db/migrations/2026_11_29_0400_create_export_feeds.ts";
import * as createViewings from "#app/db/migrations/2026_11_29_0500_create_viewings.ts";
import * as createImports from "#app/db/migrations/2026_11_29_0600_create_imports.ts";
import * as announceOpenHouses from "#app/db/migrations/2026_11_29_0700_announce_open_houses.ts";
import type { Db } from "./db.server.ts";

// Listed here, not read from disk, so the migrations travel inside the server bundle. They create
// better-auth's tables too (decision 001).
const migrations: Record<string, Migration> = {
  "2026_11_23_0130_create_tables": createTables,
  "2026_11_23_0250_index_image_storage_key": indexImageStorageKey,
  "2026_11_23_1700_index_listing_timestamp": indexListingTimestamp,
  "2026_11_24_0100_create_listing_search": createListingSearch,
  "2026_11_24_0200_create_limit_tables": createLimitTables,
  "2026_11_24_0300_create_messages": createMessages,
  "2026_11_24_0400_add_moderation": addModeration,
  "2026_11_24_0500_create_saved_tables": createSavedTables,
  "2026_11_24_0510_add_saved_listing_notified_status": addSavedListingNotifiedStatus,
  "2026_11_24_0600_create_job_lease": createJobLease,
  "2026_11_24_0610_listing_status_and_dates": listingStatusAndDates,
  "2026_11_24_0700_page_cache_version": pageCacheVersion,
  "2026_11_27_0100_page_cache_ignores_listing_bookkeeping": pageCacheIgnoresBookkeeping,
  "2026_11_27_0200_store_listing_search_vector": storeListingSearchVector,
  "2026_11_27_0300_create_map_cells": createMapCells,
  "2026_11_27_0400_widen_listing_sort_indexes": widenListingSortIndexes,
  "2026_11_27_0500_longer_listing_word_prefixes": longerListingWordPrefixes,
  "2026_11_27_0600_reorder_postgres_sort_indexes": reorderPostgresSortIndexes,
  "2026_11_27_0700_create_mail_outbox": createMailOutbox,
  "2026_11_27_0720_remember_announced_listings": rememberAnnouncedListings,
  "2026_11_28_0100_add_image_caption_and_kind": addImageCaptionAndKind,
  "2026_11_28_0200_add_listing_exact_address": addListingExactAddress,
  "2026_11_28_0300_add_listing_exact_place": addListingExactPlace,
  "2026_11_28_0400_add_listing_details": addListingDetails,
  "2026_11_28_0500_add_listing_energy": addListingEnergy,
  "2026_11_28_0510_sort_indexes_hold_energy_rating": widenSortIndexesForEnergy,
  "2026_11_28_0600_search_by_listing_details": searchByListingDetails,
  "2026_11_28_0700_create_agencies": createAgencies,
  "2026_11_28_0710_add_listing_agency": addListingAgency,
  "2026_11_28_0720_add_image_agency": addImageAgency,
  "2026_11_28_0730_page_cache_watches_listing_agency": pageCacheWatchesListingAgency,
  "2026_11_28_0800_add_notices_and_decisions": addNoticesAndDecisions,
  "2026_11_29_0100_create_listing_stats": createListingStats,
  "2026_11_29_0200_add_agency_suspension": addAgencySuspension,
  "2026_11_29_0300_add_listing_reference": addListingReference,
  "2026_11_29_0310_create_api_keys": createApiKeys,
  "2026_11_29_0400_create_export_feeds": createExportFeeds,
  "2026_11_29_0500_create_viewings": createViewings,
  "2026_11_29_0600_create_imports": createImports,
  "2026_11_29_0700_announce_open_houses": announceOpenHouses,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** One migration and whether (and when) this database has it; `known: false` for one this version lacks. */
export type MigrationState = { name: string; appliedAt: Date | null; known: boolean };

/** Brings the schema up to date (run on start unless MIGRATE_ON_START=false). Kysely's lock keeps two processes apart. */
export async function migrateToLatest(db: Db) {
  return applied(await new Migrator({ db, provider }).migrateToLatest(), "Up");
}

/** Reverts the newest applied migration; returns its name, or nothing when none was applied. */
export async function migrateDown(db: Db) {
  return applied(await new Migrator({ db, provider }).migrateDown(), "Down");
}

/**
 * Every migration this version knows, oldest first, with when it was applied, then any the database has that
 * this version does not know (a newer version migrated it). Reads only: an empty database stays empty.
 */
export async function migrationStatus(db: Db): Promise<MigrationState[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  const states: MigrationState[] = known.map((migration) => ({
    name: migration.name,
    appliedAt: migration.executedAt ?? null,
    known: true,
  }));
  const names = new Set(states.map((state) => state.name));
  for (const row of await appliedMigrations(db)) {
    if (!names.has(row.name))
      states.push({ name: row.name, appliedAt: new Date(row.timestamp), known: false });
  }
  return states;
}

/** The migrations this version has that the database has not applied yet, oldest first. */
export async function pendingMigrations(db: Db) {
  return (await migrationStatus(db))
    .filter((state) => state.known && !state.appliedAt)
    .map((state) => state.name);
}

async function appliedMigrations(db: Db): Promise<{ name: string; timestamp: string }[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(db);
  return rows;
}

function applied({ error, results }: MigrationResultSet, direction: "Up" | "Down") {
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const what = direction === "Up" ? "Migration" : "Reverting migration";
    throw new Error(
      `${what} ${failed?.migrationName ?? ""} failed: ${(error as Error)?.message ?? ""}`.trim(),
      {
        cause: error,
      },
    );
  }
  return results?.filter((result) => result.status === "Success").map((result) => result.migrationName) ?? [];
}
