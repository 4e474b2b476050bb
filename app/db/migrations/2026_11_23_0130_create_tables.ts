import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed: a later change to the schema is a new migration. Never imports app code.
// The auth tables follow better-auth 1.7's schema (user, session, account, verification, rateLimit).

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = postgres ? "timestamptz" : "text";
  const boolean = postgres ? "boolean" : "integer";
  const now = postgres ? sql`now()` : sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", boolean, (c) => c.notNull().defaultTo(false))
    .addColumn("image", "text")
    .addColumn("createdAt", date, (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", date, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expiresAt", date, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("createdAt", date, (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", date, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", date)
    .addColumn("refreshTokenExpiresAt", date)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", date, (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", date, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", date, (c) => c.notNull())
    .addColumn("createdAt", date, (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", date, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("lastRequest", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("listing")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userRef", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`"type" in ('rent', 'sale')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("bedrooms", "integer", (c) => c.notNull())
    .addColumn("bathrooms", "integer", (c) => c.notNull())
    .addColumn("parking", boolean, (c) => c.notNull())
    .addColumn("furnished", boolean, (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("offer", boolean, (c) => c.notNull())
    .addColumn("regularPrice", "integer", (c) => c.notNull())
    .addColumn("discountedPrice", "integer")
    .addColumn("lat", "double precision", (c) => c.notNull())
    .addColumn("lng", "double precision", (c) => c.notNull())
    .addColumn("timestamp", "bigint", (c) => c.notNull())
    .execute();
  // One index per query of SPEC.md section 7, each matching its filter and its newest-first keyset order.
  await db.schema
    .createIndex("listing_type_timestamp_idx")
    .on("listing")
    .columns(["type", "timestamp", "id"])
    .execute();
  await db.schema
    .createIndex("listing_offer_timestamp_idx")
    .on("listing")
    .columns(["offer", "timestamp", "id"])
    .execute();
  await db.schema
    .createIndex("listing_userRef_timestamp_idx")
    .on("listing")
    .columns(["userRef", "timestamp", "id"])
    .execute();

  await db.schema
    .createTable("image")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("listingId", "text", (c) => c.references("listing.id").onDelete("set null"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("storageKey", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("image_listingId_idx").on("image").columns(["listingId", "position"]).execute();
  await db.schema
    .createIndex("image_createdAt_idx")
    .on("image")
    .columns(["listingId", "createdAt"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  for (const table of ["image", "listing", "rateLimit", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
