import { type Kysely, PostgresAdapter } from "kysely";

// Frozen once landed. Reports and moderation: better-auth's admin plugin columns (role and bans on
// the user, impersonatedBy on the session, as its 1.7 schema names them), a listing hidden by a moderator, the
// reports, the moderators' audit log, and the one row that says when the last report digest went out.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = postgres ? "timestamptz" : "text";
  const boolean = postgres ? "boolean" : "integer";

  await db.schema.alterTable("user").addColumn("role", "text").execute();
  await db.schema
    .alterTable("user")
    .addColumn("banned", boolean, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable("user").addColumn("banReason", "text").execute();
  await db.schema.alterTable("user").addColumn("banExpires", date).execute();
  await db.schema.alterTable("session").addColumn("impersonatedBy", "text").execute();

  // Epoch milliseconds; null while the listing is public.
  await db.schema.alterTable("listing").addColumn("hiddenAt", "bigint").execute();

  await db.schema
    .createTable("report")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listingId", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("reporterId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("details", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("resolvedAt", "bigint")
    .addColumn("digestedAt", "bigint")
    .execute();
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

  // Names are copied at the time of the action: the log outlives deleted listings and accounts.
  await db.schema
    .createTable("auditLog")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("actorId", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("actorName", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("listingId", "text")
    .addColumn("listingName", "text")
    .addColumn("targetUserId", "text")
    .addColumn("targetUserName", "text")
    .addColumn("reportId", "text")
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auditLog_createdAt_idx").on("auditLog").column("createdAt").execute();

  await db.schema
    .createTable("reportDigest")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sentAt", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("reportDigest").values({ id: "reports", sentAt: 0 }).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("reportDigest").execute();
  await db.schema.dropTable("auditLog").execute();
  await db.schema.dropTable("report").execute();
  await db.schema.alterTable("listing").dropColumn("hiddenAt").execute();
  await db.schema.alterTable("session").dropColumn("impersonatedBy").execute();
  for (const column of ["banExpires", "banReason", "banned", "role"]) {
    await db.schema.alterTable("user").dropColumn(column).execute();
  }
}
