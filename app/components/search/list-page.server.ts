import { type RouterContextProvider, redirect } from "react-router";
import { COUNTRY_RULES } from "#app/modules/listing/listing.country-rules.ts";
import { savedIdsForViewer } from "#app/modules/saved/saved-home.service.server.ts";
import { listQuery } from "#app/modules/saved/saved-search.feed.ts";
import { normalizeSearchQuery } from "#app/modules/saved/saved-search.filter.ts";
import { isSearchSavedByViewer } from "#app/modules/saved/saved-search.service.server.ts";
import { loadListPage } from "#app/modules/search/search.repo.server.ts";
import type { SearchParams } from "#app/modules/search/search.rules.ts";
import {
  answerWithin,
  resolveWithin,
  type WithinOutcome,
  withinAsked,
  withinNotice,
} from "#app/modules/search/search.within.server.ts";
import type { Services } from "#app/services.server.ts";
import { renderSearchFilters } from "./search-filters.server.tsx";
import type { MapTiles } from "./search-map-layout.tsx";

// The loader of a list whose path fixes one filter (/category/rent, /offers): the search's filters on the
// rest, the page cache's answer for the list itself, and what is the viewer's (hearts, whether this search is
// saved) beside it. One place, so the two lists can not drift apart.

type FixedList = {
  /** What the path fixes, as the search reads it. */
  fixed: Partial<SearchParams>;
  /** The same as a query ("type=rent", "offer=1"): saved searches and feeds keep it. */
  fixedQuery: string;
};

/** The list's loader data for `url`, with the route's `extra`; `context` and `request` tell who is viewing. */
export async function loadFixedList<Extra extends object>(
  { db, config, geocoder, i18n, pageCache }: Services,
  { context, request, url }: { context: Readonly<RouterContextProvider>; request: Request; url: URL },
  { fixed, fixedQuery }: FixedList,
  extra: Extra,
) {
  // "Distance" with a place typed in the box: the search it asks for (near=, radius=), or a notice.
  const within = await resolveWithin(url, geocoder);
  if (within && "redirect" in within) throw redirect(within.redirect);
  // The same for every visitor until the next write.
  const page = await pageCache.remember(
    db,
    `${url.pathname}${url.search}`,
    () => loadListPage(db, url.searchParams, fixed, config.areaUnit),
    (read) => !read.failed,
  );
  const { filtersHtml, savedIds } = await listPageParts({ db, config, i18n }, { context, request }, page, {
    action: url.pathname,
    params: page.search!,
    fixed,
    within,
  });
  const query = listQuery(fixedQuery, page.listKey);
  const searchSaved = await isSearchSavedByViewer(context, request, db, query);
  return answerWithin(within, {
    ...extra,
    publicUrl: config.publicUrl,
    ...page,
    search: null,
    filtersHtml,
    savedIds,
    searchSaved,
    searchKey: normalizeSearchQuery(query),
    tiles: { tileUrl: config.map.tileUrl, attribution: config.map.attribution } as MapTiles | null,
    view: url.searchParams.get("view") === "map" ? ("map" as const) : ("list" as const),
  });
}

type ListPageRead = Awaited<ReturnType<typeof loadListPage>>;

/**
 * What every list page adds to its listings: the filters' HTML (with the place typed in the box, when there is
 * one) and which of its homes the viewer saved.
 */
export async function listPageParts(
  { db, config, i18n }: Pick<Services, "db" | "config" | "i18n">,
  { context, request }: { context: Readonly<RouterContextProvider>; request: Request },
  page: Pick<ListPageRead, "listings" | "failed" | "total">,
  {
    action,
    params,
    fixed,
    within = null,
  }: { action: string; params: SearchParams; fixed?: Partial<SearchParams>; within?: WithinOutcome },
) {
  const filtersHtml = renderSearchFilters({
    i18n,
    withinNotice: withinNotice(within, i18n),
    withinAsked: withinAsked(within),
    energyScale: COUNTRY_RULES[config.listingRules].scale,
    params,
    action,
    fixed,
    total: page.failed ? null : page.total,
  });
  const savedIds = await savedIdsForViewer(
    context,
    request,
    db,
    page.listings.map((listing) => listing.id),
  );
  return { filtersHtml, savedIds };
}
