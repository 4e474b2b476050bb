import { redirect } from "react-router";
import { methodNotAllowed } from "#app/http/method-not-allowed.server.ts";
import { GOOGLE_FAILED } from "#app/modules/auth/auth.constants.ts";
import { authCookies, callAuthEndpoint, nullWhenRateLimited } from "#app/modules/auth/auth.forward.server.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/auth.google.ts";

// Starts Google sign-in: asks better-auth for the authorization URL (it sets the state cookie) and goes there.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { auth, config } = context.get(servicesContext);
  if (!config.auth.google) {
    return redirectWithToast(context, "/sign-in", "error", "Google sign-in is not configured on this site.");
  }
  const popup = url.searchParams.has("popup");
  const done = popup ? "/auth/google/done?popup=1" : "/auth/google/done";
  // better-auth registers discovery-configured providers as social providers. Rate limited: one more failed
  // sign-in, with the same toast.
  const response = await callAuthEndpoint(auth, request, "/sign-in/social", {
    provider: "google",
    callbackURL: done,
    errorCallbackURL: `${done}${popup ? "&" : "?"}failed=1`,
  }).catch(nullWhenRateLimited);
  const body = (await response?.json().catch(() => null)) as { url?: string } | null;
  if (!response?.ok || !body?.url) return redirectWithToast(context, "/sign-in", "error", GOOGLE_FAILED);
  return redirect(body.url, { headers: authCookies(response) });
}

// Google sign-in starts from a link (GET); the callback is better-auth's, under /api/auth.
export const action = () => methodNotAllowed("the Google sign-in link");
