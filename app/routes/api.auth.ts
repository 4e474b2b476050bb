import { checkAuthRequest } from "~/modules/auth/auth.request-guard.server";
import { services } from "~/services.server";
import type { Route } from "./+types/api.auth";

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
