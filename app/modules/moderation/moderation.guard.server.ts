import { data, type RouterContextProvider } from "react-router";
import type { Db } from "#app/db/db.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { isAdministrator } from "./moderation.repo.server.ts";
import type { Moderator } from "./moderation.service.server.ts";

/**
 * The signed-in administrator (the admin role, given by ADMIN_EMAILS). A visitor is sent to sign in; anyone
 * else gets the not-found page, so /admin does not say it exists.
 */
export async function requireAdmin(
  context: Readonly<RouterContextProvider>,
  url: URL,
  db: Db,
): Promise<Moderator> {
  const user = await requireUser(context, url);
  if (!(await isAdministrator(db, user.id))) throw data(null, { status: 404 });
  return { id: user.id, name: user.name };
}
