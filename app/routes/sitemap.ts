import { methodNotAllowed } from "~/http/method-not-allowed.server";
import { findAllListingPaths } from "~/modules/listing/listing.repo.server";
import { sitemapEntries, sitemapXml } from "~/modules/listing/listing.sitemap";
import { services } from "~/services.server";

/** /sitemap.xml: the public pages and every listing page, with absolute URLs and last-modified times. */
export async function loader() {
  const { db, config } = services();
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
