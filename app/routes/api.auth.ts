import { checkAuthRequest } from "#app/modules/auth/auth.request-guard.server.ts";
import { services } from "#app/services.server.ts";
import type { Route } from "./+types/api.auth.ts";

// better-auth's own HTTP API (sessions, OAuth callbacks, reset links), behind a size limit and a NUL check.
export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}

async function handle(request: Request) {
  const checked = await checkAuthRequest(request);
  return checked instanceof Response ? checked : services().auth.handler(checked);
}
