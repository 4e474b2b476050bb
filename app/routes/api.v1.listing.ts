import { publicRead, readOnlyApiAction } from "#app/modules/api/api.http.server.ts";
import { readListing } from "#app/modules/api/api.read.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.v1.listing.ts";

/** GET /api/v1/listings/{ListingKey}: one listing as a visitor sees it (public, no key). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return publicRead(services, request, () => readListing(services.db, services.config, params.key));
}

export const action = readOnlyApiAction;
