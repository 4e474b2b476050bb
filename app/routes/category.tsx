import { data, Link } from "react-router";
import { ListingList } from "#app/components/listing/listing-list.tsx";
import { loadFixedList } from "#app/components/search/list-page.server.ts";
import { FIXED_LIST_FALLBACK, ListPage } from "#app/components/search/list-page.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { orFailedPage } from "#app/modules/listing/listing.model.ts";
import { categoryHeading, isListingType } from "#app/modules/listing/listing.rules.ts";
import { feedLink, listQuery } from "#app/modules/saved/saved-search.feed.ts";
import { withinHeaders } from "#app/modules/search/search.within.server.ts";
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

export async function loader(args: Route.LoaderArgs) {
  const { categoryName } = args.params;
  // Only rent and sale exist; anything else is the 404 page.
  if (!isListingType(categoryName)) throw data(null, { status: 404 });
  return loadFixedList(
    args.context.get(servicesContext),
    args,
    { fixed: { type: categoryName }, fixedQuery: `type=${categoryName}` },
    { categoryName },
  );
}

export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  const categoryName = params.categoryName === "rent" ? "rent" : "sale";
  return orFailedPage(serverLoader, {
    categoryName,
    publicUrl: window.location.origin,
    ...FIXED_LIST_FALLBACK,
  });
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { categoryName, filtersHtml, listKey, searchSaved, searchKey, tiles, view } = loaderData;
  const i18n = useI18n();
  const { t } = i18n;
  const heading = categoryHeading(categoryName, i18n);
  const rent = categoryName === "rent";
  return (
    <ListPage
      heading={heading}
      intro={rent ? t("Homes to rent, the newest first.") : t("Homes to buy, the newest first.")}
      save={{
        query: listQuery(`type=${categoryName}`, listKey),
        redirectTo: `/category/${categoryName}${listKey ? `?${listKey}` : ""}`,
        saved: searchSaved,
        searchKey,
      }}
      filtersHtml={filtersHtml}
      map={{ tiles, fixed: `type=${categoryName}`, view }}
      list={
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
      }
    />
  );
}
