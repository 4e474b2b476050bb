import {
  apiCaller,
  apiJson,
  apiRefusal,
  CORS_HEADERS,
  preflight,
  publicRead,
} from "#app/modules/api/api.http.server.ts";
import { readOpenHouses } from "#app/modules/api/api.read.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.v1.listing-open-houses.ts";

/** GET /api/v1/listings/{ListingKey}/open-houses: a listing's open houses still to end (public, no key). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  try {
    await apiCaller(services, request);
    return await publicRead(services, request, () =>
      readOpenHouses(services.db, services.config, params.key),
    );
  } catch (error) {
    return apiRefusal(error, CORS_HEADERS);
  }
}

export function action({ request }: Route.ActionArgs) {
  if (request.method === "OPTIONS") return preflight();
  return apiJson({ error: "Method not allowed", fields: {} }, 405, { Allow: "GET, HEAD, OPTIONS" });
}
