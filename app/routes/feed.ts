import { searchFeed } from "#app/modules/saved/saved-search.feed.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/feed.ts";

/** /feed.atom?<search>: the Atom feed of a search, a category (`type=rent`) or the offers (`offer=1`). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const xml = await searchFeed(db, { ...config, siteName: config.site.name }, url.searchParams);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
