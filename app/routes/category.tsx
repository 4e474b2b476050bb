import { data, Link, redirect } from "react-router";
import { ListingList } from "#app/components/listing/listing-list.tsx";
import { SaveSearchForm } from "#app/components/saved/save-search-form.tsx";
import { renderSearchFilters } from "#app/components/search/search-filters.server.tsx";
import { type MapTiles, SearchMapLayout } from "#app/components/search/search-map-layout.tsx";
import { ServerHtml } from "#app/components/search/server-html.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { COUNTRY_RULES } from "#app/modules/listing/listing.country-rules.ts";
import { orFailedPage } from "#app/modules/listing/listing.model.ts";
import { categoryHeading, isListingType } from "#app/modules/listing/listing.rules.ts";
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
import { listMeta, siteNameOf } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/category.ts";

/** Not kept by the page cache while a place cannot be looked up (search.within.server.ts). */
export const headers: Route.HeadersFunction = withinHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const i18n = i18nOf(matches);
  const heading = categoryHeading(loaderData.categoryName, i18n);
  return [
    ...listMeta(
      heading,
      i18n.t("{heading}: the newest listings first, with photos, prices and room counts.", { heading }),
      `/category/${loaderData.categoryName}`,
      loaderData.publicUrl,
      siteNameOf(matches),
    ),
    // A filtered list is not indexed; its canonical stays the plain list.
    ...(loaderData.filtered ? [{ name: "robots", content: "noindex" }] : []),
    // The feed of the list as filtered (a saved search is the same query).
    feedLink(listQuery(`type=${loaderData.categoryName}`, loaderData.listKey), heading, i18n.t),
  ];
};

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { categoryName } = params;
  // Only rent and sale exist; anything else is the 404 page.
  if (!isListingType(categoryName)) throw data(null, { status: 404 });
  const { db, config, geocoder, i18n, pageCache } = context.get(servicesContext);
  // "Distance" with a place typed in the box: the search it asks for (near=, radius=), or a notice.
  const within = await resolveWithin(url, geocoder);
  if (within && "redirect" in within) throw redirect(within.redirect);
  // The filters of /search, the type fixed by the path; the same for every visitor until the next write.
  const page = await pageCache.remember(
    db,
    `${url.pathname}${url.search}`,
    () => loadListPage(db, url.searchParams, { type: categoryName }, config.areaUnit),
    (read) => !read.failed,
  );
  const filtersHtml = renderSearchFilters({
    i18n,
    withinNotice: withinNotice(within, i18n),
    withinAsked: withinAsked(within),
    energyScale: COUNTRY_RULES[config.listingRules].scale,
    params: page.search!,
    action: `/category/${categoryName}`,
    fixed: { type: categoryName },
    total: page.failed ? null : page.total,
  });
  const savedIds = await savedIdsForViewer(
    context,
    request,
    db,
    page.listings.map((listing) => listing.id),
  );
  const query = listQuery(`type=${categoryName}`, page.listKey);
  const searchSaved = await isSearchSavedByViewer(context, request, db, query);
  return answerWithin(within, {
    categoryName,
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

export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  const categoryName = params.categoryName === "rent" ? "rent" : "sale";
  return orFailedPage(serverLoader, {
    categoryName,
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

export default function Category({ loaderData }: Route.ComponentProps) {
  const { categoryName, filtersHtml, listKey, searchSaved, searchKey, tiles, view } = loaderData;
  const i18n = useI18n();
  const { t } = i18n;
  const heading = categoryHeading(categoryName, i18n);
  const rent = categoryName === "rent";
  const list = (
    <ListingList
      key={`${categoryName}?${listKey}`}
      page={loaderData}
      label={heading}
      showType={false}
      empty={{
        message: rent ? t("No listings for rent") : t("No listings for sale"),
        illustration: "house",
        detail: rent
          ? t("Have a home to rent out? It takes a few minutes.")
          : t("Have a home to sell? It takes a few minutes."),
        action: (
          <Link to="/create-listing" className="btn-primary">
            {t("List your home")}
          </Link>
        ),
      }}
    />
  );
  const top = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="page-heading mb-2">{heading}</h1>
        <SaveSearchForm
          query={listQuery(`type=${categoryName}`, listKey)}
          redirectTo={`/category/${categoryName}${listKey ? `?${listKey}` : ""}`}
          saved={searchSaved}
          searchKey={searchKey}
        />
      </div>
      <p className="mb-8 text-muted">
        {rent ? t("Homes to rent, the newest first.") : t("Homes to buy, the newest first.")}
      </p>
      {filtersHtml ? <ServerHtml html={filtersHtml} /> : null}
    </>
  );
  return (
    <main className="page map-page">
      {tiles ? (
        <SearchMapLayout top={top} list={list} fixed={`type=${categoryName}`} view={view} tiles={tiles} />
      ) : (
        <>
          {top}
          {list}
        </>
      )}
    </main>
  );
}
