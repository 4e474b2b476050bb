import { type Kysely, PostgresAdapter } from "kysely";

// Frozen once landed. Never imports app code. Imports of listings into an agency: every run (an upload, the
// command line or a scheduled feed) is recorded with its counts, summary and refusals; an agency's feed URLs
// are fetched on a schedule. `importFingerprint` remembers, per listing, the fingerprint of the feed item an
// import last saved it from and the listing's timestamp then: while the timestamp is the same (no other write
// since), the same item again is unchanged without placing its address again. An upload on /agency/import is
// recorded at its dry run ("planned", its kept upload named), queued when the user presses Import, and run by
// the "import-uploads" job: `status` is planned | queued | running | done | failed; a running run holds a lease
// (`claimedBy`, `leaseUntil`) so a run a killed process left is taken up again once it expires.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const boolean = db.getExecutor().adapter instanceof PostgresAdapter ? "boolean" : "integer";
  await db.schema
    .createTable("importFeed")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("agencyId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("full", boolean, (c) => c.notNull())
    .addColumn("createdBy", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("lastRunAt", "bigint")
    .execute();
  await db.schema.createIndex("importFeed_agencyId_idx").on("importFeed").column("agencyId").execute();
  await db.schema
    .createTable("importRun")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("agencyId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("fileName", "text", (c) => c.notNull())
    .addColumn("feedId", "text", (c) => c.references("importFeed.id").onDelete("set null"))
    .addColumn("full", boolean, (c) => c.notNull())
    .addColumn("startedAt", "bigint", (c) => c.notNull())
    .addColumn("finishedAt", "bigint")
    .addColumn("created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("changed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("withdrawn", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unchanged", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("refused", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("refusals", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("error", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("uploadId", "text")
    .addColumn("confirmWithdrawals", boolean, (c) => c.notNull().defaultTo(false))
    .addColumn("needsConfirmation", boolean, (c) => c.notNull().defaultTo(false))
    .addColumn("claimedBy", "text")
    .addColumn("leaseUntil", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("importFingerprint")
    .addColumn("listingId", "text", (c) => c.primaryKey().references("listing.id").onDelete("cascade"))
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("listingTimestamp", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("importRun_agency_started_idx")
    .on("importRun")
    .columns(["agencyId", "startedAt"])
    .execute();
  // The job's claim: queued runs, and running ones whose lease has expired; the sweep of old planned runs.
  await db.schema
    .createIndex("importRun_status_lease_idx")
    .on("importRun")
    .columns(["status", "leaseUntil"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("importFingerprint").execute();
  await db.schema.dropTable("importRun").execute();
  await db.schema.dropTable("importFeed").execute();
}
