import { absoluteUrl } from "#app/modules/seo/seo.rules.ts";
import type { Listing } from "./listing.model.ts";
import { listingPath } from "./listing.rules.ts";

/** A page for the sitemap: its path and when it last changed (epoch milliseconds), when known. */
export type SitemapEntry = { path: string; lastmod?: number };

/** The pages search engines should know: Explore, Offers, both categories and every listing page. */
export function sitemapEntries(listings: Pick<Listing, "id" | "type" | "timestamp">[]): SitemapEntry[] {
  const newest = (type?: Listing["type"]) =>
    listings.reduce<number | undefined>(
      (latest, listing) =>
        type && listing.type !== type ? latest : Math.max(latest ?? 0, listing.timestamp),
      undefined,
    );
  return [
    { path: "/", lastmod: newest() },
    { path: "/offers", lastmod: newest() },
    { path: "/category/rent", lastmod: newest("rent") },
    { path: "/category/sale", lastmod: newest("sale") },
    ...listings.map((listing) => ({ path: listingPath(listing), lastmod: listing.timestamp })),
  ];
}

/** The sitemap document (sitemaps.org protocol 0.9) with absolute, XML-escaped URLs. */
export function sitemapXml(publicUrl: string, entries: SitemapEntry[]) {
  const urls = entries.map((entry) => {
    const lastmod =
      entry.lastmod === undefined ? "" : `<lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>`;
    return `<url><loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => `&${XML_ENTITIES[char]};`);
}

const XML_ENTITIES: Record<string, string> = { "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" };
