import type { Db } from "#app/db/db.server.ts";
import { isWellFormedId } from "#app/db/ids.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";

/** A user's name and e-mail address, for the contact page only (it is shown to signed-in users). */
export async function findUserContactById(db: Db, id: string) {
  if (!isWellFormedId(id)) return undefined;
  return db.selectFrom("user").select(["id", "name", "email"]).where("id", "=", id).executeTakeFirst();
}

/** Renames a user; returns whether a row changed. */
export async function updateUserName(db: Db, id: string, name: string) {
  const result = await db
    .updateTable("user")
    .set({ name, updatedAt: new Date() })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A user's display name alone ("Listed by ..."), never their e-mail; undefined when there is no such user. */
export async function findUserNameById(db: Db, id: string): Promise<string | undefined> {
  if (!isWellFormedId(id)) return undefined;
  const row = await db.selectFrom("user").select("name").where("id", "=", id).executeTakeFirst();
  return row?.name;
}

/**
 * A user as a session knows them, for work done on their behalf outside a request (a queued import): undefined
 * when they are gone.
 */
export async function findSessionUserById(db: Db, id: string): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom("user")
    .select(["id", "name", "email", "emailVerified"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, emailVerified: Boolean(row.emailVerified) } : undefined;
}
