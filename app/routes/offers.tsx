import { Link } from "react-router";
import { ListingList } from "#app/components/listing/listing-list.tsx";
import { loadFixedList } from "#app/components/search/list-page.server.ts";
import { FIXED_LIST_FALLBACK, ListPage } from "#app/components/search/list-page.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { orFailedPage } from "#app/modules/listing/listing.model.ts";
import { feedLink, listQuery } from "#app/modules/saved/saved-search.feed.ts";
import { withinHeaders } from "#app/modules/search/search.within.server.ts";
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
const OFFERS = { fixed: { offer: true }, fixedQuery: "offer=1" };

export async function loader(args: Route.LoaderArgs) {
  return loadFixedList(args.context.get(servicesContext), args, OFFERS, {});
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return orFailedPage(serverLoader, { publicUrl: window.location.origin, ...FIXED_LIST_FALLBACK });
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { filtersHtml, listKey, searchSaved, searchKey, tiles, view } = loaderData;
  const { t } = useI18n();
  return (
    <ListPage
      heading={t("Offers")}
      intro={t("Homes for rent and for sale below their regular price, the newest first.")}
      save={{
        query: listQuery(OFFERS.fixedQuery, listKey),
        redirectTo: `/offers${listKey ? `?${listKey}` : ""}`,
        saved: searchSaved,
        searchKey,
      }}
      filtersHtml={filtersHtml}
      map={{ tiles, fixed: OFFERS.fixedQuery, view }}
      list={
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
      }
    />
  );
}
