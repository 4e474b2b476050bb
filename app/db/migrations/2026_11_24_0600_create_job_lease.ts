import type { Kysely } from "kysely";

// Frozen once landed. One row per named background job (app/modules/jobs/jobs.server.ts): who holds it and
// until when, and when it is next due. A runner takes a job with one conditional UPDATE, so two instances
// never run the same job at once, and a killed instance's lease simply expires.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("jobLease")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text")
    .addColumn("leaseUntil", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("nextRunAt", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("lastStartedAt", "bigint")
    .addColumn("lastFinishedAt", "bigint")
    .addColumn("lastError", "text")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("jobLease").execute();
}
