import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. Notices from anyone and the reasons of a hidden listing:
// - a report may come from a visitor without an account: its reporterId becomes nullable and it carries the
//   address the visitor confirmed (kept only until the outcome is told). PostgreSQL drops the NOT NULL; SQLite
//   cannot, so its report table is rebuilt with the same columns and indexes (nothing refers to it).
// - a visitor's report waits in reportRequest until its e-mailed link is followed (only a hash of the link's
//   token is stored);
// - every hiding is a decision with its reason and text for the owner, and at most one review request.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`ALTER TABLE "report" ALTER COLUMN "reporterId" DROP NOT NULL`.execute(db);
    await db.schema.alterTable("report").addColumn("reporterEmail", "text").execute();
  } else {
    await createReportTable(db, "report_new", { reporterRequired: false, withEmail: true });
    await sql`INSERT INTO "report_new" ("id", "listingId", "reporterId", "reporterEmail", "reason", "details",
      "status", "createdAt", "resolvedAt", "digestedAt")
      SELECT "id", "listingId", "reporterId", NULL, "reason", "details", "status", "createdAt", "resolvedAt",
      "digestedAt" FROM "report"`.execute(db);
    await db.schema.dropTable("report").execute();
    await db.schema.alterTable("report_new").renameTo("report").execute();
    await createReportIndexes(db);
  }

  await db.schema
    .createTable("reportRequest")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("details", "text")
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("reportRequest_expiresAt_idx")
    .on("reportRequest")
    .column("expiresAt")
    .execute();

  await db.schema
    .createTable("listingDecision")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("moderatorId", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("reviewRequestedAt", "bigint")
    .addColumn("reviewMessage", "text")
    .addColumn("reviewClosedAt", "bigint")
    .execute();
  await db.schema
    .createIndex("listingDecision_listingId_createdAt_idx")
    .on("listingDecision")
    .columns(["listingId", "createdAt"])
    .execute();
  await db.schema
    .createIndex("listingDecision_reviewRequestedAt_idx")
    .on("listingDecision")
    .column("reviewRequestedAt")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable("listingDecision").execute();
  await db.schema.dropTable("reportRequest").execute();
  // Visitors' reports have no reporter the old table could hold: they go.
  await db.deleteFrom("report").where("reporterId", "is", null).execute();
  if (postgres) {
    await db.schema.alterTable("report").dropColumn("reporterEmail").execute();
    await sql`ALTER TABLE "report" ALTER COLUMN "reporterId" SET NOT NULL`.execute(db);
  } else {
    await createReportTable(db, "report_old", { reporterRequired: true, withEmail: false });
    await sql`INSERT INTO "report_old" ("id", "listingId", "reporterId", "reason", "details", "status",
      "createdAt", "resolvedAt", "digestedAt")
      SELECT "id", "listingId", "reporterId", "reason", "details", "status", "createdAt", "resolvedAt",
      "digestedAt" FROM "report"`.execute(db);
    await db.schema.dropTable("report").execute();
    await db.schema.alterTable("report_old").renameTo("report").execute();
    await createReportIndexes(db);
  }
}

/** The report table as 2026_11_24_0400 made it, with the reporter optional and the address when asked. */
async function createReportTable(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
  name: string,
  { reporterRequired, withEmail }: { reporterRequired: boolean; withEmail: boolean },
) {
  let table = db.schema
    .createTable(name)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("reporterId", "text", (c) => {
      const column = c.references("user.id").onDelete("cascade");
      return reporterRequired ? column.notNull() : column;
    });
  if (withEmail) table = table.addColumn("reporterEmail", "text");
  await table
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("details", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("resolvedAt", "bigint")
    .addColumn("digestedAt", "bigint")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function createReportIndexes(db: Kysely<any>) {
  await db.schema
    .createIndex("report_status_createdAt_idx")
    .on("report")
    .columns(["status", "createdAt"])
    .execute();
  await db.schema.createIndex("report_listingId_idx").on("report").column("listingId").execute();
  await db.schema
    .createIndex("report_reporterId_createdAt_idx")
    .on("report")
    .columns(["reporterId", "createdAt"])
    .execute();
  await db.schema.createIndex("report_digestedAt_idx").on("report").column("digestedAt").execute();
}
