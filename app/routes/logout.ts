import { redirect } from "react-router";
import { authCookies, callAuthEndpoint } from "#app/modules/auth/auth.forward.server.ts";
import type { Route } from "./+types/logout.ts";

// Signing out changes state, so it is a POST (a link prefetch must never log anyone out).
export async function action({ request }: Route.ActionArgs) {
  const response = await callAuthEndpoint(request, "/sign-out", {});
  const headers = authCookies(response);
  // Pages kept by the browser showed the signed-in user; Back after signing out must not show them again.
  headers.set("Clear-Site-Data", '"cache"');
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/profile");
}
