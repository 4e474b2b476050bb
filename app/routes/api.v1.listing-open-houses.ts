import { publicRead, readOnlyApiAction } from "#app/modules/api/api.http.server.ts";
import { readOpenHouses } from "#app/modules/api/api.read.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.v1.listing-open-houses.ts";

/** GET /api/v1/listings/{ListingKey}/open-houses: a listing's open houses still to end (public, no key). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return publicRead(services, request, () => readOpenHouses(services.db, services.config, params.key));
}

export const action = readOnlyApiAction;
