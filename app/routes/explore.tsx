import { CategoryTiles } from "#app/components/explore/category-tiles.tsx";
import { ExploreHero } from "#app/components/explore/explore-hero.tsx";
import { ListingStrip } from "#app/components/explore/listing-strip.tsx";
import { useSite } from "#app/components/shell/use-root-data.ts";
import { isThrownResponse } from "#app/http/thrown-response.ts";
import { type ExploreListings, loadExploreListings } from "#app/modules/listing/listing.repo.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/explore.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle("Explore homes for rent and for sale", matches),
  { name: "description", content: "Browse places for rent and for sale, and offers from local owners." },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadExploreListings(context.get(servicesContext).db);
}

const NOTHING_FETCHED: ExploreListings = { recommended: [], offers: [], covers: { rent: null, sale: null } };

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
  const { recommended, offers, covers } = loaderData;
  const site = useSite();
  return (
    <main>
      <ExploreHero siteName={site.name} />
      <div className="page flex flex-col gap-12 lg:gap-16">
        <CategoryTiles covers={covers} />
        <ListingStrip id="recommended-heading" heading="Recommended" listings={recommended} eager />
        <ListingStrip
          id="offers-heading"
          heading="Latest offers"
          more={{ to: "/offers", label: "See every offer" }}
          listings={offers}
        />
      </div>
    </main>
  );
}
