import { publicRead, readOnlyApiAction } from "#app/modules/api/api.http.server.ts";
import { readListingsPage } from "#app/modules/api/api.read.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.v1.listings.ts";

/** GET /api/v1/listings?<the /search parameters>&cursor=&limit=: a page of listed listings (public, no key). */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return publicRead(services, request, () =>
    readListingsPage(services.db, services.config, url.searchParams),
  );
}

export const action = readOnlyApiAction;
