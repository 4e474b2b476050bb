import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import { ForbiddenError, InvalidError, NotFoundError } from "#app/http/errors.ts";
import { findMembership } from "#app/modules/agency/agency.repo.server.ts";
import { managesAgency } from "#app/modules/agency/agency.rules.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import {
  type ApiKeyOwner,
  countActiveApiKeys,
  findApiKeyByHash,
  insertApiKey,
  revokeApiKeyRow,
  touchApiKey,
} from "./api-key.repo.server.ts";
import { API_KEY_LIMITS, API_KEY_PREFIX, type ApiKeyScope, API_KEY_MESSAGES as M } from "./api-key.rules.ts";
import { ApiKeyFormSchema } from "./api-key.schema.ts";

// API keys (decision 065). A key is 32 random bytes: guessing one is hopeless, so a plain SHA-256 of it is
// what is kept (a slow password hash would only slow every API request down). The key itself is returned
// once, when it is made, and never again.

/** The SHA-256 (hex) of a key: what the table holds and what a request's key is looked up by. */
export function hashApiKey(key: string) {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * Makes a key for `owner` (the user's own, or an agency's: the checks of who may are the caller's, see
 * requireKeyOwner); returns the key, to be shown once.
 */
export async function createApiKey(
  db: Db,
  user: SessionUser,
  owner: ApiKeyOwner,
  input: unknown,
  now = Date.now(),
) {
  if (!user.emailVerified) throw new ForbiddenError(M.verifyFirst);
  const parsed = ApiKeyFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "name")] ??= issue.message;
    throw new InvalidError(fieldErrors);
  }
  if ((await countActiveApiKeys(db, owner)) >= API_KEY_LIMITS.maxKeys) throw new InvalidError({}, M.tooMany);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  await insertApiKey(db, {
    id: randomUUID(),
    userId: user.id,
    agencyId: "agencyId" in owner ? owner.agencyId : null,
    name: parsed.data.name,
    scope: parsed.data.scope,
    hash: hashApiKey(key),
    start: key.slice(0, API_KEY_PREFIX.length + 4),
    createdAt: now,
  });
  return key;
}

/** Revokes the owner's key `keyId`: every request with it is refused from now on. */
export async function revokeApiKey(db: Db, owner: ApiKeyOwner, keyId: string, now = Date.now()) {
  if (!(await revokeApiKeyRow(db, owner, keyId, now))) throw new NotFoundError(M.notFound);
}

/** Who a request with a valid key acts as: the key's maker, and the agency for an agency's key. */
export type ApiActor = {
  keyId: string;
  scope: ApiKeyScope;
  user: SessionUser;
  agencyId: string | null;
};

/** The key was missing, unknown or revoked, or its owner may no longer use it: 401. */
export class ApiKeyRefusedError extends Error {
  override name = "ApiKeyRefusedError";
}

/**
 * The actor of a request's `Authorization: Bearer <key>`, or null when it carries none. Throws
 * ApiKeyRefusedError for an unknown or revoked key, a suspended maker, or an agency key whose maker no
 * longer manages that agency.
 */
export async function authenticateApiKey(db: Db, authorization: string | null, now = Date.now()) {
  if (!authorization) return null;
  const key = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  if (!key?.startsWith(API_KEY_PREFIX) || key.length > 200) throw new ApiKeyRefusedError("Invalid API key");
  const row = await findApiKeyByHash(db, hashApiKey(key));
  if (!row) throw new ApiKeyRefusedError("Invalid API key");
  if (row.revokedAt !== null) throw new ApiKeyRefusedError("This API key was revoked");
  if (row.banned) throw new ApiKeyRefusedError("This API key's account is suspended");
  if (row.agencyId) {
    const membership = await findMembership(db, row.agencyId, row.userId);
    if (!managesAgency(membership?.role)) {
      throw new ApiKeyRefusedError("This API key's maker no longer manages its agency");
    }
  }
  await touchApiKey(db, row.id, now);
  return {
    keyId: row.id,
    scope: row.scope as ApiKeyScope,
    user: { id: row.userId, name: row.name, email: row.email, emailVerified: Boolean(row.emailVerified) },
    agencyId: row.agencyId,
  } satisfies ApiActor;
}
