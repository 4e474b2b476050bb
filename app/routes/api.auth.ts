import { withRetryAfter } from "#app/modules/auth/auth.forward.server.ts";
import { checkAuthRequest } from "#app/modules/auth/auth.request-guard.server.ts";
import type { Auth } from "#app/modules/auth/auth.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.auth.ts";

// better-auth's own HTTP API (sessions, OAuth callbacks, reset links), behind a size limit and a NUL check.
export function loader({ context, request }: Route.LoaderArgs) {
  return handle(context.get(servicesContext).auth, request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handle(context.get(servicesContext).auth, request);
}

async function handle(auth: Auth, request: Request) {
  const checked = await checkAuthRequest(request);
  return checked instanceof Response ? checked : withRetryAfter(await auth.handler(checked));
}
