import type { Db } from "#app/db/db.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { updateUserName } from "./user.repo.server.ts";
import { ProfileFormSchema } from "./user.schema.ts";

export type ProfileUpdate = { ok: true; changed: boolean } | { ok: false; error: string };

/**
 * Saves the signed-in user's own name (there is no way to name someone else: the id comes from the session),
 * and only when it changed (SPEC.md section 4).
 */
export async function changeOwnName(db: Db, user: SessionUser, input: unknown): Promise<ProfileUpdate> {
  const form = ProfileFormSchema.safeParse(input);
  if (!form.success) return { ok: false, error: form.error.issues[0]?.message ?? "Invalid name" };
  if (form.data.name === user.name) return { ok: true, changed: false };
  const changed = await updateUserName(db, user.id, form.data.name);
  return changed ? { ok: true, changed } : { ok: false, error: "your account no longer exists" };
}
