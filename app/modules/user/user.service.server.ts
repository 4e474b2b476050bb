import type { Db } from "#app/db/db.server.ts";
import { InvalidError, NotFoundError } from "#app/http/errors.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { updateUserName } from "./user.repo.server.ts";
import { UserNameSchema } from "./user.schema.ts";

/**
 * Saves the signed-in user's own name (there is no way to name someone else: the id comes from the session),
 * and only when it changed (SPEC.md section 4); returns whether it did. Throws InvalidError for a name the
 * profile form refuses.
 */
export async function changeOwnName(db: Db, user: SessionUser, input: { name: unknown }): Promise<boolean> {
  const name = UserNameSchema.safeParse(input.name);
  if (!name.success) {
    const message = name.error.issues[0]?.message ?? "Invalid name";
    throw new InvalidError({ name: message }, message);
  }
  if (name.data === user.name) return false;
  if (!(await updateUserName(db, user.id, name.data)))
    throw new NotFoundError("your account no longer exists");
  return true;
}
