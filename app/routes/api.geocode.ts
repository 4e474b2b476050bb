import { data } from "react-router";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { getUser } from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { placeAddress } from "#app/modules/listing/listing.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.geocode.ts";

// The listing form's map asks here where a typed address is (POST `address`). The server calls the geocoder,
// so no API key reaches the browser; only signed-in users may ask, each within LIMIT_ADDRESS_LOOKUPS_PER_HOUR.

export async function action({ context, request }: Route.ActionArgs) {
  const user = await getUser(context);
  if (!user) return data({ error: msg("Please sign in"), fieldErrors: {} }, { status: 401 });
  const address = (await readForm(request)).get("address");
  const services = context.get(servicesContext);
  try {
    const place = await placeAddress(services, user, typeof address === "string" ? address : "");
    return { place };
  } catch (error) {
    return refusalResponse(error);
  }
}

/** Nothing to read: addresses are placed by POST only (a lookup is counted, so a prefetch must not make one). */
export function loader() {
  return data(null, { status: 405, headers: { Allow: "POST" } });
}
