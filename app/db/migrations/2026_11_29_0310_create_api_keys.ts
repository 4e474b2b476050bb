import type { Kysely } from "kysely";

// Frozen once landed. Never imports app code. API keys (decision 065): only the SHA-256 of a key is kept (the
// key itself is shown once), with its first characters to tell keys apart. A key acts as the user who made it,
// or, with `agencyId`, as that agency (its maker must still manage it). Revoked keys stay listed, refused.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("apiKey")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("agencyId", "text", (c) => c.references("organization.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull().unique())
    .addColumn("start", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("lastUsedAt", "bigint")
    .addColumn("revokedAt", "bigint")
    .execute();
  await db.schema.createIndex("apiKey_userId_idx").on("apiKey").columns(["userId", "createdAt"]).execute();
  await db.schema
    .createIndex("apiKey_agencyId_idx")
    .on("apiKey")
    .columns(["agencyId", "createdAt"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>) {
  await db.schema.dropTable("apiKey").execute();
}
