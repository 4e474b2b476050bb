import { findMatchesBounds } from "#app/modules/search/search.bounds.server.ts";
import { clusterListings } from "#app/modules/search/search.cluster.server.ts";
import { areaAround, type MapData, WORLD } from "#app/modules/search/search.map.ts";
import { searchQueryString } from "#app/modules/search/search.rules.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/api.map.ts";

// The search map's points, asked by the map when it opens beside a list (/search, a category, the offers):
// the same URL parameters as /search, a category's type or the offers' flag among them. Without an area, the
// points of every result and the box that holds them, which the map opens on (no result off the first view).

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, config, pageCache } = context.get(servicesContext);
  const params = parseSearchParams(url.searchParams, config.areaUnit);
  const key = `/api/map ${searchQueryString({ ...params, view: "list" })}`;
  // The same for every visitor until the next write.
  const read = await pageCache.remember(
    db,
    key,
    async (): Promise<MapData | null> => {
      try {
        const bounds = params.bbox ? null : await findMatchesBounds(db, params);
        const area = params.bbox ?? (bounds ? areaAround(bounds) : WORLD);
        return { points: await clusterListings(db, params, area), area, fit: params.bbox === null };
      } catch {
        return null;
      }
    },
    (value) => value !== null,
  );
  if (!read) return Response.json({ error: "Could not fetch listings" }, { status: 503 });
  return Response.json(read, { headers: { "Cache-Control": "no-cache" } });
}
