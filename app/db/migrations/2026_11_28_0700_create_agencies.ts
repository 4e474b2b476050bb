import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. Agencies are better-auth organizations (decision 061): its 1.7
// organization plugin's tables (organization, member, invitation, and the session's active organization), as
// that schema names them, plus the agency's profile as the organization's additional fields (about text,
// office address and point, public phone, and the trader details the public page shows; the contact e-mail is
// never shown).

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = postgres ? "timestamptz" : "text";
  const real = postgres ? "double precision" : "real";
  const now = postgres ? sql`now()` : sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable("organization")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("logo", "text")
    .addColumn("metadata", "text")
    .addColumn("createdAt", date, (c) => c.notNull().defaultTo(now))
    .addColumn("about", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("officeAddress", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("officeLat", real, (c) => c.notNull().defaultTo(0))
    .addColumn("officeLng", real, (c) => c.notNull().defaultTo(0))
    .addColumn("phone", "text")
    .addColumn("legalName", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("registrationNumber", "text")
    .addColumn("contactEmail", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("member")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().defaultTo("agent"))
    .addColumn("createdAt", date, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("member_organizationId_userId_idx")
    .on("member")
    .columns(["organizationId", "userId"])
    .unique()
    .execute();
  await db.schema.createIndex("member_userId_idx").on("member").column("userId").execute();

  await db.schema
    .createTable("invitation")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("expiresAt", date, (c) => c.notNull())
    .addColumn("createdAt", date, (c) => c.notNull().defaultTo(now))
    .addColumn("inviterId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema
    .createIndex("invitation_organizationId_status_idx")
    .on("invitation")
    .columns(["organizationId", "status"])
    .execute();
  await db.schema.createIndex("invitation_email_idx").on("invitation").column("email").execute();

  await db.schema.alterTable("session").addColumn("activeOrganizationId", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>) {
  await db.schema.alterTable("session").dropColumn("activeOrganizationId").execute();
  await db.schema.dropTable("invitation").execute();
  await db.schema.dropTable("member").execute();
  await db.schema.dropTable("organization").execute();
}
