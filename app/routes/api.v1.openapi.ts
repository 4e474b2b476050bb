import { CORS_HEADERS } from "#app/modules/api/api.http.server.ts";
import { openApiDocument } from "#app/modules/api/api.openapi.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.v1.openapi.ts";

/** /api/v1/openapi.json: the API's OpenAPI 3.1 document (public). */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  const document = openApiDocument({ publicUrl: config.publicUrl, siteName: config.site.name });
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      ...CORS_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
