import { Feed } from "feed";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { serverI18n } from "#app/modules/i18n/i18n.server.ts";
import { largestImageUrl } from "#app/modules/image/image.rules.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  formatPrice,
  listingPath,
} from "#app/modules/listing/listing.rules.ts";
import { searchListings } from "#app/modules/search/search.repo.server.ts";
import type { SearchFilters } from "#app/modules/search/search.rules.ts";
import { describeFilter, filterQuery, parseSearchFilter } from "./saved-search.filter.ts";

/** A feed holds this many of the newest matches. */
export const FEED_SIZE = 20;

/** The Atom feed of a search (a /search query string): its newest public matches, by search's own query. */
export async function searchFeed(
  db: Db,
  config: Pick<Config, "publicUrl" | "images" | "i18n"> &
    Partial<Pick<Config, "areaUnit">> & { siteName: string },
  params: URLSearchParams,
) {
  const filter = parseSearchFilter(params, config.areaUnit);
  const i18n = serverI18n(config);
  const { listings } = await searchListings(db, filter, "newest", null, FEED_SIZE);
  const query_ = filterQuery(filter);
  const words_ = describeFilter(filter, i18n);
  const pageUrl = pageOf(config.publicUrl, filter, query_);
  const feed = new Feed({
    id: `${config.publicUrl}/feed.atom${query_ ? `?${query_}` : ""}`,
    title: `${words_}: ${config.siteName}`,
    description: i18n.t("The newest homes for {search}", { search: words_ }),
    link: pageUrl,
    feedLinks: { atom: `${config.publicUrl}/feed.atom${query_ ? `?${query_}` : ""}` },
    updated: new Date(listings[0]?.timestamp ?? 0),
    copyright: config.siteName,
    generator: config.siteName,
  });
  for (const listing of listings) {
    const url = `${config.publicUrl}${listingPath(listing)}`;
    const cover = listing.images[0];
    const image = cover ? largestImageUrl(cover, config.images.baseUrl) : undefined;
    // The feed package writes entries' title and summary as type="html": the lister's words are escaped to
    // stay words, never markup a reader would render.
    feed.addItem({
      id: url,
      link: url,
      title: escapeHtml(`${listing.name}, ${formatPrice(listing, i18n)}`),
      description: escapeHtml(
        `${listing.location}. ${bedroomsLabel(listing.bedrooms, i18n)}, ${bathroomsLabel(listing.bathrooms, i18n)}.`,
      ),
      date: new Date(listing.timestamp),
      image: image ? (image.startsWith("http") ? image : `${config.publicUrl}${image}`) : undefined,
    });
  }
  return feed.atom1();
}

function pageOf(publicUrl: string, filter: SearchFilters, query: string) {
  if (query === `type=${filter.type}`) return `${publicUrl}/category/${filter.type}`;
  if (query === "offer=1") return `${publicUrl}/offers`;
  return `${publicUrl}/search${query ? `?${query}` : ""}`;
}

/** Text made safe inside the feed's type="html" title and summary. */
function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
