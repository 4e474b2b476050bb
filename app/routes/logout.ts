import { redirect } from "react-router";
import { authCookies, callAuthEndpoint } from "~/modules/auth/auth.forward.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so it is a POST (a link prefetch must never log anyone out).
export async function action({ request }: Route.ActionArgs) {
  const response = await callAuthEndpoint(request, "/sign-out", {});
  return redirect("/", { headers: authCookies(response) });
}

export function loader() {
  return redirect("/profile");
}
