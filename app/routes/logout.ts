import { redirect } from "react-router";
import { authCookies, callAuthEndpoint, nullWhenRateLimited } from "#app/modules/auth/auth.forward.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/logout.ts";

// Signing out changes state, so it is a POST (a link prefetch must never log anyone out).
export async function action({ context, request }: Route.ActionArgs) {
  // Rate limited (better-auth's global 600 a minute): home as always, still signed in.
  const { auth } = context.get(servicesContext);
  const response = await callAuthEndpoint(auth, request, "/sign-out", {}).catch(nullWhenRateLimited);
  const headers = response ? authCookies(response) : new Headers();
  // Pages kept by the browser showed the signed-in user; Back after signing out must not show them again.
  headers.set("Clear-Site-Data", '"cache"');
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/profile");
}
