import { CategoryTiles } from "#app/components/explore/category-tiles.tsx";
import { ExploreHero } from "#app/components/explore/explore-hero.tsx";
import { ListingStrip } from "#app/components/explore/listing-strip.tsx";
import { useSite } from "#app/components/shell/use-root-data.ts";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { isThrownResponse } from "#app/http/thrown-response.ts";
import { type ExploreListings, loadExploreListings } from "#app/modules/listing/listing.repo.server.ts";
import { savedIdsForViewer } from "#app/modules/saved/saved-home.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/explore.ts";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    pageTitle(t("Explore homes for rent and for sale"), matches),
    { name: "description", content: t("Browse places for rent and for sale, and offers from local owners.") },
  ];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, pageCache } = context.get(servicesContext);
  // The same for every visitor until the next write (an empty read may be a failure: read again).
  const listings = await pageCache.remember(
    db,
    "explore",
    () => loadExploreListings(db),
    (read) => read.recommended.length > 0,
  );
  const shown = [...listings.recommended, ...listings.offers].map((listing) => listing.id);
  return { ...listings, savedIds: await savedIdsForViewer(context, request, db, shown) };
}

const NOTHING_FETCHED: ExploreListings & { savedIds: string[] } = {
  recommended: [],
  offers: [],
  savedIds: [],
};

/** Offline, Explore still shows what needs no data: the search box and the two categories. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    return NOTHING_FETCHED;
  }
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { recommended, offers, savedIds } = loaderData;
  const site = useSite();
  const { t } = useI18n();
  return (
    <main>
      <ExploreHero siteName={site.name} />
      <div className="page flex flex-col gap-12 lg:gap-16">
        <CategoryTiles />
        <ListingStrip
          id="recommended-heading"
          heading={t("Recommended")}
          listings={recommended}
          savedIds={savedIds}
          eager
        />
        <ListingStrip
          id="offers-heading"
          heading={t("Latest offers")}
          more={{ to: "/offers", label: t("See every offer") }}
          listings={offers}
          savedIds={savedIds}
        />
      </div>
    </main>
  );
}
