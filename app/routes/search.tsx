import { Link, redirect } from "react-router";
import { ListingList } from "#app/components/listing/listing-list.tsx";
import { listPageParts } from "#app/components/search/list-page.server.ts";
import { ListPage } from "#app/components/search/list-page.tsx";
import type { MapTiles } from "#app/components/search/search-map-layout.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { orFailedPage } from "#app/modules/listing/listing.model.ts";
import { feedLink } from "#app/modules/saved/saved-search.feed.ts";
import { filterQuery } from "#app/modules/saved/saved-search.filter.ts";
import { isSearchSavedByViewer } from "#app/modules/saved/saved-search.service.server.ts";
import { loadSearchPage } from "#app/modules/search/search.repo.server.ts";
import { searchQueryString } from "#app/modules/search/search.rules.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
import { searchMeta } from "#app/modules/search/search.seo.ts";
import { answerWithin, resolveWithin, withinHeaders } from "#app/modules/search/search.within.server.ts";
import { siteNameOf } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/search.ts";

/** Not kept by the page cache while a place cannot be looked up (search.within.server.ts). */
export const headers: Route.HeadersFunction = withinHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.meta
    ? [
        { title: `${loaderData.meta.title} · ${siteNameOf(matches)}` },
        ...loaderData.meta.tags,
        feedLink(loaderData.filters, loaderData.meta.title, i18nOf(matches).t),
      ]
    : [];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { db, config, geocoder, i18n, pageCache } = context.get(servicesContext);
  const params = parseSearchParams(url.searchParams, config.areaUnit);
  // "Distance" with a place typed in the box: the search it asks for (near=, radius=), or a notice.
  const within = await resolveWithin(url, geocoder);
  if (within && "redirect" in within) throw redirect(within.redirect);
  // The same for every visitor until the next write. The map asks for its points itself (/api/map).
  const page = await pageCache.remember(
    db,
    `/search ${searchQueryString({ ...params, view: "list" })} ${url.searchParams.get("cursor")}`,
    () => loadSearchPage(db, params, url.searchParams.get("cursor")),
    (read) => !read.failed,
  );
  const { filtersHtml, savedIds } = await listPageParts({ db, config, i18n }, { context, request }, page, {
    action: "/search",
    params,
    within,
  });
  // The filters alone (the map area included): what Save this search keeps and what the feed follows.
  const filters = filterQuery(params);
  const searchSaved = await isSearchSavedByViewer(context, request, db, filters);
  return answerWithin(within, {
    filtersHtml,
    // Null only in the browser's fallback, when the server could not be reached.
    params: params as typeof params | null,
    meta: searchMeta(params, config.publicUrl, i18n) as ReturnType<typeof searchMeta> | null,
    listKey: searchQueryString(params),
    filters,
    searchSaved,
    ...page,
    savedIds,
    tiles: { tileUrl: config.map.tileUrl, attribution: config.map.attribution } as MapTiles | null,
  });
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return orFailedPage(serverLoader, {
    params: null,
    filtersHtml: "",
    meta: null,
    listKey: "",
    filters: "",
    searchSaved: false,
    total: 0,
    tiles: null,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { params, tiles, filtersHtml, listKey, filters, searchSaved } = loaderData;
  const q = params?.q.trim();
  const { t } = useI18n();
  return (
    <ListPage
      heading={loaderData.meta?.title ?? (q ? t("Homes matching “{words}”", { words: q }) : t("Find a home"))}
      // The filters and the map area, whatever the view: a saved search is this page's query.
      save={{ query: filters, redirectTo: `/search${listKey ? `?${listKey}` : ""}`, saved: searchSaved }}
      filtersHtml={filtersHtml}
      map={{ tiles, fixed: "", view: params?.view ?? "list" }}
      list={
        <ListingList
          key={listKey}
          page={loaderData}
          label={t("Search")}
          empty={{
            message: t("No homes match this search"),
            illustration: "search",
            detail: t("Try fewer filters, another place, or a larger area of the map."),
            action: (
              <Link to="/search" className="btn-primary">
                {t("Clear filters")}
              </Link>
            ),
          }}
        />
      }
    />
  );
}
