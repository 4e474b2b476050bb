import { methodNotAllowed } from "#app/http/method-not-allowed.server.ts";
import { sitemapIndex, sitemapPage } from "#app/modules/listing/listing.sitemap.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/sitemap.ts";

/**
 * /sitemap.xml, the sitemap index, and its files /sitemap-<n>.xml, which reach this route as
 * /sitemap.xml?page=<n> (server/app.ts: React Router matches whole path segments only).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const page = new URL(request.url).searchParams.get("page");
  const xml =
    page === null ? await sitemapIndex(db, config.publicUrl) : await pageXml(db, config.publicUrl, page);
  if (xml === null) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
    });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers fetch it rarely; an hour of staleness costs nothing and spares the database.
      "Cache-Control": "public, max-age=3600",
    },
  });
}

function pageXml(db: Parameters<typeof sitemapPage>[0], publicUrl: string, page: string) {
  return /^[1-9]\d{0,5}$/.test(page) ? sitemapPage(db, publicUrl, Number(page)) : Promise.resolve(null);
}

export const action = () => methodNotAllowed("the sitemap");
