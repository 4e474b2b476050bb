import type { Insertable } from "kysely";
import type { Db } from "#app/db/db.server.ts";
import type { ApiKeyTable } from "#app/db/schema.ts";
import type { ApiKeyScope } from "./api-key.rules.ts";

/** Whose keys: a user's own, or an agency's. */
export type ApiKeyOwner = { userId: string; agencyId: null } | { agencyId: string };

/** A key as its owner's list shows it (never its hash). */
export type ApiKeySummary = {
  id: string;
  name: string;
  scope: ApiKeyScope;
  start: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
};

function ofOwner(db: Db, owner: ApiKeyOwner) {
  const query = db.selectFrom("apiKey");
  return "userId" in owner
    ? query.where("userId", "=", owner.userId).where("agencyId", "is", null)
    : query.where("agencyId", "=", owner.agencyId);
}

/** The owner's keys, newest first, revoked ones included. */
export async function findApiKeys(db: Db, owner: ApiKeyOwner): Promise<ApiKeySummary[]> {
  const rows = await ofOwner(db, owner)
    .select(["id", "name", "scope", "start", "createdAt", "lastUsedAt", "revokedAt"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    createdAt: Number(row.createdAt),
    lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
    revokedAt: row.revokedAt === null ? null : Number(row.revokedAt),
  }));
}

/** How many keys the owner holds that are not revoked. */
export async function countActiveApiKeys(db: Db, owner: ApiKeyOwner) {
  const row = await ofOwner(db, owner)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("revokedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertApiKey(db: Db, row: Insertable<ApiKeyTable>) {
  await db.insertInto("apiKey").values(row).execute();
}

/** Revokes the owner's key `id`; false when the owner has no such key (or it was revoked already). */
export async function revokeApiKeyRow(db: Db, owner: ApiKeyOwner, id: string, now: number) {
  let query = db
    .updateTable("apiKey")
    .set({ revokedAt: now })
    .where("id", "=", id)
    .where("revokedAt", "is", null);
  query =
    "userId" in owner
      ? query.where("userId", "=", owner.userId).where("agencyId", "is", null)
      : query.where("agencyId", "=", owner.agencyId);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The key with this hash and its maker, or undefined. */
export async function findApiKeyByHash(db: Db, hash: string) {
  return db
    .selectFrom("apiKey")
    .innerJoin("user", "user.id", "apiKey.userId")
    .select([
      "apiKey.id",
      "apiKey.userId",
      "apiKey.agencyId",
      "apiKey.scope",
      "apiKey.revokedAt",
      "apiKey.lastUsedAt",
      "user.name",
      "user.email",
      "user.emailVerified",
      "user.banned",
    ])
    .where("apiKey.hash", "=", hash)
    .executeTakeFirst();
}

/** Records a use of the key, at most once a minute (a write per request would cost more than it tells). */
export async function touchApiKey(db: Db, id: string, now: number) {
  await db
    .updateTable("apiKey")
    .set({ lastUsedAt: now })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<", now - 60_000)]))
    .execute();
}
