import { absoluteUrl } from "#app/modules/seo/seo.rules.ts";
import type { Listing } from "./listing.model.ts";
import { listingPath } from "./listing.rules.ts";

// The sitemap as search engines read it (sitemaps.org protocol 0.9): /sitemap.xml is an index of pages
// /sitemap-1.xml, /sitemap-2.xml ..., each at most 50,000 URLs. Listings fill the pages oldest first, so a new
// listing only ever changes the last page, and the pages before it keep their bytes and their lastmod for
// crawlers; the site's own pages (Explore, Offers, the categories) close the last page.

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The pages of the site that are not listings. */
export const SITE_PAGES = ["/", "/offers", "/category/rent", "/category/sale"] as const;

/** A page for the sitemap: its path and when it last changed (epoch milliseconds), when known. */
export type SitemapEntry = { path: string; lastmod?: number };

/** When the newest listing of each type was saved (epoch ms); absent for a type without listings. */
export type NewestListings = { rent?: number; sale?: number };

/**
 * How many sitemap files `listings` listings and the site's own pages fill (at least one), `perFile` URLs to a
 * file (the protocol's limit; tests split a small site the same way).
 */
export function sitemapPageCount(listings: number, perFile = SITEMAP_MAX_URLS) {
  return Math.max(1, Math.ceil((listings + SITE_PAGES.length) / perFile));
}

/** The positions (oldest first, 0-based, end excluded) of the listings on sitemap page `page` (1-based). */
export function sitemapPageRange(page: number, listings: number, perFile = SITEMAP_MAX_URLS) {
  return {
    start: Math.min((page - 1) * perFile, listings),
    end: Math.min(page * perFile, listings),
  };
}

/** Explore, Offers and both categories, each last changed when its newest listing was saved. */
export function siteEntries(newest: NewestListings): SitemapEntry[] {
  const all = Math.max(newest.rent ?? 0, newest.sale ?? 0) || undefined;
  return [
    { path: "/", lastmod: all },
    { path: "/offers", lastmod: all },
    { path: "/category/rent", lastmod: newest.rent },
    { path: "/category/sale", lastmod: newest.sale },
  ];
}

/** Each listing's page, last changed when the listing was saved. */
export function listingEntries(listings: Pick<Listing, "id" | "type" | "timestamp">[]): SitemapEntry[] {
  return listings.map((listing) => ({ path: listingPath(listing), lastmod: listing.timestamp }));
}

/** One sitemap file (a `urlset`) with absolute, XML-escaped URLs. */
export function sitemapXml(publicUrl: string, entries: SitemapEntry[]) {
  const urls = entries.map(
    (entry) => `<url><loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>${lastmod(entry)}</url>`,
  );
  return document("urlset", urls);
}

/** The sitemap index: one `sitemap` element per file, each with its newest entry's time. */
export function sitemapIndexXml(publicUrl: string, files: SitemapEntry[]) {
  const sitemaps = files.map(
    (file) => `<sitemap><loc>${escapeXml(absoluteUrl(publicUrl, file.path))}</loc>${lastmod(file)}</sitemap>`,
  );
  return document("sitemapindex", sitemaps);
}

/** The path of sitemap file `page` (1-based). */
export function sitemapPagePath(page: number) {
  return `/sitemap-${page}.xml`;
}

function lastmod(entry: SitemapEntry) {
  return entry.lastmod === undefined ? "" : `<lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>`;
}

function document(root: "urlset" | "sitemapindex", children: string[]) {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...children,
    `</${root}>`,
    "",
  ].join("\n");
}

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => `&${XML_ENTITIES[char]};`);
}

const XML_ENTITIES: Record<string, string> = { "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" };
