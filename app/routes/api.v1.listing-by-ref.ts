import { apiJson, apiRefusal, readJson, requireApiKey } from "#app/modules/api/api.http.server.ts";
import {
  findListingByReference,
  putListingByReference,
  withdrawListingByReference,
} from "#app/modules/api/api.listing.server.ts";
import { ownListing } from "#app/modules/api/api.read.server.ts";
import { findListingById } from "#app/modules/listing/listing.repo.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.v1.listing-by-ref.ts";

// /api/v1/listings/by-ref/{ListingId}: the lister's own listing by their reference, with an API key. GET reads
// it (any key), PUT creates or replaces it and DELETE withdraws it (a write key).

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  try {
    const actor = await requireApiKey(services, request);
    const listing = await findListingByReference(services, actor, params.ref);
    return apiJson(ownListing(listing, params.ref, services.config));
  } catch (error) {
    return apiRefusal(error);
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  try {
    if (request.method === "PUT") {
      const actor = await requireApiKey(services, request);
      const outcome = await putListingByReference(services, actor, params.ref, await readJson(request));
      const listing = await findListingById(services.db, outcome.id);
      const body = {
        result: outcome.result,
        listing: listing && ownListing(listing, params.ref, services.config),
      };
      return apiJson(body, outcome.result === "created" ? 201 : 200, {
        Location: `/api/v1/listings/by-ref/${encodeURIComponent(params.ref)}`,
      });
    }
    if (request.method === "DELETE") {
      const actor = await requireApiKey(services, request);
      await withdrawListingByReference(services, actor, params.ref);
      return new Response(null, { status: 204 });
    }
    return apiJson({ error: "Method not allowed", fields: {} }, 405, { Allow: "GET, PUT, DELETE" });
  } catch (error) {
    return apiRefusal(error);
  }
}
