import { services } from "~/services.server";
import type { Route } from "./+types/api.auth";

// better-auth's own HTTP API (sessions, OAuth callbacks, reset links).
export function loader({ request }: Route.LoaderArgs) {
  return services().auth.handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return services().auth.handler(request);
}
