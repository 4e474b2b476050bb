import { redirect } from "react-router";
import { methodNotAllowed } from "#app/http/method-not-allowed.server.ts";
import { authCookies, callAuthEndpoint } from "#app/modules/auth/auth.forward.server.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { services } from "#app/services.server.ts";
import type { Route } from "./+types/auth.google.ts";

const GOOGLE_FAILED = "Could not authorize with Google";

// Starts Google sign-in: asks better-auth for the authorization URL (it sets the state cookie) and goes there.
export async function loader({ request }: Route.LoaderArgs) {
  if (!services().config.auth.google) {
    return redirectWithToast("/sign-in", "error", "Google sign-in is not configured on this site.");
  }
  const popup = new URL(request.url).searchParams.has("popup");
  const done = popup ? "/auth/google/done?popup=1" : "/auth/google/done";
  // better-auth registers discovery-configured providers as social providers.
  const response = await callAuthEndpoint(request, "/sign-in/social", {
    provider: "google",
    callbackURL: done,
    errorCallbackURL: `${done}${popup ? "&" : "?"}failed=1`,
  });
  const body = (await response.json().catch(() => null)) as { url?: string } | null;
  if (!response.ok || !body?.url) return redirectWithToast("/sign-in", "error", GOOGLE_FAILED);
  return redirect(body.url, { headers: authCookies(response) });
}

// Google sign-in starts from a link (GET); the callback is better-auth's, under /api/auth.
export const action = () => methodNotAllowed("the Google sign-in link");
