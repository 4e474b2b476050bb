import { methodNotAllowed } from "#app/http/method-not-allowed.server.ts";
import { findAllListingPaths } from "#app/modules/listing/listing.repo.server.ts";
import { sitemapEntries, sitemapXml } from "#app/modules/listing/listing.sitemap.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/sitemap.ts";

/** /sitemap.xml: the public pages and every listing page, with absolute URLs and last-modified times. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const listings = await findAllListingPaths(db);
  return new Response(sitemapXml(config.publicUrl, sitemapEntries(listings)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers fetch it rarely; an hour of staleness costs nothing and spares the database.
      "Cache-Control": "public, max-age=3600",
    },
  });
}

export const action = () => methodNotAllowed("the sitemap");
