import { Link, redirect } from "react-router";
import { ListingList } from "#app/components/listing/listing-list.tsx";
import { SaveSearchForm } from "#app/components/saved/save-search-form.tsx";
import { renderSearchFilters } from "#app/components/search/search-filters.server.tsx";
import { type MapTiles, SearchMapLayout } from "#app/components/search/search-map-layout.tsx";
import { ServerHtml } from "#app/components/search/server-html.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { COUNTRY_RULES } from "#app/modules/listing/listing.country-rules.ts";
import { orFailedPage } from "#app/modules/listing/listing.model.ts";
import { savedIdsForViewer } from "#app/modules/saved/saved-home.service.server.ts";
import { feedLink, listQuery } from "#app/modules/saved/saved-search.feed.ts";
import { normalizeSearchQuery } from "#app/modules/saved/saved-search.filter.ts";
import { isSearchSavedByViewer } from "#app/modules/saved/saved-search.service.server.ts";
import { loadListPage } from "#app/modules/search/search.repo.server.ts";
import {
  answerWithin,
  resolveWithin,
  withinAsked,
  withinHeaders,
  withinNotice,
} from "#app/modules/search/search.within.server.ts";
import { listMeta, pageTitle, siteNameOf } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/offers.ts";

/** Not kept by the page cache while a place cannot be looked up (search.within.server.ts). */
export const headers: Route.HeadersFunction = withinHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = i18nOf(matches);
  return loaderData
    ? [
        ...listMeta(
          t("Offers"),
          t("Homes for rent and for sale at a discounted price, newest first."),
          "/offers",
          loaderData.publicUrl,
          siteNameOf(matches),
        ),
        // A filtered list is not indexed; its canonical stays the plain list.
        ...(loaderData.filtered ? [{ name: "robots", content: "noindex" }] : []),
        // The feed of the list as filtered (a saved search is the same query).
        feedLink(listQuery("offer=1", loaderData.listKey), t("Offers"), t),
      ]
    : [pageTitle(t("Offers"), matches)];
};

/** The offers are the search with `offer` set by the path. */
const FIXED = { offer: true };

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { db, config, geocoder, i18n, pageCache } = context.get(servicesContext);
  // "Distance" with a place typed in the box: the search it asks for (near=, radius=), or a notice.
  const within = await resolveWithin(url, geocoder);
  if (within && "redirect" in within) throw redirect(within.redirect);
  // The same for every visitor until the next write.
  const page = await pageCache.remember(
    db,
    `${url.pathname}${url.search}`,
    () => loadListPage(db, url.searchParams, FIXED, config.areaUnit),
    (read) => !read.failed,
  );
  const filtersHtml = renderSearchFilters({
    i18n,
    withinNotice: withinNotice(within, i18n),
    withinAsked: withinAsked(within),
    energyScale: COUNTRY_RULES[config.listingRules].scale,
    params: page.search!,
    action: "/offers",
    fixed: FIXED,
    total: page.failed ? null : page.total,
  });
  const savedIds = await savedIdsForViewer(
    context,
    request,
    db,
    page.listings.map((listing) => listing.id),
  );
  const query = listQuery("offer=1", page.listKey);
  const searchSaved = await isSearchSavedByViewer(context, request, db, query);
  const searchKey = normalizeSearchQuery(query);
  return answerWithin(within, {
    publicUrl: config.publicUrl,
    ...page,
    search: null,
    filtersHtml,
    savedIds,
    searchSaved,
    searchKey,
    tiles: { tileUrl: config.map.tileUrl, attribution: config.map.attribution } as MapTiles | null,
    view: url.searchParams.get("view") === "map" ? ("map" as const) : ("list" as const),
  });
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return orFailedPage(serverLoader, {
    publicUrl: window.location.origin,
    search: null,
    filtersHtml: "",
    filtered: false,
    listKey: "",
    total: 0,
    searchSaved: false,
    searchKey: "",
    tiles: null,
    view: "list" as const,
  });
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { filtersHtml, listKey, searchSaved, searchKey, tiles, view } = loaderData;
  const { t } = useI18n();
  const list = (
    <ListingList
      key={listKey}
      page={loaderData}
      label={t("Offers")}
      empty={{
        message: t("There are no current offers"),
        illustration: "tag",
        detail: t("Owners add offers all the time. Meanwhile, every home is a tap away."),
        action: (
          <Link to="/" className="btn-primary">
            {t("Browse all homes")}
          </Link>
        ),
      }}
    />
  );
  const top = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="page-heading mb-2">{t("Offers")}</h1>
        <SaveSearchForm
          query={listQuery("offer=1", listKey)}
          redirectTo={`/offers${listKey ? `?${listKey}` : ""}`}
          saved={searchSaved}
          searchKey={searchKey}
        />
      </div>
      <p className="mb-8 text-muted">
        {t("Homes for rent and for sale below their regular price, the newest first.")}
      </p>
      {filtersHtml ? <ServerHtml html={filtersHtml} /> : null}
    </>
  );
  return (
    <main className="page map-page">
      {tiles ? (
        <SearchMapLayout top={top} list={list} fixed="offer=1" view={view} tiles={tiles} />
      ) : (
        <>
          {top}
          {list}
        </>
      )}
    </main>
  );
}
