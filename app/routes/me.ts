import { getUser, isSignedIn } from "#app/modules/auth/auth.session.server.ts";
import type { Me } from "#app/modules/me/me.schema.ts";
import { readMe } from "#app/modules/me/me.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/me.ts";

// GET /me[?listing=<id>]: the signed-in user's own part of a page every visitor shares (decision 070): their
// name, unread count, saved homes and searches, and whether they manage the listing on the page. Kept by no
// cache, shared or the browser's: it is theirs, and it changes with their next click.

const HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "private, no-store",
  Vary: "Cookie",
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = (await isSignedIn(context, request)) ? await getUser(context) : null;
  if (!user) return answer({ signedIn: false });
  const { db, config } = context.get(servicesContext);
  return answer(await readMe(db, user, url.searchParams.get("listing"), config.listingRules));
}

function answer(me: Me) {
  return new Response(JSON.stringify(me), { headers: HEADERS });
}
